import GlideEditor
import GlideGestures
import GlideText

/// The state JSON of TRACE.md: what `glidepad replay` prints when a trace ends.
/// Offsets and columns count grapheme clusters; `line` counts paragraphs.
struct StateReport {
    let editor: Editor
    let events: Int

    func json() -> String {
        let document = editor.document
        let text = document.text
        let selection = document.selection
        var fields: [String] = []
        fields.append("\"text_length\": \(document.graphemeOffset(of: text.utf8Count))")
        fields.append("\"text_sha256\": \"\(sha256Hex(of: text))\"")
        fields.append("\"caret\": \(position(selection.head))")
        if selection.isEmpty {
            fields.append("\"selection\": null")
        } else {
            fields.append("\"selection\": {\"start\": \(position(selection.lowerBound)), \"end\": \(position(selection.upperBound))}")
        }
        fields.append("\"scroll_y\": \(number(editor.layout.scrollY))")
        if editor.isCursorGestureActive, let floating = editor.floatingCaret {
            fields.append("\"floating_caret\": {\"x\": \(number(floating.position.x)), \"y\": \(number(floating.position.y))}")
        } else {
            fields.append("\"floating_caret\": null")
        }
        fields.append("\"events\": \(events)")
        fields.append("\"undo_depth\": \(document.undoHistory.undoDepth)")
        return "{" + fields.joined(separator: ", ") + "}"
    }

    private func position(_ offset: Int) -> String {
        let (line, column) = editor.document.lineAndColumn(of: offset)
        return "{\"offset\": \(editor.document.graphemeOffset(of: offset)), \"line\": \(line), \"column\": \(column)}"
    }

    private func number(_ value: Double) -> String {
        "\((value * 1000).rounded() / 1000)"
    }
}
