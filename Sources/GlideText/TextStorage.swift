import _RopeModule

/// The text of a document: a B-tree rope of UTF-8 chunks (swift-collections'
/// `Rope`), summarised by byte and newline counts.
///
/// Positions are UTF-8 offsets. Costs (n = bytes, p = paragraphs):
/// - insert/remove a short string: O(log n), touching one 4 KiB leaf;
/// - offset → paragraph and paragraph → offset: O(log n) plus one leaf scan;
/// - `extracting(_:)` and copying the whole storage share structure: O(log n) / O(1).
/// A value type: copies are snapshots (used by undo and by the autosaver).
public struct TextStorage: Sendable {
    var rope: Rope<TextChunk>

    public init() { rope = Rope() }

    public init(_ string: String) {
        rope = Rope()
        if !string.isEmpty { rope = TextStorage.rope(for: string) }
    }

    init(rope: Rope<TextChunk>) { self.rope = rope }

    /// Builds a storage from chunks already cut on scalar boundaries (used by the loader).
    init(chunks: [TextChunk]) { rope = Rope(chunks) }

    public var utf8Count: Int { rope.isEmpty ? 0 : rope.summary.utf8 }
    public var isEmpty: Bool { utf8Count == 0 }
    public var newlineCount: Int { rope.isEmpty ? 0 : rope.summary.newlines }
    /// Paragraphs are the runs of text between newlines; an empty text has one.
    public var paragraphCount: Int { newlineCount + 1 }

    /// The whole text as one `String` (O(n): for tests, small documents and output).
    public var string: String { string(in: 0..<utf8Count) }

    // MARK: Reading

    public func string(in range: Range<Int>) -> String {
        precondition(range.lowerBound >= 0 && range.upperBound <= utf8Count, "range out of bounds")
        var result = ""
        result.reserveCapacity(range.count)
        forEachSlice(in: range) { result.append(contentsOf: $0); return true }
        return result
    }

    /// Calls `body` with consecutive pieces of the text in `range`, in order, until it
    /// returns false. Slices are never empty and start and end on scalar boundaries.
    public func forEachSlice(in range: Range<Int>, _ body: (Substring) -> Bool) {
        guard !range.isEmpty else { return }
        var position = range.lowerBound
        _ = rope.forEachWhile(from: range.lowerBound, in: UTF8Metric()) { chunk, start in
            let s = chunk.string
            let lo = start ?? 0
            let hi = min(chunk.utf8Count, lo + (range.upperBound - position))
            let u = s.utf8
            let a = u.index(u.startIndex, offsetBy: lo)
            let b = u.index(a, offsetBy: hi - lo)
            position += hi - lo
            guard hi > lo else { return position < range.upperBound }
            return body(s[a..<b]) && position < range.upperBound
        }
    }

    /// Calls `body` with the text in `range` backwards, slice by slice (each slice in
    /// reading order), until it returns false.
    func forEachSliceBackward(in range: Range<Int>, _ body: (Substring) -> Bool) {
        var end = range.upperBound
        while end > range.lowerBound {
            let (index, remaining) = rope.find(at: end, in: UTF8Metric(), preferEnd: true)
            let chunk = rope[index]
            let chunkStart = end - remaining
            let lo = max(range.lowerBound, chunkStart) - chunkStart
            let u = chunk.string.utf8
            let a = u.index(u.startIndex, offsetBy: lo)
            let b = u.index(u.startIndex, offsetBy: remaining)
            if !body(chunk.string[a..<b]) { return }
            end = chunkStart + lo
        }
    }

    /// The UTF-8 byte at `offset`.
    public func utf8Byte(at offset: Int) -> UInt8 {
        precondition(offset >= 0 && offset < utf8Count, "offset out of bounds")
        let (index, remaining) = rope.find(at: offset, in: UTF8Metric(), preferEnd: false)
        let u = rope[index].string.utf8
        return u[u.index(u.startIndex, offsetBy: remaining)]
    }

    /// Whether `offset` falls between two Unicode scalars (edits must).
    public func isScalarBoundary(_ offset: Int) -> Bool {
        if offset <= 0 || offset >= utf8Count { return offset == 0 || offset == utf8Count }
        return utf8Byte(at: offset) & 0xC0 != 0x80
    }

    /// A copy of the text in `range`, sharing the rope's untouched subtrees.
    public func extracting(_ range: Range<Int>) -> TextStorage {
        precondition(range.lowerBound >= 0 && range.upperBound <= utf8Count, "range out of bounds")
        if range.lowerBound == 0 && range.upperBound == utf8Count { return self }
        if range.isEmpty { return TextStorage() }
        return TextStorage(rope: rope.extract(range, in: UTF8Metric()))
    }

    // MARK: Paragraphs

    /// The paragraph (0-based) that holds `offset`; an offset just past a newline is
    /// in the next paragraph. O(log n).
    public func paragraphIndex(containing offset: Int) -> Int {
        precondition(offset >= 0 && offset <= utf8Count, "offset out of bounds")
        if offset == 0 || rope.isEmpty { return 0 }
        let (index, remaining) = rope.find(at: offset, in: UTF8Metric(), preferEnd: true)
        let before = rope.offset(of: index, in: NewlineMetric())
        let chunk = rope[index].string
        let end = chunk.utf8.index(chunk.utf8.startIndex, offsetBy: remaining)
        return before + TextChunk.countNewlines(in: chunk[..<end])
    }

    /// The offset where paragraph `n` starts. O(log n).
    public func paragraphStart(_ n: Int) -> Int {
        precondition(n >= 0 && n < paragraphCount, "paragraph out of bounds")
        if n == 0 { return 0 }
        let (index, remaining) = rope.find(at: n, in: NewlineMetric(), preferEnd: true)
        let chunkStart = rope.offset(of: index, in: UTF8Metric())
        return chunkStart + rope[index].offset(afterNewline: remaining)
    }

