/// Where graphemes, words, sentences, paragraphs and line-break opportunities fall
/// in a document.
///
/// Words, sentences and line breaks come from ICU (dictionary-based words for
/// Japanese and Chinese; `。` ends a sentence). Grapheme clusters come from Swift's
/// `Character` breaking, the same rules TRACE.md's counts use. Everything works on a
/// window of text around the position — the paragraph, clipped to `windowRadius`
/// bytes either side for giant one-line files — so no query is O(document).
public final class TextBoundaries {
    /// How far either side of a position the text is examined.
    public var windowRadius = 16 * 1024

    private let words: BreakIterator
    private let sentences: BreakIterator
    private let lines: BreakIterator

    /// `locale` tunes ICU's rules (e.g. "ja"); the root rules ("") already segment
    /// Japanese and Chinese words with ICU's dictionaries.
    public init(locale: String = "") {
        words = BreakIterator(.word, locale: locale)
        sentences = BreakIterator(.sentence, locale: locale)
        lines = BreakIterator(.line, locale: locale)
    }

    // MARK: Grapheme clusters

    /// The grapheme boundary after `offset` (the end of the text stays put). A `\r\n`
    /// pair is one cluster, so the caret never lands between its two bytes.
    public func nextGrapheme(after offset: Int, in text: TextStorage) -> Int {
        if offset >= text.utf8Count { return text.utf8Count }
        let start = graphemeBoundary(atOrBefore: offset, in: text)
        // Clusters longer than 256 bytes (long emoji ZWJ chains) get more context.
        var span = 256
        while true {
            let end = scalarBoundary(atOrAfter: min(text.utf8Count, start + span), in: text)
            let window = text.string(in: start..<end)
            let first = window.first!
            let length = String(first).utf8.count
            if start + length < end || end == text.utf8Count { return start + length }
            span *= 4
        }
    }

    /// The grapheme boundary before `offset` (the start stays put).
    public func previousGrapheme(before offset: Int, in text: TextStorage) -> Int {
        if offset <= 0 { return 0 }
        let boundary = graphemeBoundary(atOrBefore: offset, in: text)
        if boundary < offset { return boundary }
        return graphemeBoundary(atOrBefore: offset - 1, in: text)
    }

    /// `offset` if it is a grapheme boundary, else the start of the cluster holding it.
    public func graphemeBoundary(atOrBefore offset: Int, in text: TextStorage) -> Int {
        let offset = min(max(0, offset), text.utf8Count)
        if offset == 0 || offset == text.utf8Count { return offset }
        // A newline always ends a cluster (\r\n is one), so a paragraph start is a
        // known boundary to count from; giant paragraphs are cut to the window.
        var start = text.paragraphStart(text.paragraphIndex(containing: offset))
        if offset - start > windowRadius {
            start = scalarBoundary(atOrAfter: offset - windowRadius, in: text)
        }
        let end = scalarBoundary(atOrAfter: min(text.utf8Count, offset + 4), in: text)
        let window = text.string(in: start..<end)
        var position = start
        for character in window {
            let next = position + String(character).utf8.count
            if next > offset { return position }
            position = next
        }
        return position
    }

    // MARK: Words

    /// The word at `offset`, for double-click and two-finger tap: the word containing
    /// it, or the one just before it when the caret sits right after a word. Where
    /// there is no word (spaces, punctuation), the run of non-word text there.
    public func wordRange(at offset: Int, in text: TextStorage) -> Range<Int> {
        let (base, segments) = window(around: offset, in: text, using: words)
        let local = offset - base
        guard !segments.isEmpty else { return offset..<offset }
        var index = segments.firstIndex { $0.range.contains(local) } ?? segments.count - 1
        if segments[index].range.lowerBound == local && index > 0
            && !Self.isWord(segments[index]) && Self.isWord(segments[index - 1])
        {
            index -= 1
        }
        let r = segments[index].range
        return (base + r.lowerBound)..<(base + r.upperBound)
    }

