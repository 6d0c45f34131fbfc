import Foundation
import Testing
import GlideEditor
import GlideLayout
import GlideRender
import GlideText

/// Fonts come from fonts-dejavu-core and fonts-noto-cjk, which `make test` installs.
@Suite("Real typesetting: Fontconfig, HarfBuzz, FreeType")
struct TypesetterTests {
    static let english = "The quick brown fox jumps over the lazy dog; office affinity — “quotes” and tabs\tto stops."
    static let japanese = "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。"

    func typesetter(_ spec: String = "DejaVu Sans 12", scale: Double = 1) throws -> HarfBuzzTypesetter {
        try HarfBuzzTypesetter(fonts: try FontSet(try FontSpecification(parsing: spec), scale: scale))
    }

    @Test("the primary font is the one asked for; Japanese falls back to a CJK font with the glyphs")
    func fallback() throws {
        let t = try typesetter()
        #expect(t.fonts.primaryFile.contains("DejaVuSans"))
        let cjk = t.fonts.fontFile(for: "猫")
        #expect(cjk.contains("Noto") && cjk.contains("CJK"), "got \(cjk)")
        #expect(t.fonts.fontFile(for: "A") == t.fonts.primaryFile)
    }

    @Test("English and Japanese paragraphs shape, wrap inside the width, and hit-test back to themselves",
          arguments: [english, japanese, english + " " + japanese])
    func shapeWrapHitTest(paragraph: String) throws {
        let t = try typesetter()
        let width = 300.0
        let layout = t.layout(paragraph: paragraph, width: width)
        #expect(layout.lines.count > 1)
        #expect(layout.length == paragraph.utf8.count)
        for line in layout.lines {
            #expect(line.width <= width + 0.01)
            #expect(!line.runs.isEmpty)
            // Stops run left to right for left-to-right text.
            #expect(zip(line.stops, line.stops.dropFirst()).allSatisfy { $0.x <= $1.x && $0.offset < $1.offset })
        }
        // Lines tile the paragraph.
        #expect(layout.lines.first!.range.lowerBound == 0)
        #expect(layout.lines.last!.range.upperBound == paragraph.utf8.count)
        #expect(zip(layout.lines, layout.lines.dropFirst()).allSatisfy { $0.range.upperBound == $1.range.lowerBound })

        // caretRect(closestPosition(p)) lies within half a glyph of p.
        let manager = LayoutManager(text: TextStorage(paragraph), typesetter: t, viewportSize: Size(width: width + 24, height: 400))
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let p = Point(x: Double.random(in: 12...(12 + width), using: &generator),
                          y: Double.random(in: 12...(12 + layout.height - 1), using: &generator))
            let (offset, affinity) = manager.closestCaret(to: p)
            let caret = manager.caretRect(at: offset, affinity: affinity)
            let line = manager.lineFragment(containing: offset, affinity: affinity)
            // Within the line's extent, the caret is within half of the widest glyph (CJK: 1 em).
            if p.x <= line.rect.maxX {
                #expect(abs(caret.midX - p.x) <= t.fonts.specification.pixelSize / 2 + 0.01, "at \(p)")
            }
            #expect(caret.minY <= p.y + 0.01 && p.y <= caret.maxY + 0.01 || line.rect.maxX < p.x)
        }
    }

    @Test("a ligature's graphemes each get a caret stop")
    func ligatureStops() throws {
        let t = try typesetter()
        let layout = t.layout(paragraph: "office", width: 1000)
        let stops = layout.lines[0].stops
        #expect(stops.map(\.offset) == [0, 1, 2, 3, 4, 5, 6])
        #expect(zip(stops, stops.dropFirst()).allSatisfy { $0.x < $1.x })
    }

    @Test("right-to-left runs are drawn right to left without disturbing the text around them")
    func rightToLeft() throws {
        let t = try typesetter()
        let text = "abc שלום עולם xyz"
        let layout = t.layout(paragraph: text, width: 1000)
        let line = layout.lines[0]
        #expect(line.stops.count == text.count + 1)
        // The Latin runs stay left to right, in place.
        #expect(line.stops[0].x == 0)
        #expect(line.stops[1].x < line.stops[2].x)
        let last = line.stops[line.stops.count - 1].x
        #expect(line.stops[line.stops.count - 2].x < last)
        // Inside the Hebrew run, later letters are further left.
        #expect(line.stops[6].x < line.stops[5].x)
    }

    @Test("HiDPI: at scale 2 the layout in points matches scale 1 closely")
    func hiDPI() throws {
        let one = try typesetter(scale: 1).layout(paragraph: Self.english, width: 400)
        let two = try typesetter(scale: 2).layout(paragraph: Self.english, width: 400)
        #expect(one.lines.count == two.lines.count)
        #expect(abs(one.lines[0].width - two.lines[0].width) < 4)
    }

    @Test("a missing font family still gives text through Fontconfig's fallback")
    func missingFamily() throws {
        let t = try typesetter("No Such Font Family 12")
        let layout = t.layout(paragraph: "still readable", width: 400)
        #expect(layout.lines[0].runs.first?.glyphs.allSatisfy { $0 != 0 } == true)
    }
}
