import GlideGestures
import GlideLayout
import GlideText

/// The floating caret of a cursor gesture, in view coordinates (filled in by the
/// gesture issue; the renderer already draws it).
public struct FloatingCaret: Equatable, Sendable {
    public var position: Point
    /// 1 = the real caret's size.
    public var scale: Double
    public var opacity: Double

    public init(position: Point, scale: Double = 1, opacity: Double = 1) {
        self.position = position; self.scale = scale; self.opacity = opacity
    }
}

/// What needs repainting since the last frame.
public enum Damage: Equatable, Sendable {
    case none
    /// View-coordinate rectangles.
    case rects([Rect])
    case full

    mutating func add(_ other: Damage) {
        switch (self, other) {
        case (.full, _), (_, .none): return
        case (_, .full), (.none, _): self = other
        case let (.rects(a), .rects(b)): self = .rects(a + b)
        }
    }
}

/// The editor: a document, its layout and the view state, and the commands of
/// GESTURES.md K1. The window and `glidepad replay` both drive this, so they behave
/// alike. Every change keeps the caret visible.
public final class Editor {
    public private(set) var document: Document
    public let layout: LayoutManager
    public let boundaries = TextBoundaries()
    public var clipboard: any Clipboard
    public var theme: Theme = .light {
        didSet { damage.add(.full) }
    }
    /// Caret width in points.
    public var caretWidth = 2.0
    /// Whether the caret is drawn (its blink phase); the window toggles it.
    public var caretVisible = true {
        didSet { if oldValue != caretVisible { damage.add(.rects([caretViewRect])) } }
    }
    /// Set by cursor gestures: the real caret turns grey and this is drawn.
    public var floatingCaret: FloatingCaret? {
        didSet {
            var rects: [Rect] = [caretViewRect]
            if let old = oldValue { rects.append(floatingCaretRect(old)) }
            if let new = floatingCaret { rects.append(floatingCaretRect(new)) }
            damage.add(.rects(rects))
        }
    }
    /// The x that up/down keep, in document coordinates; reset by other moves.
    private var goalX: Double?
    /// Which side of a soft wrap the caret is drawn on when it sits on one.
    public private(set) var caretAffinity: CaretAffinity = .downstream
    var damage: Damage = .full
    /// The mouse drag in progress (Editor+Pointer).
    var drag: DragState?
    /// The touch or touchpad cursor gesture in progress (Editor+Gestures).
    var cursorGesture: CursorGesture?
    /// The setting that restricts the two-finger free cursor to horizontal movement.
    public var freeCursorHorizontalOnly = false
    /// P6: the selections a pinch expanded from, to shrink back to.
    var pinchHistory: [Selection] = []
    /// The smoke of the last scrub, while it plays.
    public internal(set) var smoke: SmokeEffect?
    /// The animation clock's latest time (the renderer draws the smoke at it).
    public internal(set) var animationTime = 0.0
    /// The scroll position to give back when the scrub's erase is undone, with the
    /// undo depth right after that erase.
    var scrubUndo: (depth: Int, anchor: ScrollAnchor)?

    public init(document: Document, typesetter: any Typesetter, viewportSize: Size,
                clipboard: any Clipboard = MemoryClipboard()) {
        var document = document
        document.recordsChanges = true
        self.document = document
        self.layout = LayoutManager(text: document.text, typesetter: typesetter, viewportSize: viewportSize)
        self.clipboard = clipboard
    }

    public var selection: Selection { document.selection }

    // MARK: Input

    /// Handles a key press; returns false if it is not an editing key.
    @discardableResult
    public func handleKey(_ key: KeyPress) -> Bool {
        guard let command = EditorCommand(key) else {
            // Printable keys arrive as `text` from the input method, not here.
            return false
        }
        perform(command)
        return true
    }

    /// Committed text from the keyboard or an input method, typed over the selection.
    public func insertText(_ text: String) {
        guard !text.isEmpty else { return }
        edit { $0.insertText($0.format.lineEnding.normalizing(text)) }
    }

