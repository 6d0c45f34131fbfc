import GlideText

/// Where the view is scrolled to, anchored to the text: the top of the viewport is
/// `offset` points below the top of `paragraph`. Replacing an estimated height with
/// a real one anywhere else leaves what is on screen where it is.
public struct ScrollAnchor: Equatable, Sendable {
    public var paragraph: Int
    public var offset: Double
    public init(paragraph: Int, offset: Double) { self.paragraph = paragraph; self.offset = offset }
}

/// One visual line, in document terms: for the keyboard's up/down, the horizontal
/// cursor's line ends and line-by-line hit-testing.
public struct LineFragment: Equatable, Sendable {
    public var paragraph: Int
    public var line: Int
    /// Document UTF-8 offsets of the line's first and last insertion points.
    public var range: Range<Int>
    /// In document coordinates (y grows down from the top of the document).
    public var rect: Rect
    /// Whether this is the last line of its paragraph (its end is a paragraph end,
    /// not a soft wrap).
    public var endsParagraph: Bool
}

/// Noncontiguous layout: only paragraphs in or near the viewport are shaped; every
/// other paragraph has an estimated height in a `HeightIndex`.
///
/// Coordinates: *document* coordinates have y = 0 at the top of the document
/// (padding included) and x = 0 at the view's left edge; *view* coordinates are
/// document coordinates minus the scroll offset. Costs: y ↔ paragraph O(log n);
/// an edit relays out only the paragraphs it touched; `closestPosition(to:)` is a
/// binary search plus a scan of one line's stops.
public final class LayoutManager {
    public private(set) var text: TextStorage
    public let typesetter: any Typesetter
    public private(set) var viewportSize: Size
    /// Space around the text, in points.
    public let padding: Double
    public private(set) var scrollAnchor: ScrollAnchor

    private(set) var heights: HeightIndex
    private var cache: [Int: ParagraphLayout] = [:]
    /// Whether the paragraphs on screen may hold estimated heights (after a scroll,
    /// an edit, a resize). Geometry queries shape them first, so that y positions on
    /// screen are exact.
    private var visibleLayoutStale = true
    /// How many shaped paragraphs to keep; the farthest from view are dropped first.
    public var cacheLimit = 4096

    public init(text: TextStorage, typesetter: any Typesetter, viewportSize: Size, padding: Double = 12) {
        self.text = text
        self.typesetter = typesetter
        self.viewportSize = viewportSize
        self.padding = padding
        self.scrollAnchor = ScrollAnchor(paragraph: 0, offset: -padding)
        self.heights = HeightIndex()
        rebuildEstimates()
    }

    /// The width lines are broken to.
    public var containerWidth: Double { max(1, viewportSize.width - 2 * padding) }

    // MARK: Heights

    public var documentHeight: Double { heights.totalHeight + 2 * padding }

    /// Top of paragraph `p` in document coordinates.
    public func top(ofParagraph p: Int) -> Double { padding + heights.y(ofParagraph: p) }

    func estimatedHeight(length: Int) -> Double {
        let lines = max(1, (Double(length) * typesetter.averageAdvancePerByte / containerWidth).rounded(.up))
        return lines * typesetter.lineHeight
    }

    private func rebuildEstimates() {
        var estimates: [Double] = []
        estimates.reserveCapacity(text.paragraphCount)
        text.forEachParagraphLength { estimates.append(estimatedHeight(length: $0)) }
        heights = HeightIndex(estimates: estimates)
        cache.removeAll()
    }

    /// The shaped layout of paragraph `p`, shaping it (and recording its real
    /// height) if needed.
    @discardableResult
    public func layout(ofParagraph p: Int) -> ParagraphLayout {
        if let cached = cache[p] { return cached }
        let range = text.paragraphRange(p)
        let layout = typesetter.layout(paragraph: text.string(in: range), width: containerWidth)
        cache[p] = layout
        if heights.height(ofParagraph: p) != layout.height || !heights.isLaidOut(p) {
            heights.setHeight(layout.height, ofParagraph: p)
        }
        if cache.count > cacheLimit { evictFarParagraphs() }
        return layout
    }

    /// Whether paragraph `p` is shaped now (tests and benchmarks use this).
    public func isLaidOut(_ p: Int) -> Bool { cache[p] != nil }
    public var laidOutParagraphCount: Int { cache.count }

    private func evictFarParagraphs() {
        let center = scrollAnchor.paragraph
        let keep = cacheLimit / 2
        let far = cache.keys.sorted { abs($0 - center) > abs($1 - center) }.prefix(cache.count - keep)
        for p in far { cache[p] = nil }
    }

