import GlideGestures
/// What a key (or, later, a gesture) asks the editor to do. Moves take `extend`:
/// with Shift they move the selection's head and keep its anchor.
public enum EditorCommand: Equatable, Sendable {
    case moveBackward(extend: Bool)         // Left: one grapheme
    case moveForward(extend: Bool)          // Right
    case moveWordBackward(extend: Bool)     // Ctrl+Left
    case moveWordForward(extend: Bool)      // Ctrl+Right
    case moveUp(extend: Bool)               // keeps the caret's x
    case moveDown(extend: Bool)
    case moveLineStart(extend: Bool)        // Home: the visual line
    case moveLineEnd(extend: Bool)          // End
    case moveDocumentStart(extend: Bool)    // Ctrl+Home
    case moveDocumentEnd(extend: Bool)      // Ctrl+End
    case pageUp(extend: Bool)
    case pageDown(extend: Bool)
    case deleteBackward                     // BackSpace
    case deleteForward                      // Delete
    case deleteWordBackward                 // Ctrl+BackSpace
    case deleteWordForward                  // Ctrl+Delete
    case insertNewline                      // Return: the document's own line ending
    case insertTab
    case selectAll
    case undo
    case redo
    case copy
    case cut
    case paste

    /// The command a key press means, or nil for keys the editor leaves alone
    /// (the window handles Ctrl+S, Ctrl+O, Ctrl+Q).
    public init?(_ key: KeyPress) {
        let shift = key.modifiers.contains(.shift)
        let ctrl = key.modifiers.contains(.ctrl)
        if key.modifiers.contains(.alt) { return nil }
        switch (key.keysym, ctrl) {
        case ("Delete", false) where shift: self = .cut
        case ("Insert", false) where shift: self = .paste
        case ("Insert", true): self = .copy
        case ("Left", false), ("KP_Left", false): self = .moveBackward(extend: shift)
        case ("Right", false), ("KP_Right", false): self = .moveForward(extend: shift)
        case ("Left", true), ("KP_Left", true): self = .moveWordBackward(extend: shift)
        case ("Right", true), ("KP_Right", true): self = .moveWordForward(extend: shift)
        case ("Up", false), ("KP_Up", false): self = .moveUp(extend: shift)
        case ("Down", false), ("KP_Down", false): self = .moveDown(extend: shift)
        case ("Home", false), ("KP_Home", false): self = .moveLineStart(extend: shift)
        case ("End", false), ("KP_End", false): self = .moveLineEnd(extend: shift)
        case ("Home", true), ("KP_Home", true): self = .moveDocumentStart(extend: shift)
        case ("End", true), ("KP_End", true): self = .moveDocumentEnd(extend: shift)
        case ("Prior", _), ("Page_Up", _), ("KP_Prior", _): self = .pageUp(extend: shift)
        case ("Next", _), ("Page_Down", _), ("KP_Next", _): self = .pageDown(extend: shift)
        case ("BackSpace", false): self = .deleteBackward
        case ("BackSpace", true): self = .deleteWordBackward
        case ("Delete", false), ("KP_Delete", false): self = .deleteForward
        case ("Delete", true), ("KP_Delete", true): self = .deleteWordForward
        case ("Return", false), ("KP_Enter", false): self = .insertNewline
        case ("Tab", false): self = .insertTab
        default:
            guard ctrl else { return nil }
            switch key.keysym.lowercased() {
            case "a": self = .selectAll
            case "z": self = shift ? .redo : .undo
            case "y": self = .redo
            case "c": self = .copy
            case "x": self = .cut
            case "v": self = .paste
            default: return nil
            }
        }
    }
}
