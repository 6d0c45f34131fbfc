// swift-tools-version: 6.1
// Glidepad's benchmarks (package-benchmark). Not built by `make test`:
//   make benchmarks            (or: cd Benchmarks && swift package --disable-sandbox benchmark)
import PackageDescription

let package = Package(
    name: "GlidepadBenchmarks",
    dependencies: [
        // Named explicitly: a path dependency is otherwise known by its folder name.
        .package(name: "Glidepad", path: ".."),
        // The MallocInterposer trait alone: the default set also pulls a runtime
        // interposer that is not available here.
        .package(
            url: "https://github.com/ordo-one/package-benchmark.git", from: "1.38.1",
            traits: ["MallocInterposer"]),
    ],
    targets: [
        .target(name: "BenchmarkCorpus", dependencies: [.product(name: "GlideText", package: "Glidepad")]),
        .executableTarget(
            name: "TextBenchmarks",
            dependencies: [
                "BenchmarkCorpus",
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "GlideText", package: "Glidepad"),
            ],
            path: "Benchmarks/TextBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        .executableTarget(
            name: "LayoutBenchmarks",
            dependencies: [
                "BenchmarkCorpus",
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "GlideText", package: "Glidepad"),
                .product(name: "GlideLayout", package: "Glidepad"),
                .product(name: "GlideEditor", package: "Glidepad"),
                .product(name: "GlideRender", package: "Glidepad"),
            ],
            path: "Benchmarks/LayoutBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