    // MARK: Scrolling

    /// The vertical scroll offset in document coordinates (0 = top).
    public var scrollY: Double { top(ofParagraph: scrollAnchor.paragraph) + scrollAnchor.offset }

    public var maximumScrollY: Double { max(0, documentHeight - viewportSize.height) }

    /// Scrolls by `dy` points (positive: the text moves up, later text comes into
    /// view), laying out the paragraphs scrolled into view so nothing jumps.
    public func scroll(by dy: Double) {
        scrollAnchor.offset += dy
        normalizeAnchor()
    }

    /// Puts the view back where `anchor` says (an undone erase restores its scroll).
    public func setScrollAnchor(_ anchor: ScrollAnchor) {
        scrollAnchor = ScrollAnchor(paragraph: min(anchor.paragraph, text.paragraphCount - 1), offset: anchor.offset)
        normalizeAnchor()
    }

    /// Jumps to an absolute offset (estimates decide where far-away text is).
    public func scroll(toY y: Double) {
        let target = min(max(0, y), maximumScrollY)
        let (p, offset) = heights.paragraph(atY: target - padding)
        scrollAnchor = ScrollAnchor(paragraph: p, offset: offset)
        normalizeAnchor()
    }

    /// Shows the end of the document.
    public func scrollToEnd() {
        let last = text.paragraphCount - 1
        let height = layout(ofParagraph: last).height
        scrollAnchor = ScrollAnchor(paragraph: last, offset: height + padding - viewportSize.height)
        normalizeAnchor()
    }

    /// Keeps the anchor inside its paragraph, shaping paragraphs as it moves across
    /// them, and the view within the document.
    private func normalizeAnchor() {
        visibleLayoutStale = true
        let last = text.paragraphCount - 1
        // Moving up: shape each paragraph before entering it, so its real height is used.
        while scrollAnchor.offset < 0 && scrollAnchor.paragraph > 0 {
            let above = scrollAnchor.paragraph - 1
            scrollAnchor = ScrollAnchor(paragraph: above, offset: scrollAnchor.offset + layout(ofParagraph: above).height)
        }
        if scrollAnchor.paragraph == 0 { scrollAnchor.offset = max(scrollAnchor.offset, -padding) }
        // Moving down.
        while scrollAnchor.paragraph < last && scrollAnchor.offset >= layout(ofParagraph: scrollAnchor.paragraph).height {
            scrollAnchor = ScrollAnchor(
                paragraph: scrollAnchor.paragraph + 1,
                offset: scrollAnchor.offset - layout(ofParagraph: scrollAnchor.paragraph).height)
        }
        // Not past the end: the last line may come up to the bottom of the view.
        var covered = -scrollAnchor.offset
        var p = scrollAnchor.paragraph
        while p <= last && covered < viewportSize.height {
            covered += layout(ofParagraph: p).height
            p += 1
        }
        if p > last {
            covered += padding
            let missing = viewportSize.height - covered
            if missing > 0 && !(scrollAnchor.paragraph == 0 && scrollAnchor.offset <= -padding) {
                scrollAnchor.offset -= missing
                while scrollAnchor.offset < 0 && scrollAnchor.paragraph > 0 {
                    let above = scrollAnchor.paragraph - 1
                    scrollAnchor = ScrollAnchor(paragraph: above, offset: scrollAnchor.offset + layout(ofParagraph: above).height)
                }
                if scrollAnchor.paragraph == 0 { scrollAnchor.offset = max(scrollAnchor.offset, -padding) }
            }
        }
    }

    // MARK: What is visible

    /// A paragraph on screen: its index, top in document coordinates and layout.
    public struct VisibleParagraph {
        public var paragraph: Int
        public var top: Double
        public var layout: ParagraphLayout
    }

    /// Shapes the paragraphs on screen if an edit, scroll or resize may have left
    /// estimates there.
    public func ensureVisibleLayout() {
        guard visibleLayoutStale else { return }
        visibleLayoutStale = false
        _ = visibleParagraphs()
    }

    /// The paragraphs intersecting the viewport (plus `margin` points above and
    /// below), shaped, top to bottom.
    public func visibleParagraphs(margin: Double = 0) -> [VisibleParagraph] {
        var result: [VisibleParagraph] = []
        let last = text.paragraphCount - 1
        var p = scrollAnchor.paragraph
        var top = scrollY - scrollAnchor.offset
        // Margin above: walk up.
        var above: [VisibleParagraph] = []
        var upTop = top
        var q = p - 1
        while q >= 0 && upTop > scrollY - margin {
            let layout = layout(ofParagraph: q)
            upTop -= layout.height
            above.append(VisibleParagraph(paragraph: q, top: upTop, layout: layout))
            q -= 1
        }
        result.append(contentsOf: above.reversed())
        let bottom = scrollY + viewportSize.height + margin
        while p <= last && top < bottom {
            let layout = layout(ofParagraph: p)
            result.append(VisibleParagraph(paragraph: p, top: top, layout: layout))
            top += layout.height
            p += 1
        }
        return result
    }

