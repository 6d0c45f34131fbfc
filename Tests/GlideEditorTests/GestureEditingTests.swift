import Testing
import GlideEditor
import GlideGestures
import GlideLayout
import GlideText

/// Gestures through the engine into the editor, with the deterministic typesetter:
/// 10 pt columns from x = 12, 20 pt lines from y = 12.
@Suite("Gestures in the editor")
struct GestureEditingTests {
    final class Session {  // shared with HorizontalCursorTests
        let editor: Editor
        var engine = GestureEngine()
        var time = 0.0
        var caretPath: [Rect] = []
        var scrollDuringCursor: [Double] = []

        init(_ text: String, height: Double = 300) {
            editor = Editor(document: Document(text), typesetter: FixedAdvanceTypesetter(),
                            viewportSize: Size(width: 424, height: height))
        }

        func send(_ event: InputEvent, after dt: Double = 1.0 / 60) {
            time += dt
            editor.apply(engine.handle(event, at: time), at: time)
            editor.advanceAnimations(to: time)
            if editor.isCursorGestureActive {
                caretPath.append(editor.floatingCaret.map { editor.floatingCaretRect($0) } ?? .init(x: 0, y: 0, width: 0, height: 0))
                scrollDuringCursor.append(editor.layout.scrollY)
            }
        }

        func touch(_ phase: TouchPhase, _ id: Int, _ x: Double, _ y: Double, after dt: Double = 1.0 / 60) {
            send(.touch(phase: phase, id: id, x: x, y: y), after: dt)
        }

        func settle(seconds: Double = 1) {
            let end = time + seconds
            while time < end {
                time += 1.0 / 60
                editor.apply(engine.tick(at: time), at: time)
                editor.advanceAnimations(to: time)
            }
        }
    }

    static let text = (0..<60).map { "line \($0) with some words on it" }.joined(separator: "\n")

    /// Two fingers down at (200, 100) and (240, 100), then moved together by
    /// (dx, dy) in ten steps; the fingers stay down.
    func panTwoFingers(_ s: Session, dx: Double, dy: Double) {
        s.touch(.begin, 1, 200, 100)
        s.touch(.begin, 2, 240, 100, after: 0.03)
        for i in 1...10 {
            let step = Double(i) / 10
            s.touch(.update, 1, 200 + dx * step, 100 + dy * step)
            s.touch(.update, 2, 240 + dx * step, 100 + dy * step, after: 0)
        }
    }

    @Test("a two-finger pan moves the caret to the line and column under the moved point, and never scrolls")
    func twoFingerPan() {
        let s = Session(Self.text)
        s.editor.select(.caret(0))
        // Pan right 100 and down 60: from the caret at (12, 22) to (112, 82) → line 3, column 10.
        panTwoFingers(s, dx: 100, dy: 60)
        #expect(s.editor.document.lineAndColumn(of: s.editor.selection.head) == (3, 10))
        #expect(s.editor.isCursorGestureActive)
        #expect(Set(s.scrollDuringCursor) == [0])
        s.touch(.end, 1, 300, 160)
        s.touch(.end, 2, 340, 160, after: 0)
        s.settle()
        #expect(s.editor.floatingCaret == nil)
        #expect(!s.editor.isCursorGestureActive)
        #expect(s.editor.document.lineAndColumn(of: s.editor.selection.head) == (3, 10))
    }

    @Test("with the horizontal-only setting, a two-finger pan moves the caret along its line only")
    func horizontalOnly() {
        let s = Session(Self.text)
        s.editor.freeCursorHorizontalOnly = true
        s.editor.select(.caret(0))
        panTwoFingers(s, dx: 100, dy: 60)
        #expect(s.editor.document.lineAndColumn(of: s.editor.selection.head) == (0, 10))
    }

