import ArgumentParser
import Foundation
import GlideEditor
import GlideGestures
import GlideLayout
import GlideRender
import GlideText

/// `glidepad replay TRACE`: runs an input trace against a document with no X server,
/// through the same editor, layout and renderer as the window, and prints the final
/// state as JSON (TRACE.md).
struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay an input trace headlessly and print the final state as JSON.")

    @Argument(help: "The trace (JSON Lines, see TRACE.md).")
    var trace: String

    @Option(help: "The starting document (default: empty). The caret starts at 0.")
    var text: String?

    @Option(help: "A fontconfig family and a size in points.")
    var font = "sans-serif 11"

    @Option(help: "Write the last frame as a PNG.")
    var png: String?

    @Option(help: "Write every frame the window would have shown, numbered, into this folder.")
    var frames: String?

    @Flag(help: "Print the final text after the JSON line.")
    var printText = false

    func run() throws {
        let source: String
        do {
            source = try String(contentsOfFile: trace, encoding: .utf8)
        } catch {
            throw ValidationError("cannot read the trace \(trace): \(error.localizedDescription)")
        }
        let parsed: Trace
        do {
            parsed = try Trace(parsing: source)
        } catch {
            throw ValidationError("\(trace): \(error)")
        }

        var document = Document()
        if let text {
            do {
                let loaded = try TextFile.load(path: text)
                document = Document(text: loaded.text, format: loaded.format)
            } catch {
                throw ValidationError("\(error)")
            }
        }

        let specification: FontSpecification
        let typesetter: HarfBuzzTypesetter
        do {
            specification = try FontSpecification(parsing: font)
            typesetter = try HarfBuzzTypesetter(fonts: try FontSet(specification, scale: parsed.header.scale))
        } catch {
            throw ValidationError("\(error)")
        }
        let size = Size(width: parsed.header.width, height: parsed.header.height)
        let editor = Editor(document: document, typesetter: typesetter, viewportSize: size)
        let renderer = FrameRenderer(typesetter: typesetter)
        let surface = ImageSurface(size: size, scale: parsed.header.scale)

        var frameNumber = 0
        func emitFrame() throws {
            let damage = editor.takeDamage()
            guard let frames, damage != .none else { return }
            renderer.draw(editor, into: surface, damage: damage)
            try surface.writePNG(to: "\(frames)/frame-\(String(format: "%05d", frameNumber)).png")
            frameNumber += 1
        }
        if let frames {
            try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: true)
        }
        try emitFrame()
        var engine = GestureEngine()
        var clock = 0.0
        let frameInterval = 1.0 / 60
        /// One display-rate step: kinetic scrolling, caret animations, drag auto-scroll.
        func step(to time: Double) throws {
            editor.apply(engine.tick(at: time), at: time)
            editor.advanceAnimations(to: time)
            if editor.isDragging { editor.autoscroll(for: frameInterval) }
            try emitFrame()
        }
        func busy() -> Bool {
            engine.needsTicks || editor.isAnimating || (editor.isDragging && editor.autoscrollVelocity != 0)
        }
        for timed in parsed.events {
            // Between events, the window draws at display rate while something moves.
            while busy() && clock + frameInterval <= timed.time {
                clock += frameInterval
                try step(to: clock)
            }
            clock = timed.time
            switch timed.event {
            case let .key(key): editor.handleKey(key)
            case let .text(text): editor.insertText(text)
            case let .pointer(phase, button, x, y, clicks):
                let point = Point(x: x, y: y)
                switch phase {
                case .down: editor.pointerDown(at: point, button: button, clicks: clicks)
                case .move: editor.pointerMoved(to: point)
                case .up: editor.pointerUp(at: point)
                }
            case .touch, .swipe, .scroll, .padTouch, .pinch:
                // (A pinch does nothing yet: P6 comes with the selection gestures.)
                editor.apply(engine.handle(timed.event, at: clock), at: clock)
            }
            editor.advanceAnimations(to: clock)
            try emitFrame()
        }
        // What happens after the last event plays out (a fling, the glide home), up
        // to five seconds; a cursor gesture still held stays as it is.
        let settleLimit = clock + 5
        while busy() && !editor.isCursorGestureActive && clock < settleLimit {
            clock += frameInterval
            try step(to: clock)
        }
        if let png {
            renderer.draw(editor, into: surface, damage: .full)
            try surface.writePNG(to: png)
        }
        print(StateReport(editor: editor, events: parsed.events.count).json())
        if printText { print(editor.document.text.string) }
    }
}
