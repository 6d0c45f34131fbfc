/// An insertion point on a line: a grapheme boundary and the x where a caret there
/// is drawn (relative to the line's left edge).
public struct CaretStop: Equatable, Sendable {
    /// UTF-8 offset within the paragraph.
    public var offset: Int
    public var x: Double
    public init(offset: Int, x: Double) { self.offset = offset; self.x = x }
}

/// Glyphs of one font, positioned relative to the line's left edge and baseline.
/// `font` indexes the typesetter's font list; GlideLayout never looks inside.
public struct GlyphRun: Equatable, Sendable {
    public var font: Int
    public var glyphs: [UInt32]
    public var positions: [Point]
    public init(font: Int, glyphs: [UInt32], positions: [Point]) {
        self.font = font; self.glyphs = glyphs; self.positions = positions
    }
}

/// One visual line of a paragraph.
public struct LineLayout: Equatable, Sendable {
    /// UTF-8 offsets within the paragraph. Trailing spaces at a soft wrap belong to
    /// the line they follow; the paragraph's terminator belongs to none.
    public var range: Range<Int>
    /// Top of the line relative to the paragraph's top.
    public var top: Double
    public var height: Double
    /// Baseline relative to the line's top.
    public var baseline: Double
    /// Insertion points in logical order (x ascending for left-to-right text), from
    /// the line's start to its end, both included.
    public var stops: [CaretStop]
    /// The x extent of the line's ink, trailing spaces excluded.
    public var width: Double
    public var runs: [GlyphRun]

    public init(range: Range<Int>, top: Double, height: Double, baseline: Double,
                stops: [CaretStop], width: Double, runs: [GlyphRun]) {
        self.range = range; self.top = top; self.height = height; self.baseline = baseline
        self.stops = stops; self.width = width; self.runs = runs
    }

    public var bottom: Double { top + height }

    /// The stop nearest to `x` (ties go to the earlier stop).
    public func closestStop(toX x: Double) -> CaretStop {
        var best = stops[0]
        var bestDistance = abs(best.x - x)
        for stop in stops.dropFirst() {
            let d = abs(stop.x - x)
            if d < bestDistance { best = stop; bestDistance = d }
        }
        return best
    }

    /// The x of a caret at `offset` (the nearest stop at or before it).
    public func x(at offset: Int) -> Double {
        var result = stops[0].x
        for stop in stops where stop.offset <= offset { result = stop.x }
        return result
    }
}

/// Which side of a soft wrap a caret at the wrap's offset is drawn on: the offset
/// ending one line is the offset starting the next. Downstream (the default) draws
/// it at the start of the next line; upstream at the end of the line before — where
/// a tap past a wrapped line's end, or the End key, puts it.
public enum CaretAffinity: Sendable, Equatable {
    case downstream
    case upstream
}

/// A paragraph broken into lines and shaped: what a `Typesetter` produces.
public struct ParagraphLayout: Equatable, Sendable {
    public var lines: [LineLayout]
    /// UTF-8 length of the paragraph's text (terminator excluded).
    public var length: Int

    public init(lines: [LineLayout], length: Int) {
        precondition(!lines.isEmpty, "a paragraph has at least one line")
        self.lines = lines
        self.length = length
    }

    public var height: Double { lines.last!.bottom }

    /// The line holding `offset`. An offset at a soft wrap belongs to the line it
    /// starts, unless `affinity` is `.upstream`: then to the line it ends.
    public func lineIndex(containing offset: Int, affinity: CaretAffinity = .downstream) -> Int {
        var low = 0, high = lines.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lines[mid].range.lowerBound <= offset { low = mid } else { high = mid - 1 }
        }
        if affinity == .upstream && low > 0 && lines[low].range.lowerBound == offset { return low - 1 }
        return low
    }

    /// The line at `y` (relative to the paragraph's top), clamped to the first and last.
    public func lineIndex(atY y: Double) -> Int {
        var low = 0, high = lines.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lines[mid].top <= y { low = mid } else { high = mid - 1 }
        }
        return low
    }
}

/// Shapes and breaks paragraphs into lines. GlideRender implements it with
/// HarfBuzz and FreeType; tests use a deterministic one.
public protocol Typesetter: AnyObject {
    /// Height of one line (all lines share it, so estimates are exact for unwrapped text).
    var lineHeight: Double { get }
    /// Average advance per UTF-8 byte of typical text, for height estimates.
    var averageAdvancePerByte: Double { get }
    /// Lays out a paragraph's text (no line terminator) to fit `width`.
    func layout(paragraph: String, width: Double) -> ParagraphLayout
}
