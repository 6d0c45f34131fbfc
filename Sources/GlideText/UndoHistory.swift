import DequeModule

/// What kind of change an edit is; consecutive edits of the same kind may join one
/// undo group (see `UndoHistory.record`).
public enum EditKind: Sendable, Equatable {
    /// Typed text (a key or an input-method commit) replacing the selection.
    case typing
    /// Backspace: removes text before the caret.
    case deleteBackward
    /// Delete: removes text after the caret.
    case deleteForward
    /// Anything that is its own undo step: paste, cut, erase all, a file reload.
    case other
}

/// One replacement: at `offset`, `removed` was taken out and `inserted` put in.
/// Both texts are rope snapshots, so an erase-all of a 100 MB document costs O(1)
/// to record and O(log n) to undo.
struct EditRecord: Sendable {
    var offset: Int
    var removed: TextStorage
    var inserted: TextStorage

    var cost: Int { removed.utf8Count + inserted.utf8Count }
}

/// A step of undo: the edits made and the selection before and after them.
struct UndoGroup: Sendable {
    var edits: [EditRecord]
    var kind: EditKind
    var selectionBefore: Selection
    var selectionAfter: Selection
    /// Unique, to tell whether the document is back at its saved state.
    var id: UInt64
    /// Closed groups never take more edits (after undo, save, or a caret move).
    var isOpen: Bool

    var cost: Int { edits.reduce(0) { $0 + $1.cost } + 64 }
}

/// Undo and redo stacks with word-sized coalescing of typing and deleting, and a
/// memory cap: the oldest groups are dropped once the texts they hold exceed
/// `memoryLimit` bytes — never the newest, so even an erase-all of a document
/// larger than the cap stays undoable.
public struct UndoHistory: Sendable {
    /// Bytes of removed and inserted text the history may hold.
    public var memoryLimit: Int

    var undoStack: Deque<UndoGroup> = []
    var redoStack: [UndoGroup] = []
    private(set) var cost = 0
    private var nextID: UInt64 = 1

    public init(memoryLimit: Int = 512 << 20) {
        self.memoryLimit = memoryLimit
    }

    public var canUndo: Bool { !undoStack.isEmpty }
    public var canRedo: Bool { !redoStack.isEmpty }
    /// Undo groups available.
    public var undoDepth: Int { undoStack.count }
    public var redoDepth: Int { redoStack.count }
    /// Identifies the current state (nil for the state before any kept edit).
    var currentStateID: UInt64? { undoStack.last?.id }

    /// Stops the newest group from taking more edits.
    public mutating func closeGroup() {
        if !undoStack.isEmpty { undoStack[undoStack.count - 1].isOpen = false }
    }

    mutating func record(
        _ edit: EditRecord, kind: EditKind, selectionBefore: Selection, selectionAfter: Selection
    ) {
        redoStack.removeAll()
        if var last = undoStack.last, last.isOpen, last.kind == kind,
           last.selectionAfter == selectionBefore,
           let merged = UndoHistory.coalesce(last.edits[last.edits.count - 1], edit, kind: kind)
        {
            cost -= last.cost
            last.edits[last.edits.count - 1] = merged
            last.selectionAfter = selectionAfter
            cost += last.cost
            undoStack[undoStack.count - 1] = last
        } else {
            closeGroup()
            let group = UndoGroup(
                edits: [edit], kind: kind, selectionBefore: selectionBefore,
                selectionAfter: selectionAfter, id: nextID, isOpen: kind != .other)
            nextID += 1
            cost += group.cost
            undoStack.append(group)
        }
        trimToMemoryLimit()
    }

    mutating func popUndo() -> UndoGroup? {
        guard var group = undoStack.popLast() else { return nil }
        group.isOpen = false
        cost -= group.cost
        redoStack.append(group)
        return group
    }

    mutating func popRedo() -> UndoGroup? {
        guard let group = redoStack.popLast() else { return nil }
        cost += group.cost
        undoStack.append(group)
        trimToMemoryLimit()
        return group
    }

    private mutating func trimToMemoryLimit() {
        while cost > memoryLimit && undoStack.count > 1 {
            cost -= undoStack.removeFirst().cost
        }
    }

    /// Joins `next` onto `previous` when they continue one word of typing or deleting.
    /// A group ends where a new word begins: typing a non-space after a space, or
    /// deleting back into a space from a word.
    static func coalesce(_ previous: EditRecord, _ next: EditRecord, kind: EditKind) -> EditRecord? {
        switch kind {
        case .typing:
            guard next.removed.isEmpty, previous.removed.isEmpty || previous.inserted.utf8Count > 0,
                  next.offset == previous.offset + previous.inserted.utf8Count,
                  next.inserted.utf8Count <= 16
            else { return nil }
            if let last = previous.inserted.string.unicodeScalars.last,
               let first = next.inserted.string.unicodeScalars.first,
               last.properties.isWhitespace && !first.properties.isWhitespace
            {
                return nil
            }
            var merged = previous
            merged.inserted.insert(next.inserted, at: merged.inserted.utf8Count)
            return merged
        case .deleteBackward:
            guard next.inserted.isEmpty, previous.inserted.isEmpty,
                  next.offset + next.removed.utf8Count == previous.offset
            else { return nil }
            if let deletedBefore = previous.removed.string.unicodeScalars.first,
               let deletingNow = next.removed.string.unicodeScalars.last,
               !deletedBefore.properties.isWhitespace && deletingNow.properties.isWhitespace
            {
                return nil
            }
            var merged = next
            merged.removed.insert(previous.removed, at: merged.removed.utf8Count)
            return merged
        case .deleteForward:
            guard next.inserted.isEmpty, previous.inserted.isEmpty, next.offset == previous.offset
            else { return nil }
            var merged = previous
            merged.removed.insert(next.removed, at: merged.removed.utf8Count)
            return merged
        case .other:
            return nil
        }
    }
}