    // MARK: Geometry queries

    /// The insertion point nearest to `point` (view coordinates). Above the text →
    /// first line, below → last line, left of a line → its start, right of its end →
    /// its end; within a line, the nearest grapheme boundary by x.
    public func closestPosition(to point: Point) -> Int {
        closestPosition(toDocumentPoint: Point(x: point.x, y: point.y + scrollY))
    }

    public func closestPosition(toDocumentPoint point: Point) -> Int {
        closestCaret(toDocumentPoint: point).offset
    }

    /// `closestPosition(to:)` with the side of a soft wrap the point was on.
    public func closestCaret(to point: Point) -> (offset: Int, affinity: CaretAffinity) {
        closestCaret(toDocumentPoint: Point(x: point.x, y: point.y + scrollY))
    }

    public func closestCaret(toDocumentPoint point: Point) -> (offset: Int, affinity: CaretAffinity) {
        ensureVisibleLayout()
        let (p, _) = heights.paragraph(atY: point.y - padding)
        let layout = layout(ofParagraph: p)
        // Shaping may have changed this paragraph's height, never its top.
        let top = top(ofParagraph: p)
        let index = layout.lineIndex(atY: point.y - top)
        return caret(onLine: index, of: layout, paragraph: p, x: point.x)
    }

    private func caret(onLine index: Int, of layout: ParagraphLayout, paragraph p: Int, x: Double) -> (offset: Int, affinity: CaretAffinity) {
        let line = layout.lines[index]
        let stop = line.closestStop(toX: x - padding)
        let softEnd = index < layout.lines.count - 1 && stop.offset == line.stops.last!.offset
        return (text.paragraphStart(p) + stop.offset, softEnd ? .upstream : .downstream)
    }

    /// The line holding document offset `offset` (on the given side of a soft wrap).
    public func lineFragment(containing offset: Int, affinity: CaretAffinity = .downstream) -> LineFragment {
        let p = text.paragraphIndex(containing: offset)
        let layout = layout(ofParagraph: p)
        let local = offset - text.paragraphStart(p)
        return fragment(paragraph: p, line: layout.lineIndex(containing: local, affinity: affinity), layout: layout)
    }

    /// The line after `fragment`'s, or nil at the end of the document.
    public func lineFragment(after fragment: LineFragment) -> LineFragment? {
        let layout = layout(ofParagraph: fragment.paragraph)
        if fragment.line + 1 < layout.lines.count {
            return self.fragment(paragraph: fragment.paragraph, line: fragment.line + 1, layout: layout)
        }
        guard fragment.paragraph + 1 < text.paragraphCount else { return nil }
        return self.fragment(paragraph: fragment.paragraph + 1, line: 0, layout: self.layout(ofParagraph: fragment.paragraph + 1))
    }

    /// The line before `fragment`'s, or nil at the start of the document.
    public func lineFragment(before fragment: LineFragment) -> LineFragment? {
        if fragment.line > 0 {
            return self.fragment(paragraph: fragment.paragraph, line: fragment.line - 1, layout: layout(ofParagraph: fragment.paragraph))
        }
        guard fragment.paragraph > 0 else { return nil }
        let layout = layout(ofParagraph: fragment.paragraph - 1)
        return self.fragment(paragraph: fragment.paragraph - 1, line: layout.lines.count - 1, layout: layout)
    }

    /// The insertion point on `fragment`'s line nearest to document x `x`.
    public func closestPosition(onLine fragment: LineFragment, toX x: Double) -> Int {
        closestCaret(onLine: fragment, toX: x).offset
    }

    /// `closestPosition(onLine:toX:)` with the side of the wrap it is on.
    public func closestCaret(onLine fragment: LineFragment, toX x: Double) -> (offset: Int, affinity: CaretAffinity) {
        caret(onLine: fragment.line, of: layout(ofParagraph: fragment.paragraph), paragraph: fragment.paragraph, x: x)
    }

