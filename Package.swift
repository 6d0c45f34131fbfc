// swift-tools-version: 6.1
import PackageDescription

/// Glidepad: a touch-first text pad for the Linux desktop.
///
/// Core modules (`GlideText`, `GlideLayout`, `GlideGestures`, `GlideEditor`) are pure
/// Swift; only `GlideRender` and `GlideX11` (and the thin C targets) touch C libraries.
/// See README.md for how the pieces fit.
let package = Package(
    name: "Glidepad",
    products: [
        .executable(name: "glidepad", targets: ["glidepad"]),
        .library(name: "GlideText", targets: ["GlideText"]),
        .library(name: "GlideLayout", targets: ["GlideLayout"]),
        .library(name: "GlideEditor", targets: ["GlideEditor"]),
        .library(name: "GlideRender", targets: ["GlideRender"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-collections.git", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/LebJe/TOMLKit.git", from: "0.6.0"),
    ],
    targets: [
        // MARK: C libraries
        /// ICU's C API carries versioned symbol names (`ubrk_open_72`) behind macros
        /// Swift cannot follow, so a tiny C target re-exports what GlideText needs.
        .target(
            name: "CICU",
            linkerSettings: [.linkedLibrary("icuuc")]
        ),
        .systemLibrary(
            name: "CX11", pkgConfig: "x11 xi xtst", providers: [.apt(["libx11-dev", "libxi-dev", "libxtst-dev"])]),
        .systemLibrary(
            name: "CCairo", pkgConfig: "cairo cairo-ft cairo-xlib",
            providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        /// OpenSSL's libcrypto, for the SHA-256 of replay's state output.
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),

        // MARK: Core (pure Swift)
        .target(
            name: "GlideText",
            dependencies: [
                "CICU",
                .product(name: "_RopeModule", package: "swift-collections"),
                .product(name: "DequeModule", package: "swift-collections"),
            ]),
        .target(
            name: "GlideLayout",
            dependencies: ["GlideText", .product(name: "_RopeModule", package: "swift-collections")]),
        .target(name: "GlideGestures", dependencies: ["GlideLayout"]),
        .target(name: "GlideEditor", dependencies: ["GlideText", "GlideLayout", "GlideGestures"]),

        /// The configuration file (TOML).
        .target(name: "GlideConfig", dependencies: [.product(name: "TOMLKit", package: "TOMLKit")]),

        // MARK: Platform and rendering
        .target(
            name: "GlideRender",
            dependencies: ["GlideEditor", "GlideLayout", "GlideText", "CCairo", "CFreeType", "CHarfBuzz", "CFontconfig"]),
        .target(
            name: "GlideX11",
            dependencies: ["GlideEditor", "GlideRender", "GlideGestures", "GlideLayout", "GlideText", "CX11", "CCairo"]),

        // MARK: The application
        .executableTarget(
            name: "glidepad",
            dependencies: [
                "GlideText", "GlideLayout", "GlideGestures", "GlideEditor", "GlideRender", "GlideX11", "GlideConfig", "CCrypto",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // MARK: Tests
        .testTarget(name: "GlideTextTests", dependencies: ["GlideText"]),
        .testTarget(name: "GlideLayoutTests", dependencies: ["GlideLayout", "GlideText"]),
        .testTarget(name: "GlideGesturesTests", dependencies: ["GlideGestures"]),
        .testTarget(name: "GlideConfigTests", dependencies: ["GlideConfig"]),
        .testTarget(name: "GlideEditorTests", dependencies: ["GlideEditor", "GlideGestures", "GlideLayout", "GlideText"]),
        .testTarget(
            name: "GlideRenderTests",
            dependencies: ["GlideRender", "GlideEditor", "GlideGestures", "GlideLayout", "GlideText"],
            resources: [.copy("References")]),
        .testTarget(name: "GlideX11Tests", dependencies: ["GlideX11", "GlideGestures", "CX11"]),
        /// Runs the built `glidepad` binary (which `swift build --build-tests` builds too).
        .testTarget(name: "GlidepadCommandTests", dependencies: ["glidepad"]),
        /// The real window under the Xvfb that `make test` starts.
        .testTarget(name: "EndToEndTests", dependencies: ["glidepad", "CX11"]),
    ],
    swiftLanguageModes: [.v6]
)
