import Testing
@testable import GlideLayout
import GlideText

@Suite("Noncontiguous layout")
struct LayoutTests {
    /// 1000 paragraphs; every 10th is long enough to wrap at 400 pt.
    static func sampleText() -> TextStorage {
        var lines: [String] = []
        for i in 0..<1000 {
            lines.append(i % 10 == 0
                ? "Paragraph \(i) is long enough to wrap over several lines at this width, surely."
                : "Paragraph \(i)")
        }
        return TextStorage(lines.joined(separator: "\n"))
    }

    func makeLayout(_ text: TextStorage = sampleText(), width: Double = 424, height: Double = 300) -> (LayoutManager, FixedAdvanceTypesetter) {
        let typesetter = FixedAdvanceTypesetter()
        return (LayoutManager(text: text, typesetter: typesetter, viewportSize: Size(width: width, height: height), padding: 12), typesetter)
    }

    @Test("only paragraphs near the viewport are laid out")
    func onlyVisibleLaidOut() {
        let (layout, typesetter) = makeLayout()
        let visible = layout.visibleParagraphs()
        #expect(visible.first?.paragraph == 0)
        #expect(visible.count < 20)
        #expect(typesetter.paragraphsLaidOut < 25)
        #expect(layout.laidOutParagraphCount < 25)
    }

    @Test("replacing estimates above the viewport keeps what is on screen still")
    func estimatesDoNotMoveTheView() {
        // Estimates are deliberately wrong: 10 pt per byte at 400 pt wide says
        // "Paragraph 5" (11 bytes) is one line, true; long ones (79 bytes) estimate
        // 2 lines but wrap to 3 lines.
        let (layout, _) = makeLayout()
        layout.scroll(toY: 6000)
        let before = layout.visibleParagraphs().map { ($0.paragraph, $0.top - layout.scrollY) }
        let firstCaret = layout.caretRect(at: layout.text.paragraphStart(before[1].0))
        let caretViewY = firstCaret.y - layout.scrollY
        // Lay out everything above: every estimate above is replaced.
        for p in 0..<before[0].0 { layout.layout(ofParagraph: p) }
        let after = layout.visibleParagraphs().map { ($0.paragraph, $0.top - layout.scrollY) }
        #expect(before.map(\.0) == after.map(\.0))
        #expect(zip(before, after).allSatisfy { abs($0.1 - $1.1) < 0.001 })
        let caretAfter = layout.caretRect(at: layout.text.paragraphStart(before[1].0)).y - layout.scrollY
        #expect(abs(caretAfter - caretViewY) < 0.001)
    }

    @Test("scrolling up into estimated paragraphs moves the text exactly by the scroll amount")
    func scrollUpIsSmooth() {
        let (layout, _) = makeLayout()
        layout.scroll(toY: 8000)
        let target = layout.text.paragraphStart(layout.visibleParagraphs()[2].paragraph)
        var previous = layout.caretRect(at: target).y - layout.scrollY
        for _ in 0..<40 {
            layout.scroll(by: -17)
            let now = layout.caretRect(at: target).y - layout.scrollY
            #expect(abs(now - previous - 17) < 0.001)
            previous = now
        }
    }

    @Test("hit-testing: inside lines, left, right, above and below the text")
    func closestPositionEdges() {
        let (layout, _) = makeLayout(TextStorage("abc def\nxy\n\nlast line"))
        // Inside: x = 12 + 25 → between b and c? stops at 12,22,32,… → nearest to 37 is 32 (offset 2).
        #expect(layout.closestPosition(to: Point(x: 37, y: 12 + 5)) == 2)
        #expect(layout.closestPosition(to: Point(x: 38, y: 12 + 5)) == 3)
        // Left of a line → its start; right of its end → its end.
        #expect(layout.closestPosition(to: Point(x: -50, y: 12 + 25)) == 8)
        #expect(layout.closestPosition(to: Point(x: 900, y: 12 + 25)) == 10)
        // An empty paragraph.
        #expect(layout.closestPosition(to: Point(x: 200, y: 12 + 45)) == 11)
        // Above the text → first line; below → last line.
        #expect(layout.closestPosition(to: Point(x: 33, y: -100)) == 2)
        #expect(layout.closestPosition(to: Point(x: 900, y: 5000)) == layout.text.utf8Count)
    }

    @Test("caret rectangles sit on grapheme boundaries and round-trip through hit-testing")
    func caretRectRoundTrip() {
        let text = "日本語とEnglish が混ざった段落です。\n次の行\tタブ"
        let (layout, _) = makeLayout(TextStorage(text), width: 224)
        var offset = 0
        let boundaries = TextBoundaries()
        while offset < layout.text.utf8Count {
            let rect = layout.caretRect(at: offset)
            let hit = layout.closestPosition(toDocumentPoint: Point(x: rect.midX, y: rect.midY))
            #expect(hit == offset)
            offset = boundaries.nextGrapheme(after: offset, in: layout.text)
        }
    }

    @Test("soft wraps: a wrapped paragraph's lines and their fragments")
    func lineFragments() {
        let (layout, _) = makeLayout(TextStorage("aaaa bbbb cccc dddd\nnext"), width: 24 + 100)
        let first = layout.lineFragment(containing: 0)
        #expect(first.range == 0..<10)   // "aaaa bbbb " — trailing space hangs
        #expect(!first.endsParagraph)
        let second = layout.lineFragment(after: first)!
        #expect(second.range == 10..<19)
        #expect(second.endsParagraph)
        let third = layout.lineFragment(after: second)!
        #expect(third.paragraph == 1 && third.range == 20..<24)
        #expect(layout.lineFragment(after: third) == nil)
        #expect(layout.lineFragment(before: second) == first)
        // x is kept when moving between lines.
        #expect(layout.closestPosition(onLine: second, toX: 12 + 30) == 13)
    }