    /// Ctrl+Right: the end of the next word after `offset`, crossing paragraph ends.
    public func nextWordEnd(after offset: Int, in text: TextStorage) -> Int {
        var position = offset
        while position < text.utf8Count {
            let (base, segments) = window(around: position, in: text, using: words)
            let local = position - base
            if let word = segments.first(where: { Self.isWord($0) && $0.range.upperBound > local }) {
                return base + word.range.upperBound
            }
            let end = base + (segments.last?.range.upperBound ?? local)
            let paragraph = text.paragraphRange(text.paragraphIndex(containing: position))
            if end < paragraph.upperBound { return end }  // the window ran out mid-paragraph
            if paragraph.upperBound == text.utf8Count { return text.utf8Count }
            position = text.paragraphStart(text.paragraphIndex(containing: position) + 1)
        }
        return text.utf8Count
    }

    /// Ctrl+Left: the start of the word before `offset`, crossing paragraph starts.
    public func previousWordStart(before offset: Int, in text: TextStorage) -> Int {
        var position = offset
        while position > 0 {
            let (base, segments) = window(around: position, in: text, using: words)
            let local = position - base
            if let word = segments.last(where: { Self.isWord($0) && $0.range.lowerBound < local }) {
                return base + word.range.lowerBound
            }
            let paragraphIndex = text.paragraphIndex(containing: position)
            let start = text.paragraphStart(paragraphIndex)
            if base > start { return base }
            if paragraphIndex == 0 { return 0 }
            position = text.paragraphRange(paragraphIndex - 1).upperBound
        }
        return 0
    }

    static func isWord(_ segment: BreakIterator.Segment) -> Bool {
        segment.status >= 100  // UBRK_WORD_NONE_LIMIT: letters, numbers, kana, ideographs
    }

    // MARK: Sentences and paragraphs

    /// The sentence holding `offset` (its trailing spaces included, as ICU has it).
    public func sentenceRange(at offset: Int, in text: TextStorage) -> Range<Int> {
        let (base, segments) = window(around: offset, in: text, using: sentences)
        let local = offset - base
        guard let segment = segments.first(where: { $0.range.contains(local) }) ?? segments.last else {
            return offset..<offset
        }
        return (base + segment.range.lowerBound)..<(base + segment.range.upperBound)
    }

    /// The paragraph holding `offset`, without its line terminator.
    public func paragraphRange(at offset: Int, in text: TextStorage) -> Range<Int> {
        text.paragraphRange(text.paragraphIndex(containing: offset))
    }

    // MARK: Line breaking

    /// A place where a line may (or, after a newline, must) end.
    public struct LineBreak: Equatable, Sendable {
        /// UTF-8 offset into the text: the line ends before this byte.
        public var offset: Int
        public var isMandatory: Bool
    }

    /// ICU's line-break opportunities in `paragraph` (never hyphenation points);
    /// the end of the text is always the last entry.
    public func lineBreaks(in paragraph: String) -> [LineBreak] {
        lines.segments(of: paragraph).map {
            LineBreak(offset: $0.range.upperBound, isMandatory: $0.status >= 100)
        }
    }

    // MARK: Windows

    private func window(
        around offset: Int, in text: TextStorage, using iterator: BreakIterator
    ) -> (base: Int, segments: [BreakIterator.Segment]) {
        let paragraph = text.paragraphRange(text.paragraphIndex(containing: offset))
        let lower = max(paragraph.lowerBound, offset - windowRadius)
        let upper = min(paragraph.upperBound, offset + windowRadius)
        let start = lower == paragraph.lowerBound ? lower : scalarBoundary(atOrAfter: lower, in: text)
        let end = upper == paragraph.upperBound ? upper : scalarBoundary(atOrAfter: upper, in: text)
        return (start, iterator.segments(of: text.string(in: start..<end)))
    }

    private func scalarBoundary(atOrAfter offset: Int, in text: TextStorage) -> Int {
        var o = offset
        while !text.isScalarBoundary(o) { o += 1 }
        return o
    }
}
