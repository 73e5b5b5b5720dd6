// swift-tools-version: 6.1
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

// Linux only: the server waits on epoll (CEpoll) and calls Glibc directly.
// SwiftPM cannot declare a Linux-only package, so no other platform is claimed.
let package = Package(
    name: "Weft",
    products: [
        .executable(name: "weft", targets: ["weft"]),
        .library(name: "WeftLayout", targets: ["WeftLayout"]),
        .library(name: "WeftText", targets: ["WeftText"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    ],
    targets: [
        .target(name: "WeftLayout", exclude: ["Flex/README.md"], swiftSettings: strict),
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
        .target(name: "WeftSync", swiftSettings: strict),
        .target(name: "WeftCells", dependencies: ["WeftLayout", "WeftSync"], swiftSettings: strict),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CEpoll", path: "Sources/CEpoll"),
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        // WeftStore: the shared cell store, Redis through hiredis.
        .systemLibrary(name: "CHiredis", path: "Sources/CHiredis", providers: [.apt(["libhiredis-dev"])]),
        .target(name: "WeftStore", dependencies: ["CHiredis", "WeftSync"], swiftSettings: strict),
        .target(
            name: "CWeftTLS",
            path: "Sources/CWeftTLS",
            linkerSettings: [.linkedLibrary("ssl"), .linkedLibrary("crypto")]),
        .target(
            name: "WeftHTTP",
            dependencies: [
                "CZlib", "CWeftTLS", "CEpoll", "WeftSync",
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["README.md"],
            swiftSettings: strict),
        // WeftJSON: the request reader and the answer writer; its errors are the
        // HTTP layer's problem types with WeftCells' JSON Pointers. Its API is public
        // and @inlinable because the decoders call it per key and per byte: across a
        // module's edge only public inlinable code is inlined and specialized.
        .target(name: "WeftJSON", dependencies: ["WeftCells", "WeftHTTP"], swiftSettings: strict),
        .target(
            name: "WeftService",
            dependencies: [
                "WeftLayout", "WeftCells", "WeftHTTP", "WeftJSON", "WeftText", "WeftStore",
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: strict),
        .executableTarget(
            name: "weft",
            dependencies: [
                "WeftService", "WeftHTTP", "WeftText", "WeftStore", "CMalloc", "CWeftTLS",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        .executableTarget(
            name: "WeftBench",
            dependencies: [
                "WeftService", "WeftLayout", "WeftCells", "WeftHTTP", "WeftJSON", "WeftSync", "WeftText", "WeftStore",
            ],
            swiftSettings: strict),
        .testTarget(name: "WeftTextTests", dependencies: ["WeftText", "WeftLayout"], swiftSettings: strict),
        .testTarget(name: "WeftLayoutTests", dependencies: ["WeftLayout"], swiftSettings: strict),
        .testTarget(name: "WeftStoreTests", dependencies: ["WeftStore", "WeftSync"], swiftSettings: strict),
        .testTarget(name: "WeftCellsTests", dependencies: ["WeftCells", "WeftLayout"], swiftSettings: strict),
        .testTarget(
            name: "WeftServiceTests",
            dependencies: ["WeftService", "WeftCells", "WeftJSON", "WeftLayout", "WeftText", "WeftStore"],
            swiftSettings: strict),
        .testTarget(
            name: "WeftHTTPTests", dependencies: ["WeftHTTP", "WeftService", "WeftStore", "CZlib"], swiftSettings: strict),
    ]
)