    @Test("a long word is broken between graphemes, never hyphenated")
    func emergencyBreak() {
        let (layout, _) = makeLayout(TextStorage(String(repeating: "x", count: 25)), width: 124)
        let p = layout.layout(ofParagraph: 0)
        #expect(p.lines.map(\.range) == [0..<10, 10..<20, 20..<25])
    }

    @Test("tabs advance to the next tab stop")
    func tabs() {
        let (layout, _) = makeLayout(TextStorage("a\tb\t\tc"))
        let stops = layout.layout(ofParagraph: 0).lines[0].stops.map(\.x)
        #expect(stops == [0, 10, 40, 50, 80, 120, 130])
    }

    @Test("scrolling a never-laid-out paragraph into view shows the caret with a margin")
    func scrollToVisible() {
        let (layout, _) = makeLayout()
        let offset = layout.text.paragraphStart(700) + 3
        #expect(!layout.isLaidOut(700))
        layout.scrollRangeToVisible(offset)
        let rect = layout.caretRect(at: offset)
        #expect(rect.minY >= layout.scrollY)
        #expect(rect.maxY <= layout.scrollY + layout.viewportSize.height)
        // Minimal: the caret is near the bottom edge (we scrolled down to it).
        #expect(layout.scrollY + layout.viewportSize.height - rect.maxY <= 10.001)
        // Back up to the top: near the top edge.
        layout.scrollRangeToVisible(5)
        #expect(layout.scrollY == 12 - 10)  // caret top (padding 12) less the half-line margin
        // Already visible: no scroll.
        let y = layout.scrollY
        layout.scrollRangeToVisible(layout.text.paragraphStart(3))
        #expect(layout.scrollY == y)
    }

    @Test("the end of the document: jumping there lays out only what is visible")
    func jumpToEnd() {
        let (layout, typesetter) = makeLayout()
        layout.scrollToEnd()
        let visible = layout.visibleParagraphs()
        #expect(visible.last?.paragraph == 999)
        #expect(typesetter.paragraphsLaidOut < 40)
        let lastRect = layout.caretRect(at: layout.text.utf8Count)
        #expect(abs(lastRect.maxY + layout.padding - (layout.scrollY + layout.viewportSize.height)) < 0.001)
        // Scrolling further down does nothing.
        let y = layout.scrollY
        layout.scroll(by: 100)
        #expect(layout.scrollY == y)
    }

    @Test("an edit relays out only the paragraphs it touched and keeps the others")
    func editRelaysOutTouchedOnly() {
        let (layout, typesetter) = makeLayout()
        _ = layout.visibleParagraphs()
        let before = typesetter.paragraphsLaidOut
        var text = layout.text
        let at = text.paragraphStart(3) + 2
        text.insert("new\nlines\n", at: at)
        layout.textDidChange(text, replaced: at..<at, insertedLength: 10)
        let visible = layout.visibleParagraphs()
        #expect(typesetter.paragraphsLaidOut - before <= 3)
        // "Pa|ragraph 3" became "Panew", "lines", "ragraph 3"; paragraph 4 follows unchanged.
        #expect(visible.map { layout.text.string(in: layout.text.paragraphRange($0.paragraph)) }[3...6]
                == ["Panew", "lines", "ragraph 3", "Paragraph 4"])
        #expect(layout.heights.count == layout.text.paragraphCount)
    }

    @Test("resizing keeps the anchored text on screen and relays out lazily")
    func resize() {
        let (layout, typesetter) = makeLayout()
        layout.scroll(toY: 3000)
        let anchor = layout.scrollAnchor.paragraph
        let before = typesetter.paragraphsLaidOut
        layout.setViewportSize(Size(width: 224, height: 300))
        #expect(layout.scrollAnchor.paragraph == anchor)
        #expect(typesetter.paragraphsLaidOut - before < 30)
    }
}

@Suite("Height index")
struct HeightIndexTests {
    @Test("y ↔ paragraph agree with a running sum, through updates and replacements")
    func agreesWithModel() {
        var model = (0..<5000).map { Double(($0 * 37) % 7 + 1) * 20 }
        var index = HeightIndex(estimates: model)
        func check() {
            var y = 0.0
            for (p, h) in model.enumerated() {
                #expect(index.y(ofParagraph: p) == y)
                let found = index.paragraph(atY: y + h / 2)
                #expect(found.paragraph == p && found.offset == h / 2)
                y += h
            }
            #expect(index.totalHeight == y)
        }
        check()
        for p in stride(from: 0, to: 5000, by: 97) {
            model[p] = 55
            index.setHeight(55, ofParagraph: p)
        }
        check()
        model.replaceSubrange(100..<2000, with: [1, 2, 3].map { Double($0) * 10 })
        index.replace(100..<2000, withEstimates: [10, 20, 30])
        #expect(index.count == model.count)
        check()
        // Old paragraph 97 × 40 = 3880 is now at 3880 − 1900 + 3; it kept its real height.
        #expect(index.isLaidOut(3880 - 1897))
        #expect(!index.isLaidOut(101))
    }
}
