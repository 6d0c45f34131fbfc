import CICU

/// Swift face of one ICU break iterator (word, sentence or line rules). Opening one
/// costs tens of microseconds, so `TextBoundaries` keeps one of each and resets its text.
final class BreakIterator {
    enum Kind {
        case word, sentence, line

        var icu: GlideBreakKind {
            switch self {
            case .word: GLIDE_BREAK_WORD
            case .sentence: GLIDE_BREAK_SENTENCE
            case .line: GLIDE_BREAK_LINE
            }
        }
    }

    /// A segment between two consecutive boundaries, with ICU's rule status for the
    /// boundary at its end (word rules: ≥ 100 means the segment is a word).
    struct Segment: Equatable {
        var range: Range<Int>
        var status: Int32
    }

    private let handle: OpaquePointer

    init(_ kind: Kind, locale: String) {
        var error = [CChar](repeating: 0, count: 128)
        guard let handle = glide_break_open(kind.icu, locale, &error, error.count) else {
            // Only a broken ICU installation gets here (its data library is missing).
            let message = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            fatalError("ICU could not open a \(kind) break iterator: \(message)")
        }
        self.handle = handle
    }

    deinit { glide_break_close(handle) }

    /// The segments of `text` (UTF-8 offsets into `text`).
    func segments(of text: String) -> [Segment] {
        var text = text
        let status = text.withUTF8 { glide_break_set_text(handle, $0.baseAddress, Int64($0.count)) }
        precondition(status == 0, "ICU rejected text: error \(status)")
        var result: [Segment] = []
        var start = glide_break_first(handle)
        while true {
            let end = glide_break_next(handle)
            if end < 0 { break }
            result.append(Segment(range: Int(start)..<Int(end), status: glide_break_rule_status(handle)))
            start = end
        }
        return result
    }
}