    @Test("the floating caret's path is continuous when a finger lifts mid-pan and comes back")
    func continuousPath() {
        let s = Session(Self.text)
        s.touch(.begin, 1, 100, 100)
        s.touch(.begin, 2, 180, 100, after: 0.02)
        var fingerStep = 0.0
        for i in 1...8 {
            s.touch(.update, 1, 100 + Double(i) * 4, 100 + Double(i) * 3)
            s.touch(.update, 2, 180 + Double(i) * 4, 100 + Double(i) * 3, after: 0)
            fingerStep = max(fingerStep, 5)
        }
        s.touch(.end, 2, 212, 124)
        for i in 1...8 { s.touch(.update, 1, 132 + Double(i) * 4, 124 + Double(i) * 3) }
        s.touch(.begin, 3, 300, 200)
        for i in 1...8 {
            s.touch(.update, 1, 164 + Double(i) * 4, 148)
            s.touch(.update, 3, 300 + Double(i) * 4, 200, after: 0)
        }
        // No step of the floating caret is larger than the fingers moved (5 pt per step).
        let centres = s.caretPath.map { ($0.midX, $0.midY) }
        for (a, b) in zip(centres, centres.dropFirst()) {
            let step = ((a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1)).squareRoot()
            #expect(step <= fingerStep + 0.001, "jump of \(step)")
        }
    }

    @Test("a one-finger vertical pan scrolls and does not move the caret")
    func oneFingerScroll() {
        let s = Session(Self.text)
        s.editor.select(.caret(5))
        s.touch(.begin, 1, 200, 250)
        for i in 1...10 { s.touch(.update, 1, 200, 250 - Double(i) * 15, after: 0.05) }
        s.touch(.end, 1, 200, 100, after: 0.05)
        #expect(s.editor.layout.scrollY == 150)
        #expect(s.editor.selection == .caret(5))
    }

    @Test("a tap places the caret at the tapped point")
    func tap() {
        let s = Session(Self.text)
        s.touch(.begin, 1, 12 + 42, 12 + 45)
        s.touch(.end, 1, 12 + 42, 12 + 45, after: 0.1)
        #expect(s.editor.document.lineAndColumn(of: s.editor.selection.head) == (2, 4))
    }

    @Test("a touchpad three-finger swipe drives the same free cursor")
    func swipe() {
        let s = Session(Self.text)
        s.editor.select(.caret(0))
        s.send(.swipe(phase: .begin, fingers: 3, dx: 0, dy: 0))
        for _ in 0..<10 { s.send(.swipe(phase: .update, fingers: 3, dx: 4, dy: 1.6)) }  // ×1.5 gain: (60, 24)
        #expect(s.editor.document.lineAndColumn(of: s.editor.selection.head) == (1, 6))
        s.send(.swipe(phase: .end, fingers: 3, dx: 0, dy: 0))
        s.settle()
        #expect(s.editor.floatingCaret == nil)
    }

    @Test("holding the cursor near the bottom edge auto-scrolls to text beyond the first screen")
    func autoscroll() {
        let s = Session(Self.text, height: 200)
        s.editor.select(.caret(0))
        s.touch(.begin, 1, 100, 50)
        s.touch(.begin, 2, 140, 50, after: 0.02)
        // Move the fingers so the cursor point sits in the bottom edge zone.
        s.touch(.update, 1, 100, 225)
        s.touch(.update, 2, 140, 225, after: 0)
        for _ in 0..<120 {
            s.time += 1.0 / 60
            s.editor.advanceAnimations(to: s.time)
        }
        #expect(s.editor.layout.scrollY > 200)
        let line = s.editor.document.lineAndColumn(of: s.editor.selection.head).line
        #expect(line > 12)  // the first screen shows about 9 lines
    }

