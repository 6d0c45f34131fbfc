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

/// An editor on the 100 MB corpus with a renderer and a 1920×1080 surface.
func fullHDView() -> (Editor, FrameRenderer, ImageSurface) {
    let typesetter = makeTypesetter()
    let editor = Editor(document: Document(text: Corpus.load().text), typesetter: typesetter, viewportSize: fullHD)
    return (editor, FrameRenderer(typesetter: typesetter), ImageSurface(size: fullHD, scale: 1))
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration.maxDuration = .seconds(10)
    _ = touchBenchmarks
    _ = scrubBenchmarks

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
            let (editor, renderer, surface) = fullHDView()
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
            let (editor, renderer, surface) = fullHDView()
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

import GlideGestures

/// A two-finger pan in progress over a 100 MB document: each iteration is one touch
/// update of one finger through the gesture engine and the editor (centroid, virtual
/// cursor point, hit test, caret move, floating caret), and optionally the frame.
final class PanFixture {
    let editor: Editor
    let renderer: FrameRenderer
    let surface: ImageSurface
    var engine = GestureEngine()
    var time = 0.0
    var step = 0

    init() {
        let typesetter = makeTypesetter()
        editor = Editor(document: Document(text: Corpus.load().text), typesetter: typesetter, viewportSize: fullHD)
        renderer = FrameRenderer(typesetter: typesetter)
        surface = ImageSurface(size: fullHD, scale: 1)
        renderer.draw(editor, into: surface, damage: editor.takeDamage())
        editor.apply(engine.handle(.touch(phase: .begin, id: 1, x: 900, y: 500), at: 0), at: 0)
        editor.apply(engine.handle(.touch(phase: .begin, id: 2, x: 960, y: 500), at: 0.03), at: 0.03)
        renderer.draw(editor, into: surface, damage: editor.takeDamage())
    }

    /// One finger moves a little, back and forth over a few lines.
    func update() {
        step += 1
        time += 1.0 / 120
        let phase = Double(step % 200)
        let x = 900 + (phase < 100 ? phase : 200 - phase) * 3
        let y = 500 + (phase < 100 ? phase : 200 - phase) * 1.3
        editor.apply(engine.handle(.touch(phase: .update, id: 1 + step % 2, x: x + Double(step % 2) * 60, y: y), at: time), at: time)
        editor.advanceAnimations(to: time)
    }
}

let touchBenchmarks: () = {
    Benchmark(
        "Touch update through engine and editor, with hit test (100 MB)",
        configuration: .init(metrics: [.wallClock], scalingFactor: .kilo),
        closure: { benchmark in
            let fixture = PanFixture()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { fixture.update() }
            benchmark.stopMeasurement()
            blackHole(fixture.editor.selection)
        })

    Benchmark(
        "Touch update to frame, floating caret moving (damaged regions only, 1920x1080)",
        configuration: .init(metrics: [.wallClock], scalingFactor: .one, maxIterations: 3000),
        closure: { benchmark in
            let fixture = PanFixture()
            for _ in benchmark.scaledIterations {
                benchmark.startMeasurement()
                fixture.update()
                fixture.renderer.draw(fixture.editor, into: fixture.surface, damage: fixture.editor.takeDamage())
                benchmark.stopMeasurement()
            }
        })
}()

/// A one-finger zigzag that fires the scrub, as touch events.
func scrubEvents() -> [(Double, InputEvent)] {
    var events: [(Double, InputEvent)] = [(0, .touch(phase: .begin, id: 1, x: 300, y: 300))]
    var t = 0.0, x = 300.0
    for amplitude in [170.0, -180, 160, -175, 150] {
        for _ in 0..<8 {
            t += 0.016
            x += amplitude / 8
            events.append((t, .touch(phase: .update, id: 1, x: x, y: 300)))
        }
    }
    events.append((t + 0.016, .touch(phase: .end, id: 1, x: x, y: 300)))
    return events
}

let scrubBenchmarks: () = {
    Benchmark(
        "Scrub of a 100 MB document: recognition and erase (editor, layout included)",
        configuration: .init(metrics: [.wallClock], scalingFactor: .one, maxIterations: 20),
        closure: { benchmark in
            let typesetter = makeTypesetter()
            for _ in benchmark.scaledIterations {
                let editor = Editor(document: Document(text: Corpus.load().text), typesetter: typesetter, viewportSize: fullHD)
                _ = editor.layout.visibleParagraphs()
                var engine = GestureEngine()
                benchmark.startMeasurement()
                for (t, event) in scrubEvents() { editor.apply(engine.handle(event, at: t), at: t) }
                benchmark.stopMeasurement()
                precondition(editor.document.text.isEmpty)
            }
        })

    Benchmark(
        "Undo of the scrub of a 100 MB document (editor, layout included)",
        configuration: .init(metrics: [.wallClock], scalingFactor: .one, maxIterations: 20),
        closure: { benchmark in
            let typesetter = makeTypesetter()
            for _ in benchmark.scaledIterations {
                let editor = Editor(document: Document(text: Corpus.load().text), typesetter: typesetter, viewportSize: fullHD)
                _ = editor.layout.visibleParagraphs()
                var engine = GestureEngine()
                for (t, event) in scrubEvents() { editor.apply(engine.handle(event, at: t), at: t) }
                benchmark.startMeasurement()
                editor.perform(.undo)
                _ = editor.layout.visibleParagraphs()
                benchmark.stopMeasurement()
                precondition(!editor.document.text.isEmpty)
            }
        })

    Benchmark(
        "Smoke frame at 1920x1080",
        configuration: .init(metrics: [.wallClock], scalingFactor: .one, maxIterations: 300),
        closure: { benchmark in
            let typesetter = makeTypesetter()
            let renderer = FrameRenderer(typesetter: typesetter)
            let surface = ImageSurface(size: fullHD, scale: 1)
            // A screenful of text (only what is on screen turns into smoke).
            let page = (0..<60).map { "Line \($0): two fingers move the cursor; 二本指でカーソルを動かす。 A zigzag scrubs it away." }
                .joined(separator: "\n")
            var editor: Editor?
            var t = 0.0
            for _ in benchmark.scaledIterations {
                if editor?.smoke == nil {
                    let fresh = Editor(document: Document(page), typesetter: typesetter, viewportSize: fullHD)
                    renderer.draw(fresh, into: surface, damage: fresh.takeDamage())
                    t = 0
                    fresh.scrub(at: t)
                    editor = fresh
                }
                t += 1.0 / 60
                editor!.advanceAnimations(to: t)
                benchmark.startMeasurement()
                renderer.draw(editor!, into: surface, damage: .full)
                benchmark.stopMeasurement()
            }
        })
}()
