import GlideLayout
import GlideText

/// Mouse behaviour (GESTURES.md M1–M4): click places the caret, drag selects and
/// auto-scrolls past the edges, double click selects a word and triple click a
/// paragraph (dragging then extends by words or paragraphs), Shift+click extends,
/// the wheel scrolls. Points are in view coordinates.
extension Editor {
    enum DragGranularity { case grapheme, word, paragraph }

    struct DragState {
        var granularity: DragGranularity
        /// The word or paragraph the drag began on (empty for graphemes).
        var origin: Range<Int>
        var anchor: Int
        var lastPoint: Point
    }

    public var isDragging: Bool { drag != nil }

    public func pointerDown(at point: Point, button: Int, clicks: Int, shift: Bool = false) {
        guard button == 1 else { return }
        let (offset, affinity) = layout.closestCaret(to: point)
        switch clicks {
        case 2:
            let word = boundaries.wordRange(at: offset, in: document.text)
            drag = DragState(granularity: .word, origin: word, anchor: word.lowerBound, lastPoint: point)
            select(Selection(anchor: word.lowerBound, head: word.upperBound))
        case 3...:
            let paragraph = paragraphRangeWithTerminator(at: offset)
            drag = DragState(granularity: .paragraph, origin: paragraph, anchor: paragraph.lowerBound, lastPoint: point)
            select(Selection(anchor: paragraph.lowerBound, head: paragraph.upperBound))
        default:
            let anchor = shift ? selection.anchor : offset
            drag = DragState(granularity: .grapheme, origin: offset..<offset, anchor: anchor, lastPoint: point)
            select(Selection(anchor: anchor, head: offset), affinity: affinity)
        }
    }

    public func pointerMoved(to point: Point) {
        guard var state = drag else { return }
        state.lastPoint = point
        drag = state
        extendDrag(to: point)
    }

    public func pointerUp(at point: Point) {
        guard drag != nil else { return }
        extendDrag(to: point)
        drag = nil
    }

    /// Auto-scroll speed while a drag is past the top or bottom edge, in points per
    /// second: faster the further past (up to 40 lines a second).
    public var autoscrollVelocity: Double {
        guard let point = drag?.lastPoint else { return 0 }
        let height = layout.viewportSize.height
        let past = point.y < 0 ? point.y : (point.y > height ? point.y - height : 0)
        let line = layout.typesetter.lineHeight
        return max(-40 * line, min(40 * line, past * 10))
    }

    /// Advances a drag's auto-scroll by `seconds` and extends the selection to where
    /// the pointer now is over the text.
    public func autoscroll(for seconds: Double) {
        let velocity = autoscrollVelocity
        guard velocity != 0, let point = drag?.lastPoint else { return }
        scroll(by: velocity * seconds)
        extendDrag(to: point)
    }

    /// Middle click: the PRIMARY selection's text goes in at the click.
    public func pastePrimary(_ text: String, at point: Point) {
        let offset = layout.closestPosition(to: point)
        select(.caret(offset))
        insertText(text)
    }

    /// Wheel and smooth scrolling (positive: later text comes into view).
    public func wheel(dy: Double) { scroll(by: dy) }

    private func extendDrag(to point: Point) {
        guard let state = drag else { return }
        let (offset, affinity) = layout.closestCaret(to: point)
        switch state.granularity {
        case .grapheme:
            select(Selection(anchor: state.anchor, head: offset), affinity: affinity)
        case .word, .paragraph:
            let unit = state.granularity == .word
                ? boundaries.wordRange(at: offset, in: document.text) : paragraphRangeWithTerminator(at: offset)
            if offset < state.origin.lowerBound {
                select(Selection(anchor: state.origin.upperBound, head: min(unit.lowerBound, offset)))
            } else {
                select(Selection(anchor: state.origin.lowerBound, head: max(unit.upperBound, state.origin.upperBound)))
            }
        }
    }

    /// A paragraph with its line terminator, as a triple click selects it.
    private func paragraphRangeWithTerminator(at offset: Int) -> Range<Int> {
        let p = document.text.paragraphIndex(containing: offset)
        let start = document.text.paragraphStart(p)
        let end = p + 1 < document.text.paragraphCount ? document.text.paragraphStart(p + 1) : document.text.utf8Count
        return start..<end
    }
}