    @Test("fuzz through the editor: random and malformed touches keep the caret a valid position")
    func fuzz() {
        let original = "日本語 mixed with English 👩‍👩‍👧\n" + Self.text
        let s = Session(original, height: 200)
        var state: UInt64 = 99
        func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 11
        }
        let boundaries = TextBoundaries()
        for _ in 0..<60_000 {
            let phases: [TouchPhase] = [.begin, .update, .update, .update, .end, .cancel]
            let x = next() % 97 == 0 ? Double.nan : Double(next() % 600) - 80
            let y = Double(next() % 400) - 80
            if next() % 9 == 0 {
                s.send(.swipe(phase: [.begin, .update, .end][Int(next() % 3)], fingers: 3, dx: x, dy: y), after: 0.004)
            } else {
                s.touch(phases[Int(next() % 6)], Int(next() % 20), x, y, after: Double(next() % 30) / 1000)
            }
            let head = s.editor.selection.head
            precondition(head >= 0 && head <= s.editor.document.text.utf8Count)
            precondition(boundaries.graphemeBoundary(atOrBefore: head, in: s.editor.document.text) == head)
            precondition(s.editor.layout.scrollY.isFinite)
        }
        // Random zigzags may scrub; whatever happened, undo brings the text back.
        while s.editor.document.canUndo { s.editor.perform(.undo) }
        #expect(s.editor.document.text.string == original)
    }
}

/// T3 with the deterministic typesetter: 10 pt per character, lines from x = 12.
@Suite("Horizontal cursor (T3)")
struct HorizontalCursorTests {
    /// "abc", an empty line, "longer line here", "x".
    func session() -> GestureEditingTests.Session {
        let s = GestureEditingTests.Session("abc\n\nlonger line here\nx")
        s.editor.select(.caret(0))
        return s
    }

    /// Starts a horizontal stroke and moves the finger to `dx` in small steps.
    func stroke(_ s: GestureEditingTests.Session, to targets: [Double]) {
        s.touch(.begin, 1, 300, 200)
        var current = 0.0
        for target in targets {
            while abs(target - current) > 0.01 {
                current += max(-4, min(4, target - current))
                s.touch(.update, 1, 300 + current, 200 + current / 8)  // y drifts: ignored
            }
        }
    }

    func head(_ s: GestureEditingTests.Session) -> (line: Int, column: Int) {
        s.editor.document.lineAndColumn(of: s.editor.selection.head)
    }

    @Test("a slow stroke stops at a line's end within the play, then wraps to an empty line, then past it")
    func playAtLineEnds() {
        let s = session()
        stroke(s, to: [30])                     // to the end of "abc"
        #expect(head(s) == (0, 3))
        stroke(s, to: [])                        // (no-op: keeps the gesture)
        s.touch(.update, 1, 300 + 58, 200)       // 28 pt past the end: still within the play
        #expect(head(s) == (0, 3))
        s.touch(.update, 1, 300 + 62, 200)       // 32 pt past: the empty line
        #expect(head(s) == (1, 0))
        s.touch(.update, 1, 300 + 90, 200)       // 28 pt more: still on the empty line
        #expect(head(s) == (1, 0))
        s.touch(.update, 1, 300 + 95, 200)       // past its play: the next line's start
        #expect(head(s) == (2, 0))
        s.touch(.end, 1, 300 + 95, 200)
        s.settle()
        #expect(s.editor.floatingCaret == nil)
        #expect(head(s) == (2, 0))
    }

    @Test("moving back before a line's start goes to the previous line's end, after the play")
    func backwards() {
        let s = GestureEditingTests.Session("first\nsecond")
        s.editor.select(.caret(6))  // start of "second"
        s.touch(.begin, 1, 300, 200)
        for i in 1...7 { s.touch(.update, 1, 300 - Double(i) * 4, 200) }  // −28: inside the play
        #expect(s.editor.document.lineAndColumn(of: s.editor.selection.head) == (1, 0))
        s.touch(.update, 1, 300 - 34, 200)
        #expect(s.editor.document.lineAndColumn(of: s.editor.selection.head) == (0, 5))
    }

