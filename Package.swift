// swift-tools-version: 6.1
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "Weft",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "weft", targets: ["weft"]),
        .library(name: "WeftLayout", targets: ["WeftLayout"]),
        .library(name: "WeftText", targets: ["WeftText"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        .target(name: "WeftLayout", swiftSettings: strict),
        // WeftText: Chromium's Linux text stack (fontconfig, FreeType, HarfBuzz, ICU) as system libraries.
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .target(name: "CICUShim", linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icudata")]),
        .target(
            name: "WeftText",
            dependencies: ["WeftLayout", "CHarfBuzz", "CFreeType", "CFontconfig", "CICUShim"],
            exclude: ["README.md"],
            swiftSettings: strict),
        .target(name: "WeftCells", dependencies: ["WeftLayout"], swiftSettings: strict),
        .target(name: "WeftHTTP", swiftSettings: strict),
        .target(
            name: "WeftService",
            dependencies: ["WeftLayout", "WeftCells", "WeftHTTP"],
            swiftSettings: strict),
        .executableTarget(
            name: "weft",
            dependencies: [
                "WeftService", "WeftHTTP",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        .testTarget(name: "WeftTextTests", dependencies: ["WeftText", "WeftLayout"], swiftSettings: strict),
        .testTarget(name: "WeftLayoutTests", dependencies: ["WeftLayout"], swiftSettings: strict),
        .testTarget(name: "WeftCellsTests", dependencies: ["WeftCells", "WeftLayout"], swiftSettings: strict),
        .testTarget(
            name: "WeftServiceTests", dependencies: ["WeftService", "WeftLayout"], swiftSettings: strict),
    ]
)
