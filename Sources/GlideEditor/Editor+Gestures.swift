import Foundation
import GlideGestures
import GlideLayout
import GlideText

/// The dual caret of cursor gestures (GESTURES.md T4/T5): while the gesture runs,
/// the floating caret follows the virtual cursor point in the tint colour and the
/// real caret (grey) jumps to the closest insertion point. Animations are functions
/// of the injected clock, so a frame at time t is reproducible.
extension Editor {
    /// How the floating caret swells and glides home (seconds and scale factors).
    /// The swell is as quick as the glide; Flutter's floating cursor uses 125 ms.
    public enum FloatingCaretAnimation {
        public static let swellUp = 0.09
        public static let settle = 0.16
        public static let peakScale = 1.5
        public static let movingScale = 1.2
        public static let movingOpacity = 0.72
        public static let glideHome = 0.125
        /// Auto-scroll starts this close to the top or bottom edge…
        public static let edgeZone = 36.0
        /// …and runs at this many points per second per point past the zone's start.
        public static let edgeSpeed = 14.0
    }

    struct CursorGesture {
        var began: Double
        /// The virtual cursor point when the gesture began (the caret's centre), in view points.
        var origin: Point
        var translation = Point.zero
        /// Set when the fingers lifted: the glide home runs from here.
        var ended: (time: Double, from: Point, scale: Double, opacity: Double)?
        var lastAdvance: Double
        /// The one-finger horizontal cursor (T3), when that is what runs.
        var horizontal: HorizontalCursor?
        /// The selection when the gesture began (T7 adjusts it).
        var selectionAtStart: Selection
        /// Where the view was when it began (a scrub gives it back on undo).
        var scrollAtStart: ScrollAnchor?
        /// While selecting (T6, T7): the end that stays put.
        var fixedEnd: Int?
        /// T7 waits for the first movement to know which end to move.
        var decidedEnd = false
    }

    /// T3: the line the horizontal cursor is on, and where its virtual point was
    /// last anchored (document x, and the finger's translation at that moment).
    struct HorizontalCursor {
        var line: LineFragment
        var anchorX: Double
        var anchorTranslation: Double
        /// The virtual point's document x now.
        var x: Double
    }

    /// Whether a cursor gesture is running (the floating caret follows the fingers).
    public var isCursorGestureActive: Bool { cursorGesture != nil && cursorGesture?.ended == nil }

    /// Whether `advanceAnimations(to:)` should be called at display rate.
    public var isAnimating: Bool { cursorGesture != nil || smoke != nil }

    /// Applies the gesture engine's intents at `time`.
    public func apply(_ intents: [Intent], at time: Double) {
        for intent in intents { apply(intent, at: time) }
    }

    public func apply(_ intent: Intent, at time: Double) {
        switch intent {
        case let .scroll(dy):
            scroll(by: dy)
        case let .tap(point):
            let (offset, affinity) = layout.closestCaret(to: point)
            select(.caret(offset), affinity: affinity)
        case .cursorBegan:
            let caret = caretViewRect
            cursorGesture = CursorGesture(began: time, origin: Point(x: caret.midX, y: caret.midY), lastAdvance: time,
                                          selectionAtStart: selection, scrollAtStart: layout.scrollAnchor)
            advanceAnimations(to: time)
        case .cursorHeld:
            // T6: held still, no selection: the pan selects from the caret.
            guard var gesture = cursorGesture, gesture.ended == nil, gesture.selectionAtStart.isEmpty else { return }
            gesture.fixedEnd = selection.head
            cursorGesture = gesture
        case let .cursorTranslation(dx, dy):
            guard var gesture = cursorGesture, gesture.ended == nil else { return }
            if !gesture.selectionAtStart.isEmpty && !gesture.decidedEnd {
                // Until the fingers have clearly moved, the direction is not known.
                guard (dx * dx + dy * dy).squareRoot() > GestureTuning.standard.slop / 2 else {
                    gesture.translation = Point(x: dx, y: dy)
                    cursorGesture = gesture
                    advanceAnimations(to: time)
                    return
                }
                // T7: a pan starting right or down moves the selection's end, left or up
                // its start; the virtual point starts at that end.
                gesture.decidedEnd = true
                let movesEnd = abs(dx) > abs(dy) ? dx > 0 : dy > 0
                let s = gesture.selectionAtStart
                gesture.fixedEnd = movesEnd ? s.lowerBound : s.upperBound
                let moving = layout.caretRect(at: movesEnd ? s.upperBound : s.lowerBound).offsetBy(dx: 0, dy: -layout.scrollY)
                // The whole pan so far counts, measured from that end.
                gesture.origin = Point(x: moving.midX, y: moving.midY)
            }
            // The setting that keeps the free cursor on its line (not while selecting).
            gesture.translation = Point(x: dx, y: freeCursorHorizontalOnly && gesture.fixedEnd == nil ? 0 : dy)
            cursorGesture = gesture
            followVirtualPoint()
            advanceAnimations(to: time)
        case .scrub:
            scrub(at: time)
        case .expandSelection:
            expandSelection()
        case .shrinkSelection:
            shrinkSelection()
        case let .twoFingerTap(point, count):
            selectUnit(at: point, count: count)
        case .horizontalCursorBegan:
            let caret = caretViewRect
            let line = layout.lineFragment(containing: selection.head, affinity: caretAffinity)
            let scrollAtStart = layout.scrollAnchor
            var gesture = CursorGesture(began: time, origin: Point(x: caret.midX, y: caret.midY), lastAdvance: time,
                                        selectionAtStart: selection, scrollAtStart: scrollAtStart)
            gesture.horizontal = HorizontalCursor(line: line, anchorX: caret.midX, anchorTranslation: 0, x: caret.midX)
            cursorGesture = gesture
            advanceAnimations(to: time)
        case let .horizontalTranslation(dx):
            guard var gesture = cursorGesture, gesture.ended == nil, var h = gesture.horizontal else { return }
            h = moveHorizontally(h, translation: dx)
            gesture.horizontal = h
            cursorGesture = gesture
            let (offset, affinity) = layout.closestCaret(onLine: h.line, toX: h.x)
            select(.caret(offset), affinity: affinity, reveal: false)
            advanceAnimations(to: time)
        case .cursorEnded:
            guard var gesture = cursorGesture, gesture.ended == nil else { return }
            let current = floatingCaret ?? FloatingCaret(position: virtualPoint(gesture))
            gesture.ended = (time, current.position, current.scale, current.opacity)
            cursorGesture = gesture
            advanceAnimations(to: time)
        }
    }

