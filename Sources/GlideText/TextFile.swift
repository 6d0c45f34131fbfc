#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A document's text as read from disk, with the format to write it back in.
public struct LoadedText: Sendable {
    public var text: TextStorage
    public var format: TextFileFormat
}

/// Reading and writing text files.
///
/// Reading streams the file in 1 MiB blocks straight into 4 KiB rope chunks,
/// validating UTF-8 with the standard library as it goes, so memory stays at about
/// the file's size and a 100 MB file opens in well under half a second.
/// Writing is atomic: a temporary file beside the target, fsync, rename, fsync the
/// folder, with the target's permissions.
public enum TextFile {
    static let blockSize = 1 << 20

    // MARK: Loading

    public static func load(path: String) throws(TextFileError) -> LoadedText {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw .unreadable(path: path, reason: systemErrorDescription()) }
        defer { _ = Glibc.close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
            throw .unreadable(path: path, reason: "it is a folder")
        }
        var decoder = UTF8ChunkDecoder(path: path)
        var block = [UInt8](repeating: 0, count: blockSize)
        while true {
            let count = block.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: systemErrorDescription())
            }
            if count == 0 { break }
            try block.withUnsafeBufferPointer { (all) throws(TextFileError) in
                try decoder.consume(UnsafeBufferPointer(rebasing: all[..<count]))
            }
        }
        return try decoder.finish()
    }

    /// Decodes a whole file's bytes (for text that did not come from a path).
    public static func decode(_ bytes: [UInt8], path: String = "<memory>") throws(TextFileError) -> LoadedText {
        var decoder = UTF8ChunkDecoder(path: path)
        try bytes.withUnsafeBufferPointer { (all) throws(TextFileError) in try decoder.consume(all) }
        return try decoder.finish()
    }

    // MARK: Saving

    /// Writes `text` to `path` atomically in `format` (BOM and all). On failure the
    /// file at `path` is exactly as it was, and the error says which step failed.
    public static func save(
        _ text: TextStorage, format: TextFileFormat, to path: String,
        operations: FileOperations = .system
    ) throws(TextFileError) {
        let writer = AtomicFileWriter(path: path, operations: operations)
        try writer.write { sink throws(TextFileError) in
            if format.hasByteOrderMark { try sink.append([0xEF, 0xBB, 0xBF]) }
            var failure: TextFileError?
            text.forEachSlice(in: 0..<text.utf8Count) { slice in
                do throws(TextFileError) {
                    try sink.append(slice)
                    return true
                } catch {
                    failure = error
                    return false
                }
            }
            if let failure { throw failure }
        }
    }
}

/// Turns a stream of bytes into rope chunks: checks for NUL bytes and invalid UTF-8
/// (reporting the file offset of the first), strips a leading BOM, and notes the
/// first line ending.
struct UTF8ChunkDecoder {
    let path: String
    private var pending: [UInt8] = []
    /// File offset of `pending[0]`.
    private var pendingOffset = 0
    private var chunks: [TextChunk] = []
    private var sawStart = false
    private var format = TextFileFormat()
    private var lineEndingKnown = false
    private var lastByte: UInt8 = 0

    init(path: String) {
        self.path = path
        pending.reserveCapacity(TextFile.blockSize + TextChunk.maximumUTF8)
    }

    mutating func consume(_ bytes: UnsafeBufferPointer<UInt8>) throws(TextFileError) {
        var bytes = bytes
        if !sawStart {
            // The BOM may only be recognised once three bytes are in.
            if pending.count + bytes.count < 3 {
                pending.append(contentsOf: bytes)
                return
            }
            sawStart = true
            pending.append(contentsOf: bytes)
            if pending.starts(with: [0xEF, 0xBB, 0xBF]) {
                format.hasByteOrderMark = true
                pending.removeFirst(3)
                pendingOffset = 3
            }
            bytes = UnsafeBufferPointer(start: nil, count: 0)
        } else {
            pending.append(contentsOf: bytes)
        }
        try cutChunks(final: false)
    }

