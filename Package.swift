// swift-tools-version: 6.1
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "Weft",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "weft", targets: ["weft"]),
        .library(name: "WeftLayout", targets: ["WeftLayout"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        .target(name: "WeftLayout", exclude: ["Flex/README.md"], swiftSettings: strict),
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
        .executableTarget(name: "WeftBench", dependencies: ["WeftService", "WeftLayout"], swiftSettings: strict),
        .testTarget(name: "WeftLayoutTests", dependencies: ["WeftLayout"], swiftSettings: strict),
        .testTarget(name: "WeftCellsTests", dependencies: ["WeftCells", "WeftLayout"], swiftSettings: strict),
        .testTarget(
            name: "WeftServiceTests", dependencies: ["WeftService", "WeftLayout"], swiftSettings: strict),
    ]
)
