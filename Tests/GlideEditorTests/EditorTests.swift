import Testing
import GlideEditor
import GlideGestures
import GlideLayout
import GlideText

@Suite("Editor commands (K1)")
struct EditorTests {
    /// 10 pt per character, 20 pt lines, 12 pt padding: a 424 pt view holds 40 columns.
    func makeEditor(_ text: String, width: Double = 424, height: Double = 200, format: TextFileFormat = TextFileFormat()) -> Editor {
        Editor(document: Document(text: TextStorage(text), format: format), typesetter: FixedAdvanceTypesetter(),
               viewportSize: Size(width: width, height: height))
    }

    func press(_ editor: Editor, _ keysym: String, _ modifiers: Set<KeyModifier> = [], times: Int = 1) {
        for _ in 0..<times { editor.handleKey(KeyPress(keysym, modifiers)) }
    }

    @Test("arrows move by grapheme cluster; Shift extends; a plain arrow collapses a selection")
    func arrows() {
        let editor = makeEditor("a🇯🇵e\u{301}b")
        press(editor, "Right", times: 2)
        #expect(editor.selection == .caret(9))  // past a and the flag
        press(editor, "Right", [.shift])
        #expect(editor.selection == Selection(anchor: 9, head: 12))
        press(editor, "Left")
        #expect(editor.selection == .caret(9))
        press(editor, "Left", times: 5)
        #expect(editor.selection == .caret(0))
    }

    @Test("Ctrl+arrows move by word, Ctrl+Home/End to the document's ends")
    func words() {
        let editor = makeEditor("one two, three\nfour")
        press(editor, "Right", [.ctrl])
        #expect(editor.selection.head == 3)
        press(editor, "Right", [.ctrl], times: 2)
        #expect(editor.selection.head == 14)
        press(editor, "Left", [.ctrl])
        #expect(editor.selection.head == 9)
        press(editor, "End", [.ctrl])
        #expect(editor.selection.head == 19)
        press(editor, "Home", [.ctrl, .shift])
        #expect(editor.selection == Selection(anchor: 19, head: 0))
    }

    @Test("up and down keep the caret's x across short lines")
    func upDownKeepX() {
        let editor = makeEditor("a long first line\nab\nanother long line")
        editor.perform(.moveDocumentStart(extend: false))
        press(editor, "Right", times: 10)
        press(editor, "Down")
        #expect(editor.selection.head == 20)  // end of "ab"
        press(editor, "Down")
        #expect(editor.selection.head == 21 + 10)  // back to column 10
        press(editor, "Up", times: 2)
        #expect(editor.selection.head == 10)
        press(editor, "Up")
        #expect(editor.selection.head == 0)
    }

    @Test("Home and End work on the visual line of wrapped text")
    func homeEndWrapped() {
        // 40 columns: "aaaa…" wraps after the space at 36.
        let text = String(repeating: "word ", count: 12)
        let editor = makeEditor(text)
        editor.perform(.moveDocumentStart(extend: false))
        press(editor, "End")
        // The wrap offset, drawn at the end of the first visual line (upstream).
        #expect(editor.selection.head == 40)
        #expect(editor.caretAffinity == .upstream)
        #expect(editor.caretViewRect.minY < 12 + 20)
        #expect(editor.caretViewRect.midX > 12 + 390)
        press(editor, "Home")
        #expect(editor.selection.head == 0)
        press(editor, "Down")
        #expect(editor.selection.head == 40)
        #expect(editor.caretAffinity == .downstream)
        #expect(editor.caretViewRect.minY >= 12 + 20)
        press(editor, "End")
        #expect(editor.selection.head == text.utf8.count)
        press(editor, "Home")
        #expect(editor.selection.head == 40)
    }

    @Test("Page Down moves by a screen and keeps the caret on screen")
    func pages() {
        let text = (0..<200).map { "line \($0)" }.joined(separator: "\n")
        let editor = makeEditor(text)
        press(editor, "Next")
        let caret = editor.layout.caretRect(at: editor.selection.head)
        #expect(editor.layout.scrollY > 100)
        #expect(caret.minY >= editor.layout.scrollY && caret.maxY <= editor.layout.scrollY + 200)
        press(editor, "Prior")
        #expect(editor.selection.head == 0)
        press(editor, "Next", times: 200)
        #expect(editor.selection.head == text.utf8.count)
    }

    @Test("Backspace and Delete remove grapheme clusters; with Ctrl, words")
    func deletion() {
        let editor = makeEditor("hello wide 👩‍👩‍👧 world")
        press(editor, "End", [.ctrl])
        press(editor, "BackSpace", [.ctrl])
        #expect(editor.document.text.string == "hello wide 👩‍👩‍👧 ")
        press(editor, "BackSpace", times: 2)
        #expect(editor.document.text.string == "hello wide ")
        press(editor, "Home", [.ctrl])
        press(editor, "Delete", [.ctrl])
        #expect(editor.document.text.string == " wide ")
        press(editor, "Delete")
        #expect(editor.document.text.string == "wide ")
        press(editor, "z", [.ctrl], times: 10)
        #expect(editor.document.text.string == "hello wide 👩‍👩‍👧 world")
    }