    mutating func finish() throws(TextFileError) -> LoadedText {
        sawStart = true
        try cutChunks(final: true)
        if chunks.count >= 2 && chunks[chunks.count - 1].isUndersized {
            var last = chunks.removeLast()
            if !chunks[chunks.count - 1].rebalance(nextNeighbor: &last) { chunks.append(last) }
        }
        return LoadedText(text: TextStorage(chunks: chunks), format: format)
    }

    private mutating func cutChunks(final: Bool) throws(TextFileError) {
        let path = self.path
        let baseOffset = pendingOffset
        var consumed = 0
        var newChunks: [TextChunk] = []
        var lineEnding: LineEnding?
        var lastByte = self.lastByte
        let needLineEnding = !lineEndingKnown
        try pending.withUnsafeBufferPointer { (all: UnsafeBufferPointer<UInt8>) throws(TextFileError) in
            if let nul = all.firstIndex(of: 0) {
                // Report it only if everything before it is valid UTF-8.
                if let bad = TextFile.firstInvalidUTF8Offset(UnsafeBufferPointer(rebasing: all[..<nul])) {
                    throw .invalidUTF8(path: path, offset: baseOffset + bad)
                }
                throw .binary(path: path, offset: baseOffset + nul)
            }
            while true {
                let remaining = all.count - consumed
                if remaining == 0 { break }
                if !final && remaining < TextChunk.maximumUTF8 + 4 { break }
                var end = consumed + min(remaining, TextChunk.maximumUTF8)
                if end < all.count {
                    var back = 0
                    while back < 3 && end > consumed && all[end] & 0xC0 == 0x80 { end -= 1; back += 1 }
                }
                let slice = UnsafeBufferPointer(rebasing: all[consumed..<end])
                guard let string = String(validating: slice, as: UTF8.self) else {
                    let bad = TextFile.firstInvalidUTF8Offset(slice) ?? 0
                    throw .invalidUTF8(path: path, offset: baseOffset + consumed + bad)
                }
                let newlines = TextChunk.countNewlines(in: slice)
                if needLineEnding && lineEnding == nil && newlines > 0, let nl = slice.firstIndex(of: 0x0A) {
                    let before = nl > slice.startIndex ? slice[nl - 1] : lastByte
                    lineEnding = before == 0x0D ? .crlf : .lf
                }
                lastByte = slice[slice.endIndex - 1]
                newChunks.append(TextChunk(string, newlines: newlines))
                consumed = end
            }
        }
        self.lastByte = lastByte
        if let lineEnding {
            format.lineEnding = lineEnding
            lineEndingKnown = true
        }
        chunks.append(contentsOf: newChunks)
        pending.removeFirst(consumed)
        pendingOffset += consumed
    }
}

extension TextFile {
    /// Offset of the first byte that does not begin a valid UTF-8 sequence (overlong
    /// forms, surrogates and truncated sequences included), or nil if all is valid.
    static func firstInvalidUTF8Offset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}

extension TextFile {
    /// The beginning of a file, for showing a large file before all of it is read:
    /// the whole lines within its first `maximumBytes` bytes, decoded and checked
    /// exactly as `load` would. Small files (or ones with no line break early on)
    /// come back whole, with `isWhole` set.
    public static func loadBeginning(path: String, maximumBytes: Int) throws(TextFileError) -> (text: LoadedText, isWhole: Bool) {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw .unreadable(path: path, reason: systemErrorDescription()) }
        var info = stat()
        let size = fstat(fd, &info) == 0 ? Int(info.st_size) : 0
        guard size > maximumBytes, (info.st_mode & S_IFMT) == S_IFREG else {
            _ = Glibc.close(fd)
            return (try load(path: path), true)
        }
        var bytes = [UInt8](repeating: 0, count: maximumBytes)
        var filled = 0
        while filled < maximumBytes {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, maximumBytes - filled) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            filled += n
        }
        _ = Glibc.close(fd)
        guard let lastNewline = bytes[..<filled].lastIndex(of: 0x0A) else { return (try load(path: path), true) }
        var decoder = UTF8ChunkDecoder(path: path)
        try bytes.withUnsafeBufferPointer { (all) throws(TextFileError) in
            try decoder.consume(UnsafeBufferPointer(rebasing: all[...lastNewline]))
        }
        return (try decoder.finish(), false)
    }
}
