/// How a file ends its lines. Glidepad keeps the bytes of a file exactly as found
/// (a CRLF file stays CRLF, even a mixed one keeps each line's ending); this is the
/// ending a new line gets when the user presses Return or pastes text.
public enum LineEnding: String, Sendable, CaseIterable {
    case lf = "\n"
    case crlf = "\r\n"

    /// The terminator as text.
    public var text: String { rawValue }

    /// `text` with every line ending (`\r\n`, lone `\r` or `\n`) turned into `self`,
    /// for text that comes from elsewhere (a paste, an input method).
    public func normalizing(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\r":
                out.append(rawValue)
                previousWasCR = true
                continue
            case "\n":
                if !previousWasCR { out.append(rawValue) }
            default:
                out.unicodeScalars.append(scalar)
            }
            previousWasCR = false
        }
        return out
    }
}

/// What a file looked like on disk, so that saving writes it back the same way.
public struct TextFileFormat: Equatable, Sendable {
    public var lineEnding: LineEnding
    public var hasByteOrderMark: Bool

    public init(lineEnding: LineEnding = .lf, hasByteOrderMark: Bool = false) {
        self.lineEnding = lineEnding
        self.hasByteOrderMark = hasByteOrderMark
    }
}
