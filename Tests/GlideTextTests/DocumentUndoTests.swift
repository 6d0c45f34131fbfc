import Testing
@testable import GlideText

@Suite("Document editing and undo")
struct DocumentUndoTests {
    /// Types `text` one character at a time, as a keyboard does.
    private func type(_ text: String, into document: inout Document) {
        for character in text { document.insertText(String(character)) }
    }

    @Test("typing coalesces into word-sized undo groups")
    func typingGroupsByWord() {
        var document = Document()
        type("hello brave world", into: &document)
        #expect(document.undoHistory.undoDepth == 3)
        document.undo()
        #expect(document.text.string == "hello brave ")
        document.undo()
        #expect(document.text.string == "hello ")
        document.undo()
        #expect(document.text.string == "")
        #expect(!document.canUndo)
    }

    @Test("moving the caret between keystrokes starts a new undo group")
    func caretMoveBreaksGroup() {
        var document = Document()
        type("abc", into: &document)
        document.selection = .caret(1)
        type("X", into: &document)
        #expect(document.text.string == "aXbc")
        document.undo()
        #expect(document.text.string == "abc")
        #expect(document.selection == .caret(1))
    }

    @Test("backspace runs coalesce and undo restores the text and caret")
    func backspaceCoalesces() {
        var document = Document("one two three")
        document.selection = .caret(13)
        for _ in 0..<5 {
            let head = document.selection.head
            document.replace((head - 1)..<head, with: "", kind: .deleteBackward)
        }
        #expect(document.text.string == "one two ")
        document.undo()
        #expect(document.text.string == "one two three")
        #expect(document.selection == .caret(13))
    }

    @Test("a paste is one group and undo restores the selection it replaced")
    func pasteRestoresSelection() {
        var document = Document("keep REPLACE keep")
        document.selection = Selection(anchor: 12, head: 5)
        document.replace(document.selection.range, with: "pasted text", kind: .other)
        #expect(document.text.string == "keep pasted text keep")
        document.undo()
        #expect(document.text.string == "keep REPLACE keep")
        #expect(document.selection == Selection(anchor: 12, head: 5))
        document.redo()
        #expect(document.text.string == "keep pasted text keep")
        #expect(document.selection == .caret(16))
    }

    @Test("erase all is one undo step that brings back text, caret and selection")
    func eraseAllUndo() {
        var random = SeededRandom(seed: 21)
        let text = randomText(length: 300_000, using: &random)
        var document = Document(text)
        let offsets = text.scalarOffsets
        let selected = Selection(anchor: offsets[10], head: offsets[40])
        document.selection = selected
        document.eraseAll()
        #expect(document.text.isEmpty)
        #expect(document.undoHistory.undoDepth == 1)
        document.undo()
        #expect(document.text.string.utf8.elementsEqual(text.utf8))
        #expect(document.selection == selected)
    }

    @Test("undoing any random edit sequence restores the original; redo replays it")
    func undoRandomSequences() {
        for seed in UInt64(100)..<110 {
            var random = SeededRandom(seed: seed)
            let original = randomText(length: Int.random(in: 0...8000, using: &random), using: &random)
            var document = Document(original)
            var model = original
            for _ in 0..<200 {
                let offsets = model.scalarOffsets
                let i = Int.random(in: 0..<offsets.count, using: &random)
                let j = min(offsets.count - 1, i + Int.random(in: 0..<3, using: &random))
                let kinds: [EditKind] = [.typing, .deleteBackward, .deleteForward, .other]
                let kind = kinds.randomElement(using: &random)!
                let insertion = kind == .deleteBackward || kind == .deleteForward
                    ? "" : samplePieces.randomElement(using: &random)!
                if Int.random(in: 0..<4, using: &random) == 0 { document.selection = .caret(offsets[i]) }
                document.replace(offsets[i]..<offsets[j], with: insertion, kind: kind)
                model = model.replacingUTF8(offsets[i]..<offsets[j], with: insertion)
            }
            let edited = document.text.string
            #expect(edited.utf8.elementsEqual(model.utf8))
            while document.undo() {}
            #expect(document.text.string.utf8.elementsEqual(original.utf8), "seed \(seed)")
            while document.redo() {}
            #expect(document.text.string.utf8.elementsEqual(edited.utf8), "seed \(seed)")
        }
    }

    @Test("the memory cap drops the oldest groups but always keeps the newest")
    func memoryCap() {
        var document = Document(text: TextStorage(), undoMemoryLimit: 10_000)
        for i in 0..<50 {
            document.replace(0..<0, with: String(repeating: "x", count: 1000) + "\(i)", kind: .other)
        }
        #expect(document.undoHistory.undoDepth < 50)
        #expect(document.undoHistory.undoDepth >= 5)
        // One edit far larger than the cap is still undoable.
        let big = String(repeating: "y", count: 100_000)
        document.replace(0..<0, with: big, kind: .other)
        document.eraseAll()
        let undone = document.undo()
        #expect(undone)
        #expect(document.text.utf8Count > 100_000)
    }

    @Test("modified state follows undo back to the saved point")
    func modifiedState() {
        var document = Document("saved")
        #expect(!document.isModified)
        document.selection = .caret(5)
        type("!", into: &document)
        #expect(document.isModified)
        document.undo()
        #expect(!document.isModified)
        document.redo()
        document.markSaved()
        #expect(!document.isModified)
        type("?", into: &document)
        #expect(document.isModified)
        document.undo()
        #expect(!document.isModified)
        #expect(document.text.string == "saved!")
    }

    @Test("the selection is kept inside the text and on scalar boundaries")
    func selectionClamped() {
        var document = Document("日本")
        document.selection = .caret(100)
        #expect(document.selection == .caret(6))
        document.selection = Selection(anchor: 1, head: 4)
        #expect(document.selection == Selection(anchor: 0, head: 3))
    }

    @Test("line and grapheme columns count clusters, as traces report them")
    func lineAndColumn() {
        let document = Document("ab\r\n🇯🇵e\u{301}x\nend")
        let x = document.text.string.utf8.count - 5
        #expect(document.lineAndColumn(of: x) == (1, 2))
        #expect(document.graphemeOffset(of: x) == 5)  // a, b, \r\n, 🇯🇵, é
        #expect(document.lineAndColumn(of: document.text.utf8Count) == (2, 3))
    }

    @Test("pasted line endings follow the document's")
    func lineEndingNormalising() {
        #expect(LineEnding.crlf.normalizing("a\nb\r\nc\rd") == "a\r\nb\r\nc\r\nd")
        #expect(LineEnding.lf.normalizing("a\r\nb\rc\n") == "a\nb\nc\n")
    }
}
