import Benchmark
import GlideEditor
import GlideLayout
import GlideRender
import GlideText

#if canImport(Glibc)
import Glibc
#endif

/// The same 100 MB corpus as TextBenchmarks (written once to /tmp).
enum Corpus {
    static let path = "/tmp/glidepad-bench-100mb.txt"
    static let size = 100_000_000

    static func ensure() {
        var info = stat()
        if stat(path, &info) == 0 && Int(info.st_size) == size { return }
        let english = ["The quick brown fox jumps over the lazy dog.", "Two fingers move the cursor anywhere on the page.",
                       "A zigzag scrubs the page clean with a puff of smoke.", "Short notes, written fast, edited with the fingers."]
        let japanese = ["吾輩は猫である。名前はまだ無い。", "二本指でカーソルを自由に動かせます。", "テキストを書いて、指で編集する。", "今日は晴れです。明日は雨でしょう。"]
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        var state: UInt64 = 42
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33)
        }
        while bytes.count < size {
            for _ in 0..<(1 + next() % 4) {
                let pool = next() % 2 == 0 ? english : japanese
                bytes += pool[next() % pool.count].utf8
                bytes.append(0x20)
            }
            bytes.append(0x0A)
        }
        bytes.removeLast(bytes.count - size)
        while bytes.last! & 0xC0 == 0x80 || bytes.last! >= 0xC0 { bytes.removeLast() }
        while bytes.count < size { bytes.append(0x2E) }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    nonisolated(unsafe) static var text: TextStorage?

    static func load() -> TextStorage {
        if let text { return text }
        ensure()
        let loaded = try! TextFile.load(path: path).text
        text = loaded
        return loaded
    }
}

func makeTypesetter() -> HarfBuzzTypesetter {
    try! HarfBuzzTypesetter(fonts: try! FontSet(FontSpecification(family: "sans-serif", points: 11), scale: 1))
}

let fullHD = Size(width: 1920, height: 1080)

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration.maxDuration = .seconds(10)

    Benchmark(
        "First frame of an opened 100 MB document (layout + render, 1920x1080)",
        configuration: .init(metrics: [.wallClock], scalingFactor: .one, maxIterations: 20),
        closure: { benchmark in
            let text = Corpus.load()
            let typesetter = makeTypesetter()
            for _ in benchmark.scaledIterations {
                benchmark.startMeasurement()
                let editor = Editor(document: Document(text: text), typesetter: typesetter, viewportSize: fullHD)
                let renderer = FrameRenderer(typesetter: typesetter)
                let surface = ImageSurface(size: fullHD, scale: 1)
                renderer.draw(editor, into: surface, damage: .full)
                benchmark.stopMeasurement()
                blackHole(surface)
            }
        })

    Benchmark(
        "Layout state per paragraph not laid out (bytes, 100 MB document)",
        configuration: .init(metrics: [.peakMemoryResidentDelta, .wallClock], scalingFactor: .one, maxIterations: 5),
        closure: { benchmark in
            let text = Corpus.load()
            let typesetter = FixedAdvanceTypesetter()
            benchmark.startMeasurement()
            let layout = LayoutManager(text: text, typesetter: typesetter, viewportSize: fullHD)
            benchmark.stopMeasurement()
            blackHole(layout)
        })

    Benchmark(
        "Jump to the end of 100 MB and render (1920x1080)",
        configuration: .init(metrics: [.wallClock], scalingFactor: .one, maxIterations: 30),
        closure: { benchmark in
            let text = Corpus.load()
            let typesetter = makeTypesetter()
            for _ in benchmark.scaledIterations {
                let editor = Editor(document: Document(text: text), typesetter: typesetter, viewportSize: fullHD)
                let renderer = FrameRenderer(typesetter: typesetter)
                let surface = ImageSurface(size: fullHD, scale: 1)
                renderer.draw(editor, into: surface, damage: editor.takeDamage())
                benchmark.startMeasurement()
                editor.perform(.moveDocumentEnd(extend: false))
                renderer.draw(editor, into: surface, damage: editor.takeDamage())
                benchmark.stopMeasurement()
            }
        })

    Benchmark(
        "Full render of a 1920x1080 view of text (warm caches)",
        configuration: .init(metrics: [.wallClock], scalingFactor: .one, maxIterations: 500),
        closure: { benchmark in
            let typesetter = makeTypesetter()
            let editor = Editor(document: Document(text: Corpus.load()), typesetter: typesetter, viewportSize: fullHD)
            let renderer = FrameRenderer(typesetter: typesetter)
            let surface = ImageSurface(size: fullHD, scale: 1)
            renderer.draw(editor, into: surface, damage: .full)
            for _ in benchmark.scaledIterations {
                benchmark.startMeasurement()
                renderer.draw(editor, into: surface, damage: .full)
                benchmark.stopMeasurement()
            }
        })

    Benchmark(
        "Caret-only repaint (blink)",
        configuration: .init(metrics: [.wallClock], scalingFactor: .one, maxIterations: 5000),
        closure: { benchmark in
            let typesetter = makeTypesetter()
            let editor = Editor(document: Document(text: Corpus.load()), typesetter: typesetter, viewportSize: fullHD)
            let renderer = FrameRenderer(typesetter: typesetter)
            let surface = ImageSurface(size: fullHD, scale: 1)
            renderer.draw(editor, into: surface, damage: editor.takeDamage())
            for _ in benchmark.scaledIterations {
                editor.caretVisible.toggle()
                benchmark.startMeasurement()
                renderer.draw(editor, into: surface, damage: editor.takeDamage())
                benchmark.stopMeasurement()
            }
        })

    Benchmark(
        "closestPosition(to:) in a 1920x1080 view of 100 MB",
        configuration: .init(metrics: [.wallClock], scalingFactor: .kilo),
        closure: { benchmark in
            let layout = LayoutManager(text: Corpus.load(), typesetter: makeTypesetter(), viewportSize: fullHD)
            _ = layout.visibleParagraphs()
            var state: UInt64 = 3
            let points = (0..<1000).map { _ -> Point in
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return Point(x: Double(state >> 40 % 1900), y: Double((state >> 20) % 1080))
            }
            benchmark.startMeasurement()
            for i in benchmark.scaledIterations {
                blackHole(layout.closestPosition(to: points[i % points.count]))
            }
            benchmark.stopMeasurement()
        })

    Benchmark(
        "Relayout after typing a character in a 2000-character paragraph",
        configuration: .init(metrics: [.wallClock], scalingFactor: .one, maxIterations: 2000),
        closure: { benchmark in
            let sentence = "Two fingers move the cursor anywhere; 二本指でカーソルを自由に動かせます。"
            var long = ""
            while long.count < 2000 { long += sentence }
            let typesetter = makeTypesetter()
            let editor = Editor(document: Document(long + "\nshort\n"), typesetter: typesetter, viewportSize: fullHD)
            _ = editor.layout.visibleParagraphs()
            editor.perform(.moveForward(extend: false))
            for _ in benchmark.scaledIterations {
                benchmark.startMeasurement()
                editor.insertText("x")
                _ = editor.layout.visibleParagraphs()
                benchmark.stopMeasurement()
            }
        })
}
