import Benchmark
import BenchmarkCorpus
import GlideEditor
import GlideLayout
import GlideRender
import GlideText

#if canImport(Glibc)
import Glibc
#endif

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
            let text = Corpus.load().text
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
            let text = Corpus.load().text
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
            let text = Corpus.load().text
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
            let editor = Editor(document: Document(text: Corpus.load().text), typesetter: typesetter, viewportSize: fullHD)
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
            let editor = Editor(document: Document(text: Corpus.load().text), typesetter: typesetter, viewportSize: fullHD)
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
            let layout = LayoutManager(text: Corpus.load().text, typesetter: makeTypesetter(), viewportSize: fullHD)
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
