import Foundation
import Testing
import GlideEditor
import GlideGestures
import GlideLayout
import GlideRender
import GlideText

/// Rendered frames compared with checked-in PNGs. To regenerate after an intended
/// change: `GLIDEPAD_UPDATE_REFERENCES=1 swift test --filter RenderingTests`, then
/// look at the PNGs in Tests/GlideRenderTests/References before committing them.
@Suite("Rendering")
struct RenderingTests {
    static let sample = """
        Glidepad draws its own text: kerning, ligatures (office, affinity), “quotes”.
        日本語の文章も、英語と同じ段落で折り返されます。二本指でカーソルを動かす。
        \tTabs stop at tab stops; a long line wraps at word boundaries, never hyphenated.
        """

    func makeEditor(theme: Theme = .light, scale: Double = 1) throws -> (Editor, FrameRenderer) {
        let typesetter = try HarfBuzzTypesetter(fonts: try FontSet(FontSpecification(family: "DejaVu Sans", points: 12), scale: scale))
        let editor = Editor(document: Document(Self.sample), typesetter: typesetter, viewportSize: Size(width: 480, height: 200))
        editor.theme = theme
        return (editor, FrameRenderer(typesetter: typesetter))
    }

    func compare(_ surface: ImageSurface, reference name: String) throws {
        let sourceFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("References")
        let path = sourceFolder.appendingPathComponent(name).path
        if ProcessInfo.processInfo.environment["GLIDEPAD_UPDATE_REFERENCES"] == "1" {
            try surface.writePNG(to: path)
            return
        }
        guard let bundled = Bundle.module.path(forResource: "References/" + name.replacingOccurrences(of: ".png", with: ""), ofType: "png") else {
            Issue.record("missing reference \(name); run with GLIDEPAD_UPDATE_REFERENCES=1")
            return
        }
        let reference = try ImageSurface(png: bundled)
        let differing = surface.differingFraction(from: reference, tolerance: 48)
        if differing > 0.002 {
            try? surface.writePNG(to: "/tmp/glidepad-actual-\(name)")
        }
        #expect(differing <= 0.002, "\(name): \(differing * 100)% of pixels differ; actual frame in /tmp/glidepad-actual-\(name)")
    }

    @Test("English and Japanese text with a selection and the caret, light theme")
    func lightFrame() throws {
        let (editor, renderer) = try makeEditor()
        editor.perform(.moveDocumentStart(extend: false))
        for _ in 0..<3 { editor.perform(.moveWordForward(extend: true)) }
        let surface = ImageSurface(size: editor.layout.viewportSize, scale: 1)
        renderer.draw(editor, into: surface, damage: .full)
        try compare(surface, reference: "light-selection.png")
    }

    @Test("dark theme at scale 2 with a floating caret")
    func darkHiDPIFrame() throws {
        let (editor, renderer) = try makeEditor(theme: .dark, scale: 2)
        editor.perform(.moveDown(extend: false))
        editor.floatingCaret = FloatingCaret(position: Point(x: 200, y: 60), scale: 1.3, opacity: 0.7)
        let surface = ImageSurface(size: editor.layout.viewportSize, scale: 2)
        renderer.draw(editor, into: surface, damage: .full)
        #expect(surface.pixelWidth == 960)
        try compare(surface, reference: "dark-floating-caret@2x.png")
    }

    @Test("repainting only the damage gives the same frame as a full repaint")
    func damageMatchesFullRepaint() throws {
        let (editor, renderer) = try makeEditor()
        let incremental = ImageSurface(size: editor.layout.viewportSize, scale: 1)
        renderer.draw(editor, into: incremental, damage: editor.takeDamage())
        let keys: [EditorCommand] = [.moveForward(extend: false), .moveDown(extend: false), .moveWordForward(extend: false),
                                     .moveLineEnd(extend: false), .moveUp(extend: true)]
        for command in keys {
            editor.perform(command)
            renderer.draw(editor, into: incremental, damage: editor.takeDamage())
        }
        editor.caretVisible = false
        renderer.draw(editor, into: incremental, damage: editor.takeDamage())
        let full = ImageSurface(size: editor.layout.viewportSize, scale: 1)
        renderer.draw(editor, into: full, damage: .full)
        #expect(incremental.differingFraction(from: full, tolerance: 0) == 0)
    }

    @Test("a caret blink repaints only the caret")
    func blinkRepaintsCaretOnly() throws {
        let (editor, renderer) = try makeEditor()
        let surface = ImageSurface(size: editor.layout.viewportSize, scale: 1)
        renderer.draw(editor, into: surface, damage: editor.takeDamage())
        editor.caretVisible = false
        let repainted = renderer.draw(editor, into: surface, damage: editor.takeDamage())
        #expect(repainted.count == 1)
        // The caret (2 × line height) plus a pixel of antialiasing on each side.
        let caret = editor.caretViewRect
        #expect(repainted[0].width <= caret.width + 4 && repainted[0].height <= caret.height + 4)
    }

    @Test("text pixels appear where the text is")
    func inkWhereText() throws {
        let (editor, renderer) = try makeEditor()
        editor.caretVisible = false
        let surface = ImageSurface(size: editor.layout.viewportSize, scale: 1)
        renderer.draw(editor, into: surface, damage: .full)
        let background = surface.pixel(x: 470, y: 190)
        func inked(_ rect: Rect) -> Bool {
            for y in Int(rect.minY)..<Int(rect.maxY) { for x in Int(rect.minX)..<Int(rect.maxX) where surface.pixel(x: x, y: y) != background { return true } }
            return false
        }
        let first = editor.layout.lineFragment(containing: 0)
        #expect(inked(first.rect.offsetBy(dx: 0, dy: -editor.layout.scrollY)))
        #expect(!inked(Rect(x: 300, y: 175, width: 150, height: 20)))
    }
}
