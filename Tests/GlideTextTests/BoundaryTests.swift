import Testing
@testable import GlideText

@Suite("Text boundaries")
struct BoundaryTests {
    let boundaries = TextBoundaries()

    private func offset(of needle: String, in text: String) -> Int {
        let haystack = Array(text.utf8), pattern = Array(needle.utf8)
        return (0...(haystack.count - pattern.count)).first { haystack[$0..<($0 + pattern.count)].elementsEqual(pattern) }!
    }

    @Test("caret steps over whole grapheme clusters: emoji, flags, combining marks, CRLF")
    func graphemes() {
        let text = "a👩‍👩‍👧🇯🇵e\u{301}\r\nz"
        let storage = TextStorage(text)
        var stops = [0]
        var o = 0
        while o < storage.utf8Count {
            o = boundaries.nextGrapheme(after: o, in: storage)
            stops.append(o)
        }
        var expected = [0]
        var acc = 0
        for character in text { acc += String(character).utf8.count; expected.append(acc) }
        #expect(stops == expected)
        var back = [storage.utf8Count]
        o = storage.utf8Count
        while o > 0 {
            o = boundaries.previousGrapheme(before: o, in: storage)
            back.append(o)
        }
        #expect(back == expected.reversed())
        // Inside a cluster snaps to its start.
        #expect(boundaries.graphemeBoundary(atOrBefore: 3, in: storage) == 1)
    }

    @Test("English words, skipping spaces and punctuation")
    func englishWords() {
        let text = "Hello, brave new world."
        let storage = TextStorage(text)
        #expect(storage.string(in: boundaries.wordRange(at: 9, in: storage)) == "brave")
        // Right after a word, the word before is the one meant.
        #expect(storage.string(in: boundaries.wordRange(at: 5, in: storage)) == "Hello")
        #expect(boundaries.nextWordEnd(after: 0, in: storage) == 5)
        #expect(boundaries.nextWordEnd(after: 5, in: storage) == 12)
        #expect(boundaries.previousWordStart(before: 12, in: storage) == 7)
        #expect(boundaries.previousWordStart(before: 7, in: storage) == 0)
        #expect(boundaries.nextWordEnd(after: 22, in: storage) == 23)
    }

    @Test("word movement crosses paragraph ends")
    func wordsAcrossParagraphs() {
        let storage = TextStorage("end.\n  next line")
        #expect(boundaries.nextWordEnd(after: 4, in: storage) == 11)
        #expect(boundaries.previousWordStart(before: 7, in: storage) == 0)
    }

    @Test("Japanese words come from ICU's dictionary")
    func japaneseWords() {
        let text = "私は日本語を勉強しています。"
        let storage = TextStorage(text)
        let word = boundaries.wordRange(at: offset(of: "本", in: text), in: storage)
        #expect(storage.string(in: word) == "日本語")
        let study = boundaries.wordRange(at: offset(of: "強", in: text), in: storage)
        #expect(storage.string(in: study) == "勉強")
    }

    @Test("sentences end at 。 and at full stops")
    func sentences() {
        let japanese = "今日は晴れです。明日は雨でしょう。"
        let js = TextStorage(japanese)
        #expect(js.string(in: boundaries.sentenceRange(at: offset(of: "明", in: japanese), in: js)) == "明日は雨でしょう。")
        #expect(js.string(in: boundaries.sentenceRange(at: 0, in: js)) == "今日は晴れです。")
        let english = "First one. Second one? Third!"
        let es = TextStorage(english)
        #expect(es.string(in: boundaries.sentenceRange(at: offset(of: "Second", in: english), in: es)) == "Second one? ")
    }

    @Test("paragraphs are the text between newlines")
    func paragraphs() {
        let storage = TextStorage("first\r\nsecond para\nthird")
        #expect(storage.string(in: boundaries.paragraphRange(at: 10, in: storage)) == "second para")
        #expect(storage.string(in: boundaries.paragraphRange(at: 0, in: storage)) == "first")
    }

    @Test("line-break opportunities: after spaces in English, between Japanese characters, never mid-word")
    func lineBreaks() {
        let english = boundaries.lineBreaks(in: "hyphenation is never applied")
        #expect(english.map(\.offset) == [12, 15, 21, 28])
        #expect(english.allSatisfy { !$0.isMandatory })
        let japanese = boundaries.lineBreaks(in: "日本語。")
        // Not before the full stop (kinsoku); between the ideographs.
        #expect(japanese.map(\.offset) == [3, 6, 12])
        let hard = boundaries.lineBreaks(in: "a\nb")
        #expect(hard.first == TextBoundaries.LineBreak(offset: 2, isMandatory: true))
    }

    @Test("queries in a giant single-line text look only at a window")
    func giantParagraph() {
        let storage = TextStorage(String(repeating: "word ", count: 200_000))
        let middle = 500_002
        let word = boundaries.wordRange(at: middle, in: storage)
        #expect(storage.string(in: word) == "word")
        #expect(boundaries.nextGrapheme(after: middle, in: storage) == middle + 1)
    }
}