    /// Paragraph `n`'s text, without its line terminator (`\n` or `\r\n`).
    public func paragraphRange(_ n: Int) -> Range<Int> {
        let start = paragraphStart(n)
        if n + 1 == paragraphCount { return start..<utf8Count }
        var end = paragraphStart(n + 1) - 1
        if end > start && utf8Byte(at: end - 1) == 0x0D { end -= 1 }
        return start..<end
    }

    // MARK: Editing

    /// Replaces the text in `range` with `text`. Both ends must be scalar boundaries.
    public mutating func replace(_ range: Range<Int>, with text: String) {
        remove(range)
        insert(text, at: range.lowerBound)
    }

    /// Replaces the text in `range` with another storage's text (structure shared).
    public mutating func replace(_ range: Range<Int>, with other: TextStorage) {
        remove(range)
        insert(other, at: range.lowerBound)
    }

    public mutating func insert(_ text: String, at offset: Int) {
        precondition(offset >= 0 && offset <= utf8Count, "offset out of bounds")
        precondition(isScalarBoundary(offset), "insertion inside a scalar")
        let count = text.utf8.count
        guard count > 0 else { return }
        if rope.isEmpty {
            rope = TextStorage.rope(for: text)
            return
        }
        guard count <= TextChunk.maximumUTF8 else {
            insert(TextStorage(text), at: offset)
            return
        }
        var (index, remaining) = rope.find(at: offset, in: UTF8Metric(), preferEnd: true)
        let added = TextChunk.countNewlines(in: Substring(text))
        var spawn: TextChunk?
        rope.update(at: &index) { chunk in
            chunk.insert(text, newlines: added, at: remaining)
            if chunk.utf8Count > TextChunk.maximumUTF8 {
                let middle = TextChunk.scalarBoundary(in: chunk.string, atOrBefore: chunk.utf8Count / 2)
                spawn = chunk.split(at: middle)
            }
        }
        if let spawn {
            rope.formIndex(after: &index)
            rope.insert(spawn, at: index)
        }
    }

    public mutating func insert(_ other: TextStorage, at offset: Int) {
        precondition(offset >= 0 && offset <= utf8Count, "offset out of bounds")
        precondition(isScalarBoundary(offset), "insertion inside a scalar")
        guard !other.isEmpty else { return }
        if rope.isEmpty {
            rope = other.rope
            return
        }
        if other.utf8Count <= TextChunk.maximumUTF8 {
            insert(other.string, at: offset)
            return
        }
        var builder = rope.builder(splittingAt: offset, in: UTF8Metric())
        builder.insertBeforeTip(other.rope)
        rope = builder.finalize()
    }

    public mutating func remove(_ range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= utf8Count, "range out of bounds")
        guard !range.isEmpty else { return }
        precondition(isScalarBoundary(range.lowerBound) && isScalarBoundary(range.upperBound),
                     "removal inside a scalar")
        if range.count == utf8Count {
            rope = Rope()
            return
        }
        // Fast path: the range lies in one chunk, which stays well-sized.
        var (index, remaining) = rope.find(at: range.lowerBound, in: UTF8Metric(), preferEnd: false)
        let chunkCount = rope[index].utf8Count
        if remaining + range.count <= chunkCount
            && (chunkCount - range.count >= TextChunk.minimumUTF8 || rope.isSingleton)
            && chunkCount > range.count
        {
            rope.update(at: &index) { $0.remove(remaining..<(remaining + range.count)) }
            return
        }
        rope.removeSubrange(range, in: UTF8Metric())
    }

    // MARK: Building

    /// Cuts `text` into well-sized chunks on scalar boundaries.
    static func rope(for text: String) -> Rope<TextChunk> {
        var chunks: [TextChunk] = []
        let u = text.utf8
        var start = u.startIndex
        var remaining = u.count
        while remaining > 0 {
            var take = min(remaining, TextChunk.maximumUTF8)
            // Leave the last chunk well-sized rather than a sliver.
            if remaining > TextChunk.maximumUTF8 && remaining - take < TextChunk.minimumUTF8 {
                take = remaining / 2
            }
            var end = u.index(start, offsetBy: take)
            while end != u.endIndex && u[end] & 0xC0 == 0x80 { end = u.index(before: end) }
            let piece = text[start..<end]
            chunks.append(TextChunk(String(piece)))
            remaining -= u.distance(from: start, to: end)
            start = end
        }
        return Rope(chunks)
    }
}

extension TextStorage: Equatable {
    /// Text equality (structure is ignored). O(n).
    public static func == (a: TextStorage, b: TextStorage) -> Bool {
        if a.rope.isIdentical(to: b.rope) { return true }
        guard a.utf8Count == b.utf8Count, a.newlineCount == b.newlineCount else { return false }
        // Byte equality: String's == would treat canonically equivalent text as equal.
        return a.string.utf8.elementsEqual(b.string.utf8)
    }
}

extension TextStorage {
    /// Calls `body` with the UTF-8 length of every paragraph in order (each
    /// terminator's `\n` excluded), in one pass over the bytes. For building
    /// per-paragraph indexes: about 10 ms for 100 MB.
    public func forEachParagraphLength(_ body: (Int) -> Void) {
        var current = 0
        _ = rope.forEachWhile { chunk in
            var s = chunk.string
            s.withUTF8 { bytes in
                var start = 0
                var i = 0
                while i < bytes.count {
                    if bytes[i] == 0x0A {
                        body(current + i - start)
                        current = 0
                        start = i + 1
                    }
                    i += 1
                }
                current += bytes.count - start
            }
            return true
        }
        body(current)
    }
}
