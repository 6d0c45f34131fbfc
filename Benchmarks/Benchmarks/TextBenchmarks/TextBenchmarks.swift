import Benchmark
import GlideText

#if canImport(Glibc)
import Glibc
#endif

/// The 100 MB mixed English/Japanese corpus (≈500 000 paragraphs), written once
/// to /tmp and reused by later runs.
enum Corpus {
    static let path = "/tmp/glidepad-bench-100mb.txt"
    static let size = 100_000_000

    static let english = [
        "The quick brown fox jumps over the lazy dog.",
        "Two fingers move the cursor anywhere on the page.",
        "A zigzag scrubs the page clean with a puff of smoke.",
        "Short notes, written fast, edited with the fingers.",
    ]
    static let japanese = [
        "吾輩は猫である。名前はまだ無い。",
        "二本指でカーソルを自由に動かせます。",
        "テキストを書いて、指で編集する。",
        "今日は晴れです。明日は雨でしょう。",
    ]

    static func ensure() {
        var info = stat()
        if stat(path, &info) == 0 && Int(info.st_size) == size { return }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        var state: UInt64 = 42
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33)
        }
        while bytes.count < size {
            let sentences = 1 + next() % 4
            for _ in 0..<sentences {
                let pool = next() % 2 == 0 ? english : japanese
                bytes += pool[next() % pool.count].utf8
                bytes.append(0x20)
            }
            bytes.append(0x0A)
        }
        // Trim to the exact size on a line end, then pad with ASCII.
        bytes.removeLast(bytes.count - size)
        while bytes.last! & 0xC0 == 0x80 || bytes.last! >= 0xC0 { bytes.removeLast() }
        while bytes.count < size { bytes.append(0x2E) }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    nonisolated(unsafe) static var loaded: LoadedText?

    static func load() -> LoadedText {
        if let loaded { return loaded }
        ensure()
        let text = try! TextFile.load(path: path)
        loaded = text
        return text
    }
}

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
