/// One grapheme cluster of a paragraph with its advance, as a typesetter measured it.
public struct GraphemeMetrics: Equatable, Sendable {
    public enum Kind: Sendable { case ordinary, space, tab }

    /// UTF-8 offset and length within the paragraph.
    public var offset: Int
    public var length: Int
    public var advance: Double
    public var kind: Kind

    public init(offset: Int, length: Int, advance: Double, kind: Kind) {
        self.offset = offset; self.length = length; self.advance = advance; self.kind = kind
    }

    public var end: Int { offset + length }
}

/// Greedy line filling shared by every typesetter: lines end at the last allowed
/// break (ICU's line-break opportunities) that fits; spaces and tabs at a line's end
/// hang past the edge instead of wrapping; a word wider than the line is broken
/// between graphemes. Never hyphenates. Tabs advance to the next multiple of
/// `tabInterval` from the line's start.
public enum LineBreaker {
    public struct Line: Equatable, Sendable {
        /// Indices into the grapheme array.
        public var graphemes: Range<Int>
        /// Caret stops: one at each grapheme's start, then one at the line's end.
        public var stops: [CaretStop]
        /// Advances actually used (tabs resolved), one per grapheme.
        public var advances: [Double]
        /// Width without trailing spaces.
        public var inkWidth: Double
    }

    /// - Parameters:
    ///   - breaks: offsets (ascending) where a line may end; those in `mandatory` must.
    public static func lines(
        _ graphemes: [GraphemeMetrics], breaks: [Int], mandatory: Set<Int> = [], width: Double,
        tabInterval: Double
    ) -> [Line] {
        if graphemes.isEmpty {
            return [Line(graphemes: 0..<0, stops: [CaretStop(offset: 0, x: 0)], advances: [], inkWidth: 0)]
        }
        var lines: [Line] = []
        var start = 0
        while start < graphemes.count {
            var x = 0.0
            var lastBreak: Int?
            var end = graphemes.count
            var i = start
            // Breaks are ascending: find the first one past this line's start, then
            // walk it along with the graphemes.
            var low = 0, high = breaks.count
            while low < high {
                let mid = (low + high) / 2
                if breaks[mid] <= graphemes[start].offset { low = mid + 1 } else { high = mid }
            }
            var nextBreak = low
            while i < graphemes.count {
                let g = graphemes[i]
                let advance = g.kind == .tab ? tabAdvance(at: x, interval: tabInterval) : g.advance
                if g.kind == .ordinary && x + advance > width && i > start {
                    end = lastBreak.map { $0 + 1 } ?? i
                    break
                }
                x += advance
                while nextBreak < breaks.count && breaks[nextBreak] < g.end { nextBreak += 1 }
                if nextBreak < breaks.count && breaks[nextBreak] == g.end {
                    lastBreak = i
                    if mandatory.contains(g.end) { end = i + 1; break }
                }
                i += 1
            }
            lines.append(makeLine(graphemes, start..<end, tabInterval: tabInterval))
            start = end
        }
        return lines
    }

    static func tabAdvance(at x: Double, interval: Double) -> Double {
        ((x / interval).rounded(.down) + 1) * interval - x
    }

    private static func makeLine(_ graphemes: [GraphemeMetrics], _ range: Range<Int>, tabInterval: Double) -> Line {
        var stops: [CaretStop] = []
        var advances: [Double] = []
        stops.reserveCapacity(range.count + 1)
        var x = 0.0
        var ink = 0.0
        for i in range {
            let g = graphemes[i]
            stops.append(CaretStop(offset: g.offset, x: x))
            let advance = g.kind == .tab ? tabAdvance(at: x, interval: tabInterval) : g.advance
            advances.append(advance)
            x += advance
            if g.kind == .ordinary { ink = x }
        }
        stops.append(CaretStop(offset: graphemes[range.upperBound - 1].end, x: x))
        return Line(graphemes: range, stops: stops, advances: advances, inkWidth: ink)
    }
}