    /// Moves the animations (swell, glide home, edge auto-scroll, smoke) to `time`.
    public func advanceAnimations(to time: Double) {
        animationTime = time
        if let smoke {
            damage.add(.full)
            if smoke.isFinished(at: time) { self.smoke = nil }
        }
        guard var gesture = cursorGesture else { return }
        let A = FloatingCaretAnimation.self
        if let ended = gesture.ended {
            let t = min(1, (time - ended.time) / A.glideHome)
            if t >= 1 {
                cursorGesture = nil
                floatingCaret = nil
                return
            }
            // Decelerating: cubic ease-out into the real caret.
            let e = 1 - pow(1 - t, 3)
            let target = caretViewRect
            let position = Point(x: ended.from.x + (target.midX - ended.from.x) * e,
                                 y: ended.from.y + (target.midY - ended.from.y) * e)
            floatingCaret = FloatingCaret(position: position, scale: ended.scale + (1 - ended.scale) * e,
                                          opacity: ended.opacity + (1 - ended.opacity) * e)
            return
        }
        // Near the top or bottom edge, scroll — faster the further in — and let the
        // caret follow the point through the text that comes into view.
        let dt = max(0, time - gesture.lastAdvance)
        gesture.lastAdvance = time
        cursorGesture = gesture
        let point = virtualPoint(gesture)
        let height = layout.viewportSize.height
        var speed = 0.0
        if gesture.horizontal != nil {
            // The horizontal cursor scrolls its line into view instead.
        } else if point.y < A.edgeZone { speed = -(A.edgeZone - point.y) * A.edgeSpeed }
        if point.y > height - A.edgeZone { speed = (point.y - (height - A.edgeZone)) * A.edgeSpeed }
        if speed != 0 && dt > 0 {
            scroll(by: speed * min(dt, 0.1))
            followVirtualPoint()
        }
        let age = time - gesture.began
        let scale: Double
        if age < A.swellUp {
            scale = 1 + (A.peakScale - 1) * easeOut(age / A.swellUp)
        } else if age < A.swellUp + A.settle {
            scale = A.peakScale + (A.movingScale - A.peakScale) * easeOut((age - A.swellUp) / A.settle)
        } else {
            scale = A.movingScale
        }
        let opacity = 1 + (A.movingOpacity - 1) * easeOut(min(1, age / A.swellUp))
        // The virtual point may run past the view's side (the horizontal cursor's
        // play at a line end near the edge): keep the floating caret on screen.
        let width = layout.viewportSize.width
        let shown = Point(x: min(max(point.x, 3), width - 3), y: point.y)
        floatingCaret = FloatingCaret(position: shown, scale: scale, opacity: opacity)
    }

    private func virtualPoint(_ gesture: CursorGesture) -> Point {
        if let h = gesture.horizontal {
            return Point(x: h.x, y: h.line.rect.midY - layout.scrollY)
        }
        return Point(x: gesture.origin.x + gesture.translation.x, y: gesture.origin.y + gesture.translation.y)
    }

    /// The horizontal cursor's rules (GESTURES.md T3): the finger's y is ignored; past
    /// a line's end by more than the play, the point moves to the next line's start
    /// (before the start: the previous line's end) and re-anchors to the finger, the
    /// overshoot beyond the play carried along, so a slow stroke can stop at a line
    /// end or on an empty line while a fast one flows across several lines. Soft
    /// wraps count as line ends.
    private func moveHorizontally(_ state: HorizontalCursor, translation: Double) -> HorizontalCursor {
        var h = state
        let play = GestureTuning.standard.horizontalPlay
        h.x = h.anchorX + (translation - h.anchorTranslation)
        for _ in 0..<10_000 {
            let start = lineStartX(h.line), end = lineEndX(h.line)
            if h.x > end + play, let next = layout.lineFragment(after: h.line) {
                h.anchorX = lineStartX(next) + (h.x - (end + play))
                h.line = next
            } else if h.x < start - play, let previous = layout.lineFragment(before: h.line) {
                h.anchorX = lineEndX(previous) - ((start - play) - h.x)
                h.line = previous
            } else {
                break
            }
            h.anchorTranslation = translation
            h.x = h.anchorX
        }
        // Keep the line on screen as the caret travels down or up the text.
        scrollLineIntoView(h.line)
        return h
    }