    @Test("a fast stroke crosses several lines")
    func fastStroke() {
        let s = session()
        s.touch(.begin, 1, 100, 200)
        s.touch(.update, 1, 120, 201)            // decided: horizontal
        s.touch(.update, 1, 100 + 400, 204)      // one big jump
        #expect(head(s).line >= 2)
    }

    @Test("wrapped lines: the soft line end behaves like a paragraph end")
    func softWraps() {
        // 40 columns: "word " × 12 wraps after 8 words.
        let s = GestureEditingTests.Session(String(repeating: "word ", count: 12))
        s.editor.select(.caret(35))
        s.touch(.begin, 1, 100, 200)
        for i in 1...12 { s.touch(.update, 1, 100 + Double(i) * 4, 200) }  // +48: to the line's end (40 = 12 + 400)
        #expect(s.editor.selection.head == 40)
        #expect(s.editor.caretAffinity == .upstream)         // drawn at the end of the first visual line
        for i in 13...21 { s.touch(.update, 1, 100 + Double(i) * 4, 200) }  // +84: 34 past the end
        #expect(s.editor.selection.head == 40)
        #expect(s.editor.caretAffinity == .downstream)       // now the start of the next visual line
    }
}

/// T8: two-finger taps select at the tapped place.
@Suite("Two-finger taps (T8)")
struct TwoFingerTapTests {
    func tap(_ s: GestureEditingTests.Session, x: Double, y: Double, after gap: Double = 0.3) {
        s.touch(.begin, 1, x - 20, y, after: gap)
        s.touch(.begin, 2, x + 20, y, after: 0.02)
        s.touch(.end, 1, x - 20, y, after: 0.08)
        s.touch(.end, 2, x + 20, y, after: 0.01)
    }

    @Test("one, two and three taps select the word, the sentence and the paragraph at the tapped place")
    func unitsAtThePlace() {
        // Line 0 at y 12–32. "First one. Second sentence here. Third." then a second paragraph.
        let s = GestureEditingTests.Session("First one. Second sentence here. Third.\nAnother paragraph")
        s.editor.select(.caret(0))   // the caret is elsewhere: the tap decides
        let x = 12.0 + 10 * 14        // inside "Second"
        tap(s, x: x, y: 22)
        #expect(s.editor.document.text.string(in: s.editor.selection.range) == "Second")
        tap(s, x: x, y: 22, after: 0.15)
        #expect(s.editor.document.text.string(in: s.editor.selection.range) == "Second sentence here.")
        tap(s, x: x, y: 22, after: 0.15)
        #expect(s.editor.document.text.string(in: s.editor.selection.range) == "First one. Second sentence here. Third.")
        s.settle()
        #expect(s.editor.floatingCaret == nil)
    }

    @Test("Japanese: a word from ICU's dictionary, a sentence ending at 。")
    func japanese() {
        let s = GestureEditingTests.Session("今日は晴れです。明日は雨でしょう。")
        let x = 12.0 + 20 * 8.5       // on 明 (20 pt per character; 明 is the ninth)
        tap(s, x: x, y: 22)
        #expect(s.editor.document.text.string(in: s.editor.selection.range) == "明日")
        tap(s, x: x, y: 22, after: 0.15)
        #expect(s.editor.document.text.string(in: s.editor.selection.range) == "明日は雨でしょう。")
    }

    @Test("taps far apart or slow are separate single taps; a moving two-finger touch is no tap")
    func notMultiTaps() {
        let s = GestureEditingTests.Session("alpha beta gamma delta")
        tap(s, x: 12 + 20, y: 22)
        tap(s, x: 12 + 170, y: 22, after: 0.15)  // far away: a new single tap
        #expect(s.editor.document.text.string(in: s.editor.selection.range) == "delta")
        tap(s, x: 12 + 170, y: 22, after: 0.6)   // too slow for a double
        #expect(s.editor.document.text.string(in: s.editor.selection.range) == "delta")
        s.editor.select(.caret(0))
        s.touch(.begin, 1, 100, 22, after: 0.3)
        s.touch(.begin, 2, 140, 22, after: 0.02)
        s.touch(.update, 1, 130, 22, after: 0.03)
        s.touch(.update, 2, 170, 22, after: 0)
        s.touch(.end, 1, 130, 22, after: 0.03)
        s.touch(.end, 2, 170, 22, after: 0)
        #expect(s.editor.selection.isEmpty)
    }
}