    @Test("Return inserts the document's own line ending")
    func returnKeepsLineEndings() {
        let editor = makeEditor("a\r\nb", format: TextFileFormat(lineEnding: .crlf))
        press(editor, "Right")
        press(editor, "Return")
        #expect(editor.document.text.string == "a\r\n\r\nb")
        editor.insertText("x\ny")
        #expect(editor.document.text.string == "a\r\nx\r\ny\r\nb")
    }

    @Test("select all, copy, cut and paste through the clipboard; undo and redo keys")
    func clipboardAndUndo() {
        let clipboard = MemoryClipboard()
        let editor = Editor(document: Document("copy me"), typesetter: FixedAdvanceTypesetter(),
                            viewportSize: Size(width: 424, height: 200), clipboard: clipboard)
        press(editor, "a", [.ctrl])
        press(editor, "c", [.ctrl])
        #expect(clipboard.text == "copy me")
        press(editor, "x", [.ctrl])
        #expect(editor.document.text.string == "")
        press(editor, "v", [.ctrl])
        press(editor, "v", [.ctrl])
        #expect(editor.document.text.string == "copy mecopy me")
        press(editor, "z", [.ctrl])
        #expect(editor.document.text.string == "copy me")
        press(editor, "z", [.ctrl, .shift])
        #expect(editor.document.text.string == "copy mecopy me")
        press(editor, "z", [.ctrl], times: 3)
        #expect(editor.document.text.string == "copy me")
        #expect(editor.selection == Selection(anchor: 0, head: 7))
    }

    @Test("typing at the end of a long document keeps the caret visible")
    func caretStaysVisible() {
        let editor = makeEditor((0..<500).map { "line \($0)" }.joined(separator: "\n"))
        press(editor, "End", [.ctrl])
        for _ in 0..<30 { editor.perform(.insertNewline); editor.insertText("more") }
        let caret = editor.layout.caretRect(at: editor.selection.head)
        #expect(caret.minY >= editor.layout.scrollY)
        #expect(caret.maxY <= editor.layout.scrollY + editor.layout.viewportSize.height)
        // Undoing everything brings the caret back into view too.
        press(editor, "z", [.ctrl], times: 100)
        let after = editor.layout.caretRect(at: editor.selection.head)
        #expect(after.maxY <= editor.layout.scrollY + editor.layout.viewportSize.height)
    }

    @Test("a caret move damages only the old and new caret rectangles")
    func caretDamage() {
        let editor = makeEditor("some text")
        _ = editor.takeDamage()
        press(editor, "Right")
        guard case let .rects(rects) = editor.takeDamage() else {
            Issue.record("expected rectangles")
            return
        }
        #expect(rects.count == 2)
        #expect(rects.allSatisfy { $0.width <= 4 && $0.height <= 20 })
        editor.insertText("x")
        #expect(editor.takeDamage() == .full)
    }

    @Test("keys the editor does not own are left to the window")
    func unhandledKeys() {
        let editor = makeEditor("x")
        #expect(!editor.handleKey(KeyPress("s", [.ctrl])))
        #expect(!editor.handleKey(KeyPress("a")))
        #expect(!editor.handleKey(KeyPress("Left", [.alt])))
    }

    @Test("mouse: click, Shift+click, double click word, triple click paragraph, drag by words")
    func pointer() {
        // 10 pt columns from x = 12, 20 pt lines from y = 12.
        let editor = makeEditor("alpha beta gamma\nsecond line")
        editor.pointerDown(at: Point(x: 12 + 62, y: 20), button: 1, clicks: 1)
        editor.pointerUp(at: Point(x: 12 + 62, y: 20))
        #expect(editor.selection == .caret(6))
        editor.pointerDown(at: Point(x: 12 + 150, y: 20), button: 1, clicks: 1, shift: true)
        editor.pointerUp(at: Point(x: 12 + 150, y: 20))
        #expect(editor.selection == Selection(anchor: 6, head: 15))
        editor.pointerDown(at: Point(x: 12 + 72, y: 20), button: 1, clicks: 2)
        #expect(editor.selection == Selection(anchor: 6, head: 10))
        // Dragging after a double click extends by whole words.
        editor.pointerMoved(to: Point(x: 12 + 122, y: 20))
        #expect(editor.selection == Selection(anchor: 6, head: 16))
        editor.pointerUp(at: Point(x: 12 + 122, y: 20))
        editor.pointerDown(at: Point(x: 12 + 30, y: 40), button: 1, clicks: 3)
        #expect(editor.selection == Selection(anchor: 17, head: 28))
        editor.pointerUp(at: Point(x: 12 + 30, y: 40))
        #expect(!editor.isDragging)
    }
}
