import GlideText

/// A deterministic typesetter with no fonts, for tests and benchmarks of layout and
/// editing logic: every grapheme is 10 pt wide (20 pt for East Asian wide
/// characters), lines are 20 pt tall, tabs stop every 40 pt, and lines break at
/// ICU's opportunities through the shared `LineBreaker`, as the real one does.
public final class FixedAdvanceTypesetter: Typesetter {
    public let lineHeight = 20.0
    public let averageAdvancePerByte = 10.0
    private let boundaries = TextBoundaries()
    /// How many paragraphs it has shaped (tests check layout is lazy with this).
    public private(set) var paragraphsLaidOut = 0

    public init() {}

    public func layout(paragraph: String, width: Double) -> ParagraphLayout {
        paragraphsLaidOut += 1
        var graphemes: [GraphemeMetrics] = []
        var offset = 0
        for character in paragraph {
            let length = String(character).utf8.count
            let scalar = character.unicodeScalars.first!.value
            let kind: GraphemeMetrics.Kind = character == "\t" ? .tab : character.isWhitespace ? .space : .ordinary
            let wide = (0x1100...0x115F).contains(scalar) || (0x2E80...0xFFEF).contains(scalar)
            graphemes.append(GraphemeMetrics(offset: offset, length: length, advance: wide ? 20 : 10, kind: kind))
            offset += length
        }
        let breaks = boundaries.lineBreaks(in: paragraph)
        let lines = LineBreaker.lines(
            graphemes, breaks: breaks.map(\.offset), mandatory: Set(breaks.filter(\.isMandatory).map(\.offset)),
            width: width, tabInterval: 40)
        var result: [LineLayout] = []
        for (i, line) in lines.enumerated() {
            let first = line.stops.first!.offset, last = line.stops.last!.offset
            result.append(LineLayout(
                range: first..<last, top: Double(i) * lineHeight, height: lineHeight, baseline: 15,
                stops: line.stops, width: line.inkWidth, runs: []))
        }
        return ParagraphLayout(lines: result, length: offset)
    }
}
