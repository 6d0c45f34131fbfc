import Benchmark
import BenchmarkCorpus
import GlideText

#if canImport(Glibc)
import Glibc
#endif

/// A fixed pseudo-random sequence so every run measures the same lookups.
struct Offsets {
    var state: UInt64 = 7
    mutating func next(below n: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 17) % UInt64(n))
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration.maxDuration = .seconds(10)

    Benchmark(
        "Open a 100 MB English/Japanese file",
        configuration: .init(
            metrics: [.wallClock, .peakMemoryResident, .peakMemoryResidentDelta],
            scalingFactor: .one, maxDuration: .seconds(20), maxIterations: 8),
        closure: { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try! TextFile.load(path: Corpus.path))
            }
        },
        setup: { Corpus.ensure() })

    Benchmark(
        "Type a character in the middle of 100 MB (with undo)",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], scalingFactor: .kilo),
        closure: { benchmark in
            var document = Document(text: Corpus.load().text)
            var middle = document.text.utf8Count / 2
            while !document.text.isScalarBoundary(middle) { middle -= 1 }
            document.selection = .caret(middle)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                document.insertText("x")
            }
            benchmark.stopMeasurement()
            blackHole(document)
        })

    Benchmark(
        "Offset to paragraph lookup in 100 MB",
        configuration: .init(metrics: [.wallClock], scalingFactor: .kilo),
        closure: { benchmark in
            let text = Corpus.load().text
            var offsets = Offsets()
            let probes = (0..<1000).map { _ in offsets.next(below: text.utf8Count) }
            benchmark.startMeasurement()
            for i in benchmark.scaledIterations {
                blackHole(text.paragraphIndex(containing: probes[i % probes.count]))
            }
            benchmark.stopMeasurement()
        })

    Benchmark(
        "Paragraph to offset lookup in 100 MB",
        configuration: .init(metrics: [.wallClock], scalingFactor: .kilo),
        closure: { benchmark in
            let text = Corpus.load().text
            var offsets = Offsets()
            let probes = (0..<1000).map { _ in offsets.next(below: text.paragraphCount) }
            benchmark.startMeasurement()
            for i in benchmark.scaledIterations {
                blackHole(text.paragraphStart(probes[i % probes.count]))
            }
            benchmark.stopMeasurement()
        })

    Benchmark(
        "Erase all of 100 MB",
        configuration: .init(metrics: [.wallClock], scalingFactor: .one, maxIterations: 50),
        closure: { benchmark in
            for _ in benchmark.scaledIterations {
                var document = Document(text: Corpus.load().text)
                benchmark.startMeasurement()
                document.eraseAll()
                benchmark.stopMeasurement()
                blackHole(document)
            }
        })

    Benchmark(
        "Undo an erase-all of 100 MB",
        configuration: .init(metrics: [.wallClock], scalingFactor: .one, maxIterations: 50),
        closure: { benchmark in
            for _ in benchmark.scaledIterations {
                var document = Document(text: Corpus.load().text)
                document.eraseAll()
                benchmark.startMeasurement()
                document.undo()
                benchmark.stopMeasurement()
                blackHole(document)
            }
        })
}