    /// T9: erase everything as one undo step, and let it go up in smoke where the
    /// text was. A cursor gesture in progress is abandoned first and its caret moves
    /// undone, so Ctrl+Z brings back the text, the caret and selection from before
    /// the zigzag, and the scroll position.
    public func scrub(at time: Double) {
        if let gesture = cursorGesture {
            cursorGesture = nil
            floatingCaret = nil
            select(gesture.selectionAtStart, reveal: false)
            if let anchor = gesture.scrollAtStart { layout.setScrollAnchor(anchor) }
        }
        guard !document.text.isEmpty else { return }
        var lines: [Rect] = []
        for visible in layout.visibleParagraphs() {
            for line in visible.layout.lines where line.width > 0 {
                let top = visible.top + line.top - layout.scrollY
                lines.append(Rect(x: layout.padding, y: top, width: line.width, height: line.height))
            }
        }
        let anchor = layout.scrollAnchor
        eraseAll()
        scrubUndo = (document.undoHistory.undoDepth, anchor)
        smoke = SmokeEffect(start: time, lines: lines, lineHeight: layout.typesetter.lineHeight)
        advanceAnimations(to: time)
    }

    /// P6: word → sentence → paragraph → all, around the selection (or the caret).
    public func expandSelection() {
        let text = document.text
        let s = selection
        let candidates = [
            boundaries.wordRange(at: s.lowerBound, in: text),
            boundaries.sentenceRange(at: s.lowerBound, in: text),
            boundaries.paragraphRange(at: s.lowerBound, in: text),
            0..<text.utf8Count,
        ]
        // The smallest unit that holds the selection and is bigger than it.
        guard let next = candidates.first(where: { $0.lowerBound <= s.lowerBound && $0.upperBound >= s.upperBound && $0.count > s.range.count })
        else { return }
        pinchHistory.append(s)
        select(Selection(anchor: next.lowerBound, head: next.upperBound))
    }

    /// P6: back to the selection before the last expansion (or the caret).
    public func shrinkSelection() {
        if let previous = pinchHistory.popLast() {
            select(previous)
        } else if !selection.isEmpty {
            select(.caret(selection.head))
        }
    }

    /// T8: the word, sentence or paragraph at `point` (not at the old caret, as
    /// iOS 9 did).
    private func selectUnit(at point: Point, count: Int) {
        let offset = layout.closestPosition(to: point)
        let text = document.text
        var range: Range<Int>
        switch count {
        case 1: range = boundaries.wordRange(at: offset, in: text)
        case 2: range = boundaries.sentenceRange(at: offset, in: text)
        default: range = boundaries.paragraphRange(at: offset, in: text)
        }
        // A sentence's trailing spaces are ICU's, not the reader's.
        while range.upperBound > range.lowerBound {
            let last = boundaries.previousGrapheme(before: range.upperBound, in: text)
            guard text.string(in: last..<range.upperBound).allSatisfy(\.isWhitespace) else { break }
            range = range.lowerBound..<last
        }
        select(Selection(anchor: range.lowerBound, head: range.upperBound))
    }

    private func lineStartX(_ line: LineFragment) -> Double {
        layout.caretRect(at: line.range.lowerBound).midX
    }

    private func lineEndX(_ line: LineFragment) -> Double {
        layout.caretRect(at: line.range.upperBound, affinity: line.endsParagraph ? .downstream : .upstream).midX
    }

    private func scrollLineIntoView(_ line: LineFragment) {
        let top = line.rect.minY - layout.scrollY, bottom = line.rect.maxY - layout.scrollY
        if top < 0 { scroll(by: top) } else if bottom > layout.viewportSize.height { scroll(by: bottom - layout.viewportSize.height) }
    }

    /// The real caret goes to the insertion point closest to the virtual cursor
    /// point (while selecting, the selection's moving end does).
    private func followVirtualPoint() {
        guard let gesture = cursorGesture else { return }
        let (offset, affinity) = layout.closestCaret(to: virtualPoint(gesture))
        if let fixed = gesture.fixedEnd {
            let new = Selection(anchor: fixed, head: offset)
            if new != selection { select(new, affinity: affinity, reveal: false) }
            return
        }
        if offset != selection.head || !selection.isEmpty || affinity != caretAffinity {
            // Scrolling is locked during the gesture: only the edge zone scrolls.
            select(.caret(offset), affinity: affinity, reveal: false)
        }
    }

    private func easeOut(_ t: Double) -> Double { 1 - pow(1 - max(0, min(1, t)), 3) }
}
