/// A text being edited: its storage, the selection, the undo history, and the
/// on-disk format it came from. All offsets are UTF-8 offsets into `text`.
///
/// Every change goes through `replace(_:with:selection:kind:)`, so every change is
/// undoable and the selection is always valid.
public struct Document: Sendable {
    public private(set) var text: TextStorage
    /// Always within the text and on scalar boundaries.
    public var selection: Selection {
        didSet { selection = clamped(selection) }
    }
    public var format: TextFileFormat
    public private(set) var undoHistory: UndoHistory
    /// Counts every change (edits, undos, redos); lets observers notice "something changed".
    public private(set) var revision: UInt64 = 0
    /// The undo state that matches the file on disk; see `isModified`.
    private var savedStateID: UInt64?
    /// Whether changes are journaled for `takeChanges()` (an editor with a layout
    /// turns this on; a bare document keeps no snapshots).
    public var recordsChanges = false
    /// Changes not yet taken by `takeChanges()`, in order.
    public private(set) var pendingChanges: [TextChange] = []

    public init(text: TextStorage = TextStorage(), format: TextFileFormat = TextFileFormat(),
                undoMemoryLimit: Int = 512 << 20) {
        self.text = text
        self.selection = .caret(0)
        self.format = format
        self.undoHistory = UndoHistory(memoryLimit: undoMemoryLimit)
    }

    public init(_ string: String) {
        self.init(text: TextStorage(string))
    }

    // MARK: Editing

    /// Replaces `range` with `replacement` as one edit, and sets the selection to
    /// `newSelection` (default: a caret after the inserted text).
    public mutating func replace(
        _ range: Range<Int>, with replacement: String, selection newSelection: Selection? = nil,
        kind: EditKind = .other
    ) {
        replace(range, with: TextStorage(replacement), selection: newSelection, kind: kind)
    }

    public mutating func replace(
        _ range: Range<Int>, with replacement: TextStorage, selection newSelection: Selection? = nil,
        kind: EditKind = .other
    ) {
        precondition(range.lowerBound >= 0 && range.upperBound <= text.utf8Count, "range out of bounds")
        if range.isEmpty && replacement.isEmpty { return }
        let before = selection
        let removed = text.extracting(range)
        text.replace(range, with: replacement)
        noteChange(range, insertedLength: replacement.utf8Count)
        let after = newSelection ?? .caret(range.lowerBound + replacement.utf8Count)
        selection = after
        undoHistory.record(
            EditRecord(offset: range.lowerBound, removed: removed, inserted: replacement),
            kind: kind, selectionBefore: before, selectionAfter: selection)
    }

    /// Types `string` over the selection, as a key press or input-method commit does.
    public mutating func insertText(_ string: String) {
        replace(selection.range, with: string, kind: .typing)
    }

    /// Erases the whole text as one undo step (the scrub gesture).
    public mutating func eraseAll() {
        replace(0..<text.utf8Count, with: TextStorage(), selection: .caret(0), kind: .other)
    }

    /// Replaces the whole document with `newText`, as one undoable step.
    public mutating func replaceAll(with newText: TextStorage) {
        replace(0..<text.utf8Count, with: newText, selection: .caret(0), kind: .other)
    }

    /// Appends the rest of a file that was shown before it was fully read. Not an
    /// edit: no undo step, the saved state and the selection stay as they are (every
    /// undo record lies before the end, so they all stay valid).
    public mutating func appendLoadedText(_ rest: TextStorage) {
        guard !rest.isEmpty else { return }
        let end = text.utf8Count
        text.insert(rest, at: end)
        if recordsChanges {
            pendingChanges.append(TextChange(range: end..<end, insertedLength: rest.utf8Count, textAfter: text))
        }
    }

    // MARK: Undo

    public var canUndo: Bool { undoHistory.canUndo }
    public var canRedo: Bool { undoHistory.canRedo }

    /// Undoes the newest group and restores the selection it had before. Returns false
    /// when there was nothing to undo.
    @discardableResult
    public mutating func undo() -> Bool {
        guard let group = undoHistory.popUndo() else { return false }
        for edit in group.edits.reversed() {
            let range = edit.offset..<(edit.offset + edit.inserted.utf8Count)
            text.replace(range, with: edit.removed)
            noteChange(range, insertedLength: edit.removed.utf8Count)
        }
        selection = group.selectionBefore
        return true
    }

    @discardableResult
    public mutating func redo() -> Bool {
        guard let group = undoHistory.popRedo() else { return false }
        for edit in group.edits {
            let range = edit.offset..<(edit.offset + edit.removed.utf8Count)
            text.replace(range, with: edit.inserted)
            noteChange(range, insertedLength: edit.inserted.utf8Count)
        }
        selection = group.selectionAfter
        return true
    }

    /// Stops typing from joining the current undo group (call on caret moves that do
    /// not go through an edit, on focus loss, …).
    public mutating func breakUndoCoalescing() { undoHistory.closeGroup() }

    // MARK: Change journal

    private mutating func noteChange(_ range: Range<Int>, insertedLength: Int) {
        revision &+= 1
        guard recordsChanges else { return }
        pendingChanges.append(TextChange(range: range, insertedLength: insertedLength, textAfter: text))
    }

    /// The changes since the last call, oldest first (the layout follows them).
    public mutating func takeChanges() -> [TextChange] {
        defer { pendingChanges.removeAll() }
        return pendingChanges
    }

    // MARK: Saved state

    /// Whether the text differs from what was last loaded or saved (undoing back to
    /// that state clears it).
    public var isModified: Bool {
        undoHistory.currentStateID != savedStateID
    }

    /// Records that the current text is what is on disk.
    public mutating func markSaved() {
        undoHistory.closeGroup()
        savedStateID = undoHistory.currentStateID
    }

    // MARK: Positions

    /// Paragraph (0-based) and column in grapheme clusters of `offset`, as
    /// TRACE.md's state output counts them. O(length of the paragraph).
    public func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        let line = text.paragraphIndex(containing: offset)
        let start = text.paragraphStart(line)
        return (line, text.string(in: start..<offset).count)
    }

    /// Grapheme clusters before `offset` (O(offset): for output, not for editing).
    public func graphemeOffset(of offset: Int) -> Int {
        var count = 0
        var carry = ""
        // Slices may split a cluster, so count over a rolling tail.
        text.forEachSlice(in: 0..<offset) { slice in
            carry += slice
            let characters = carry.count
            if characters > 1 {
                count += characters - 1
                carry = String(carry.last!)
            }
            return true
        }
        return count + carry.count
    }

    private func clamped(_ s: Selection) -> Selection {
        func clamp(_ o: Int) -> Int {
            var o = min(max(o, 0), text.utf8Count)
            while !text.isScalarBoundary(o) { o -= 1 }
            return o
        }
        return Selection(anchor: clamp(s.anchor), head: clamp(s.head))
    }
}

/// One change to a document's text: `range` (offsets before the change) was
/// replaced by `insertedLength` bytes, leaving `textAfter` (an O(1) snapshot).
public struct TextChange: Sendable {
    public var range: Range<Int>
    public var insertedLength: Int
    public var textAfter: TextStorage
}