    private func fragment(paragraph p: Int, line index: Int, layout: ParagraphLayout) -> LineFragment {
        let start = text.paragraphStart(p)
        let line = layout.lines[index]
        let top = top(ofParagraph: p) + line.top
        let first = line.stops.first!.offset, last = line.stops.last!.offset
        return LineFragment(
            paragraph: p, line: index, range: (start + first)..<(start + last),
            rect: Rect(x: padding, y: top, width: line.width, height: line.height),
            endsParagraph: index == layout.lines.count - 1)
    }

    /// The caret's rectangle at `offset`, in document coordinates (`width` wide,
    /// centred on the insertion point, as tall as the line).
    public func caretRect(at offset: Int, affinity: CaretAffinity = .downstream, width: Double = 2) -> Rect {
        ensureVisibleLayout()
        let p = text.paragraphIndex(containing: offset)
        let layout = layout(ofParagraph: p)
        let local = offset - text.paragraphStart(p)
        let line = layout.lines[layout.lineIndex(containing: local, affinity: affinity)]
        let x = padding + line.x(at: local)
        return Rect(x: x - width / 2, y: top(ofParagraph: p) + line.top, width: width, height: line.height)
    }

    /// Scrolls the least needed to show the caret at `offset` with `margin` points
    /// to spare (half a line by default). Works for paragraphs never laid out: they
    /// are shaped first.
    public func scrollRangeToVisible(_ offset: Int, affinity: CaretAffinity = .downstream, margin: Double? = nil) {
        let margin = min(margin ?? typesetter.lineHeight / 2, viewportSize.height / 4)
        let p = text.paragraphIndex(containing: offset)
        let layout = layout(ofParagraph: p)
        let line = layout.lines[layout.lineIndex(containing: offset - text.paragraphStart(p), affinity: affinity)]
        // Where the line is relative to the viewport's top, measured from the anchor
        // through shaped paragraphs only when it is near; otherwise jump.
        let lineTop = top(ofParagraph: p) + line.top
        let lineBottom = lineTop + line.height
        if lineTop - margin < scrollY {
            scrollAnchor = ScrollAnchor(paragraph: p, offset: line.top - margin)
            normalizeAnchor()
        } else if lineBottom + margin > scrollY + viewportSize.height {
            scrollAnchor = ScrollAnchor(paragraph: p, offset: line.bottom + margin - viewportSize.height)
            normalizeAnchor()
        }
    }

    // MARK: Changes

    /// Tells the layout that `replaced` (offsets in the old text) now holds
    /// `insertedLength` bytes of `newText`. Only the touched paragraphs are relaid.
    public func textDidChange(_ newText: TextStorage, replaced: Range<Int>, insertedLength: Int) {
        visibleLayoutStale = true
        let oldFirst = text.paragraphIndex(containing: replaced.lowerBound)
        let oldLast = text.paragraphIndex(containing: replaced.upperBound)
        text = newText
        let newLast = newText.paragraphIndex(containing: replaced.lowerBound + insertedLength)
        let delta = newLast - oldLast
        var estimates: [Double] = []
        if newLast - oldFirst < 64 {
            for p in oldFirst...newLast { estimates.append(estimatedHeight(length: newText.paragraphRange(p).count)) }
        } else {
            // A big paste or an undone erase-all: one linear pass over the new text.
            let span = newText.paragraphStart(oldFirst)..<newText.paragraphRange(newLast).upperBound
            newText.extracting(span).forEachParagraphLength { estimates.append(estimatedHeight(length: $0)) }
        }
        heights.replace(oldFirst..<(oldLast + 1), withEstimates: estimates)
        var shifted: [Int: ParagraphLayout] = [:]
        for (p, layout) in cache where p < oldFirst || p > oldLast {
            shifted[p > oldLast ? p + delta : p] = layout
        }
        cache = shifted
        if scrollAnchor.paragraph > oldLast {
            scrollAnchor.paragraph += delta
        } else if scrollAnchor.paragraph > newLast {
            scrollAnchor.paragraph = newLast
        }
        normalizeAnchor()
    }

    /// Replaces the whole text (a file opened, an erase-all undone).
    public func replaceText(_ newText: TextStorage) {
        visibleLayoutStale = true
        text = newText
        rebuildEstimates()
        scrollAnchor = ScrollAnchor(paragraph: 0, offset: -padding)
    }

    /// A new viewport size. A width change relays out the visible paragraphs now and
    /// the rest when they come into view.
    public func setViewportSize(_ size: Size) {
        let widthChanged = size.width != viewportSize.width
        viewportSize = size
        if widthChanged {
            let anchor = scrollAnchor
            rebuildEstimates()
            scrollAnchor = anchor
        }
        normalizeAnchor()
    }
}