/// T6 and T7: selecting with two fingers.
@Suite("Two-finger selection (T6, T7)")
struct TwoFingerSelectionTests {
    static let text = (0..<10).map { "line \($0) has words" }.joined(separator: "\n")

    func pan(_ s: GestureEditingTests.Session, holdFor hold: Double, dx: Double, dy: Double) {
        s.touch(.begin, 1, 200, 100)
        s.touch(.begin, 2, 240, 100, after: 0.02)
        s.touch(.update, 1, 201, 100, after: hold)  // within the slop: still holding
        for i in 1...10 {
            s.touch(.update, 1, 200 + dx * Double(i) / 10, 100 + dy * Double(i) / 10)
            s.touch(.update, 2, 240 + dx * Double(i) / 10, 100 + dy * Double(i) / 10, after: 0)
        }
        s.touch(.end, 1, 200 + dx, 100 + dy)
        s.touch(.end, 2, 240 + dx, 100 + dy, after: 0)
    }

    @Test("held still half a second, then a pan selects from the caret; without the hold it only moves the caret")
    func holdThenPan() {
        let s = GestureEditingTests.Session(Self.text)
        s.editor.select(.caret(3))
        pan(s, holdFor: 0.55, dx: 50, dy: 20)
        #expect(s.editor.selection.anchor == 3)
        #expect(s.editor.document.lineAndColumn(of: s.editor.selection.head) == (1, 8))
        let t = GestureEditingTests.Session(Self.text)
        t.editor.select(.caret(3))
        pan(t, holdFor: 0.3, dx: 50, dy: 20)
        #expect(t.editor.selection.isEmpty)
        #expect(t.editor.document.lineAndColumn(of: t.editor.selection.head) == (1, 8))
    }

    @Test("a three-finger swipe with Shift held (the window marks it held) selects from the caret")
    func shiftSwipe() {
        let s = GestureEditingTests.Session(Self.text)
        s.editor.select(.caret(3))
        s.send(.swipe(phase: .begin, fingers: 3, dx: 0, dy: 0))
        s.editor.apply(.cursorHeld, at: s.time)
        for _ in 0..<10 { s.send(.swipe(phase: .update, fingers: 3, dx: 4, dy: 0)) }
        #expect(s.editor.selection == Selection(anchor: 3, head: 9))
    }

    @Test("with a selection, a pan starting right or down moves its end, left or up its start")
    func adjustEnds() {
        let s = GestureEditingTests.Session(Self.text)
        // Line 1 starts at 17; select "1 has" (columns 5–10): 22..<27.
        s.editor.select(Selection(anchor: 22, head: 27))
        pan(s, holdFor: 0.05, dx: 30, dy: 0)          // right: the end moves to column 13
        #expect(s.editor.selection == Selection(anchor: 22, head: 30))
        pan(s, holdFor: 0.05, dx: -40, dy: 0)         // left: the start moves to column 1
        #expect(s.editor.selection.range == 18..<30)
        pan(s, holdFor: 0.05, dx: 0, dy: -20)         // up: the start moves to line 0
        #expect(s.editor.selection.upperBound == 30)
        #expect(s.editor.document.lineAndColumn(of: s.editor.selection.lowerBound) == (0, 1))
    }

