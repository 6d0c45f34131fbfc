/// A modifier held during a key press.
public enum KeyModifier: String, Sendable, Hashable, CaseIterable {
    case shift, ctrl, alt
}

/// A key press as X11 names it: the keysym name ("Left", "BackSpace", "z") and modifiers.
public struct KeyPress: Equatable, Sendable {
    public var keysym: String
    public var modifiers: Set<KeyModifier>

    public init(_ keysym: String, _ modifiers: Set<KeyModifier> = []) {
        self.keysym = keysym
        self.modifiers = modifiers
    }
}

