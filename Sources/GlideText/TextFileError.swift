/// Why a file could not be opened or saved, worded for the person using Glidepad.
/// Whatever the error, the file on disk is left as it was.
public enum TextFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be opened or read (missing, permission, a folder, …).
    case unreadable(path: String, reason: String)
    /// Not UTF-8: `offset` is the file byte offset of the first bad sequence.
    case invalidUTF8(path: String, offset: Int)
    /// A NUL byte at `offset`: a binary file, not text.
    case binary(path: String, offset: Int)
    /// Saving failed during `step`; the original file is untouched.
    case saveFailed(path: String, step: String, reason: String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason):
            return "Cannot open \(path): \(reason)."
        case let .invalidUTF8(path, offset):
            return "Cannot open \(path): it is not valid UTF-8 (the first bad byte sequence is at byte offset \(offset)). Glidepad opens UTF-8 text only and has not changed the file."
        case let .binary(path, offset):
            return "Cannot open \(path): it looks like a binary file (a NUL byte at byte offset \(offset)). Glidepad opens text only and has not changed the file."
        case let .saveFailed(path, step, reason):
            return "Could not save \(path) (\(step): \(reason)). The file on disk is unchanged; your text is still open and in the draft."
        }
    }
}