    public func perform(_ command: EditorCommand) {
        let keepsGoalX: Bool
        switch command {
        case .moveUp, .moveDown, .pageUp, .pageDown: keepsGoalX = true
        default: keepsGoalX = false
        }
        if !keepsGoalX { goalX = nil }
        switch command {
        case let .moveBackward(extend):
            let s = selection
            if !extend && !s.isEmpty { setSelection(.caret(s.lowerBound)) } else {
                move(to: boundaries.previousGrapheme(before: s.head, in: document.text), extend: extend)
            }
        case let .moveForward(extend):
            let s = selection
            if !extend && !s.isEmpty { setSelection(.caret(s.upperBound)) } else {
                move(to: boundaries.nextGrapheme(after: s.head, in: document.text), extend: extend)
            }
        case let .moveWordBackward(extend):
            move(to: boundaries.previousWordStart(before: selection.head, in: document.text), extend: extend)
        case let .moveWordForward(extend):
            move(to: boundaries.nextWordEnd(after: selection.head, in: document.text), extend: extend)
        case let .moveUp(extend): moveVertically(up: true, extend: extend)
        case let .moveDown(extend): moveVertically(up: false, extend: extend)
        case let .moveLineStart(extend):
            move(to: currentLine.range.lowerBound, extend: extend)
        case let .moveLineEnd(extend):
            let line = currentLine
            move(to: line.range.upperBound, extend: extend, affinity: line.endsParagraph ? .downstream : .upstream)
        case let .moveDocumentStart(extend): move(to: 0, extend: extend)
        case let .moveDocumentEnd(extend): move(to: document.text.utf8Count, extend: extend)
        case let .pageUp(extend): page(up: true, extend: extend)
        case let .pageDown(extend): page(up: false, extend: extend)
        case .deleteBackward:
            deleteOrErase { boundaries.previousGrapheme(before: $0, in: document.text)..<$0 }
        case .deleteForward:
            deleteOrErase { $0..<boundaries.nextGrapheme(after: $0, in: document.text) }
        case .deleteWordBackward:
            deleteOrErase { boundaries.previousWordStart(before: $0, in: document.text)..<$0 }
        case .deleteWordForward:
            deleteOrErase { $0..<boundaries.nextWordEnd(after: $0, in: document.text) }
        case .insertNewline:
            edit { $0.insertText($0.format.lineEnding.text) }
        case .insertTab:
            edit { $0.insertText("\t") }
        case .selectAll:
            setSelection(Selection(anchor: 0, head: document.text.utf8Count), reveal: false)
        case .undo:
            let undoingScrub = scrubUndo.map { $0.depth == document.undoHistory.undoDepth } ?? false
            edit { $0.undo() }
            if undoingScrub, let anchor = scrubUndo?.anchor {
                layout.setScrollAnchor(anchor)
                scrubUndo = nil
                damage = .full
            }
        case .redo:
            edit { $0.redo() }
        case .copy:
            if !selection.isEmpty { clipboard.text = document.text.string(in: selection.range) }
        case .cut:
            guard !selection.isEmpty else { return }
            clipboard.text = document.text.string(in: selection.range)
            edit { $0.replace($0.selection.range, with: "", kind: .other) }
        case .paste:
            guard let text = clipboard.text, !text.isEmpty else { return }
            edit { $0.replace($0.selection.range, with: $0.format.lineEnding.normalizing(text), kind: .other) }
        }
    }

    /// Pastes `text` over the selection (the window's asynchronous CLIPBOARD paste).
    public func paste(_ text: String) {
        guard !text.isEmpty else { return }
        edit { $0.replace($0.selection.range, with: $0.format.lineEnding.normalizing(text), kind: .other) }
    }

    /// Erases the whole text as one undo step.
    public func eraseAll() {
        edit { $0.eraseAll() }
    }

    /// Replaces the document (a file opened, a save that renamed it).
    public func replaceDocument(_ new: Document) {
        var new = new
        new.recordsChanges = true
        document = new
        layout.replaceText(new.text)
        caretAffinity = .downstream
        drag = nil
        damage = .full
    }

    /// Appends the rest of a large file read in the background (not an edit).
    public func appendLoadedText(_ rest: TextStorage) {
        document.appendLoadedText(rest)
        syncLayout()
        damage = .full
    }

    /// Marks the document saved (after the window's file session wrote it).
    public func markSaved() { document.markSaved() }

    // MARK: Viewport

    public func setViewportSize(_ size: Size) {
        layout.setViewportSize(size)
        damage = .full
    }

    public func scroll(by dy: Double) {
        guard dy != 0 else { return }
        let before = layout.scrollY
        layout.scroll(by: dy)
        if layout.scrollY != before { damage = .full }
    }

    /// What changed on screen since the last call (the renderer repaints only that).
    public func takeDamage() -> Damage {
        defer { damage = .none }
        return damage
    }

    // MARK: Geometry for drawing

    /// The real caret's rectangle in view coordinates.
    public var caretViewRect: Rect {
        layout.caretRect(at: selection.head, affinity: caretAffinity, width: caretWidth).offsetBy(dx: 0, dy: -layout.scrollY)
    }

    /// The visual line the caret is on.
    private var currentLine: LineFragment { layout.lineFragment(containing: selection.head, affinity: caretAffinity) }