    @Test("a selection shows grab points at both ends")
    func grabPoints() {
        let s = GestureEditingTests.Session(Self.text)
        #expect(s.editor.selectionGrabPoints.isEmpty)
        s.editor.select(Selection(anchor: 17, head: 27))  // "line 1 has"
        let points = s.editor.selectionGrabPoints
        #expect(points.count == 2)
        #expect(points[0].knob.y < points[0].bar.minY && points[1].knob.y > points[1].bar.maxY)
        #expect(abs(points[0].bar.midX - (12 + 0)) < 0.01 && abs(points[1].bar.midX - (12 + 100)) < 0.01)
    }
}

/// T9 through the editor: one undo step brings everything back.
@Suite("Scrub in the editor")
struct ScrubEditingTests {
    @Test("a scrub erases all with smoke; one Ctrl+Z restores text, caret, selection and scroll")
    func eraseAndUndo() {
        let text = (0..<80).map { "line \($0) of text to scrub away" }.joined(separator: "\n")
        let s = GestureEditingTests.Session(text, height: 200)
        s.editor.select(Selection(anchor: 700, head: 720))
        s.editor.layout.scroll(by: 400)
        let scroll = s.editor.layout.scrollY
        // A one-finger zigzag that first moves the cursor, then scrubs.
        s.touch(.begin, 1, 100, 100)
        var x = 100.0
        for amplitude in [160.0, -170, 160, -165, 150] {
            for _ in 0..<8 {
                x += amplitude / 8
                s.touch(.update, 1, x, 100)
            }
        }
        s.touch(.end, 1, x, 100)
        #expect(s.editor.document.text.isEmpty)
        #expect(s.editor.smoke != nil)
        #expect(s.editor.document.undoHistory.undoDepth == 1)
        s.settle(seconds: 1)
        #expect(s.editor.smoke == nil)
        s.editor.handleKey(KeyPress("z", [.ctrl]))
        #expect(s.editor.document.text.string == text)
        #expect(s.editor.selection == Selection(anchor: 700, head: 720))
        #expect(s.editor.layout.scrollY == scroll)
    }
}

/// P3 and P6 through the editor.
@Suite("Touchpad horizontal cursor (P3) and pinch (P6)")
struct TouchpadSelectionTests {
    @Test("a clearly horizontal two-finger scroll moves the caret along the line and ends when scrolling stops")
    func horizontalScroll() {
        let s = GestureEditingTests.Session("first line of text\nsecond")
        s.editor.select(.caret(0))
        for _ in 0..<10 { s.send(.scroll(dx: -5, dy: 0.5)) }   // fingers right: content right
        #expect(s.editor.selection.head == 5)
        #expect(s.editor.layout.scrollY == 0)
        s.settle(seconds: 0.5)
        #expect(s.editor.floatingCaret == nil)
        // A vertical scroll still scrolls.
        s.send(.scroll(dx: 0, dy: 5), after: 0.5)
        #expect(s.editor.selection.head == 5)
    }

    @Test("pinching out expands word → sentence → paragraph → all; pinching in shrinks back")
    func pinch() {
        let s = GestureEditingTests.Session("One two three. Four five six.\nSecond paragraph.")
        s.editor.select(.caret(16))   // in "Four"
        s.send(.pinch(phase: .begin, fingers: 2, scale: 1, dx: 0, dy: 0))
        let texts: [String] = [1.3, 1.6, 2.0, 2.5].map { scale in
            s.send(.pinch(phase: .update, fingers: 2, scale: scale, dx: 0, dy: 0))
            return s.editor.document.text.string(in: s.editor.selection.range)
        }
        #expect(texts == ["Four", "Four five six.", "One two three. Four five six.",
                          "One two three. Four five six.\nSecond paragraph."])
        s.send(.pinch(phase: .update, fingers: 2, scale: 1.9, dx: 0, dy: 0))
        #expect(s.editor.document.text.string(in: s.editor.selection.range) == "One two three. Four five six.")
        s.send(.pinch(phase: .end, fingers: 2, scale: 1.9, dx: 0, dy: 0))
    }
}