    /// The grab points at the two ends of a selection, in view coordinates: a bar
    /// the height of the line at each end, with a knob above the start and below
    /// the end (empty when there is no selection).
    public var selectionGrabPoints: [(bar: Rect, knob: Point)] {
        let s = selection
        guard !s.isEmpty else { return [] }
        let start = layout.caretRect(at: s.lowerBound, width: caretWidth).offsetBy(dx: 0, dy: -layout.scrollY)
        let end = layout.caretRect(at: s.upperBound, affinity: s.head == s.upperBound ? caretAffinity : .downstream,
                                   width: caretWidth).offsetBy(dx: 0, dy: -layout.scrollY)
        return [(start, Point(x: start.midX, y: start.minY - 4)), (end, Point(x: end.midX, y: end.maxY + 4))]
    }

    /// The floating caret's rectangle in view coordinates, scale applied about its centre.
    public func floatingCaretRect(_ caret: FloatingCaret) -> Rect {
        let height = layout.typesetter.lineHeight * caret.scale
        let width = caretWidth * max(1, caret.scale * 1.5)
        return Rect(x: caret.position.x - width / 2, y: caret.position.y - height / 2, width: width, height: height)
    }

    // MARK: Internals

    private func move(to offset: Int, extend: Bool, affinity: CaretAffinity = .downstream) {
        setSelection(extend ? Selection(anchor: selection.anchor, head: offset) : .caret(offset), affinity: affinity)
    }

    /// Sets the selection from outside a key command (pointer, gestures), keeping the
    /// head in view.
    public func select(_ new: Selection, affinity: CaretAffinity = .downstream, reveal: Bool = true) {
        goalX = nil
        setSelection(new, affinity: affinity, reveal: reveal)
    }

    private func setSelection(_ new: Selection, affinity: CaretAffinity = .downstream, reveal: Bool = true) {
        let oldCaret = caretViewRect
        if let last = pinchHistory.last, !(new.lowerBound <= last.lowerBound && new.upperBound >= last.upperBound) {
            pinchHistory.removeAll()  // the selection went elsewhere: nothing to shrink back to
        }
        let wasEmpty = selection.isEmpty
        document.selection = new
        caretAffinity = affinity
        document.breakUndoCoalescing()
        if reveal { scrollToReveal(selection.head) }
        if wasEmpty && selection.isEmpty {
            damage.add(.rects([oldCaret, caretViewRect]))
        } else {
            damage.add(.full)
        }
    }

    private func scrollToReveal(_ offset: Int) {
        let before = layout.scrollY
        layout.scrollRangeToVisible(offset, affinity: caretAffinity)
        if layout.scrollY != before { damage = .full }
    }

    /// Runs a document mutation, then brings the layout up to date and the caret into view.
    private func edit(_ body: (inout Document) -> Void) {
        body(&document)
        caretAffinity = .downstream
        syncLayout()
        scrollToReveal(selection.head)
        damage = .full
    }

    private func syncLayout() {
        for change in document.takeChanges() {
            layout.textDidChange(change.textAfter, replaced: change.range, insertedLength: change.insertedLength)
        }
    }

    /// Deletes the selection, or the range `around` the caret gives.
    private func deleteOrErase(_ around: (Int) -> Range<Int>) {
        if !selection.isEmpty {
            edit { $0.replace($0.selection.range, with: "", kind: .other) }
            return
        }
        let range = around(selection.head)
        guard !range.isEmpty else { return }
        let kind: EditKind = range.lowerBound < selection.head ? .deleteBackward : .deleteForward
        edit { $0.replace(range, with: "", kind: kind) }
    }

    private func moveVertically(up: Bool, extend: Bool) {
        if !extend && !selection.isEmpty {
            setSelection(.caret(up ? selection.lowerBound : selection.upperBound))
            return
        }
        let x = goalX ?? caretViewRect.midX
        let fragment = currentLine
        if let next = up ? layout.lineFragment(before: fragment) : layout.lineFragment(after: fragment) {
            let target = layout.closestCaret(onLine: next, toX: x)
            move(to: target.offset, extend: extend, affinity: target.affinity)
        } else {
            move(to: up ? 0 : document.text.utf8Count, extend: extend)
        }
        goalX = x
    }

    private func page(up: Bool, extend: Bool) {
        let head = selection.head
        let caret = layout.caretRect(at: head, affinity: caretAffinity)
        let x = goalX ?? caret.midX
        let distance = max(layout.typesetter.lineHeight, layout.viewportSize.height - layout.typesetter.lineHeight)
        let viewY = caret.midY - layout.scrollY
        let before = layout.scrollY
        layout.scroll(by: up ? -distance : distance)
        // The caret keeps its place on screen; at either end of the document it goes
        // to the very start or end.
        var target = layout.closestCaret(to: Point(x: x, y: viewY))
        if layout.scrollY == before || target.offset == head {
            target = (up ? 0 : document.text.utf8Count, .downstream)
        }
        move(to: target.offset, extend: extend, affinity: target.affinity)
        goalX = x
        damage = .full
    }
}
