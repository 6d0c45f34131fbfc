import CFreeType
import CHarfBuzz
import GlideLayout
import GlideText

/// The real typesetter: Fontconfig fallback, HarfBuzz shaping on FreeType faces, ICU
/// line breaking through the shared `LineBreaker`.
///
/// Per paragraph: graphemes are split into runs of one font and one direction, each
/// run is shaped (clusters are UTF-8 offsets into the paragraph), cluster advances
/// are shared out over the graphemes they cover (so a caret can stop inside a
/// ligature), lines are filled, and glyphs are positioned per line. Right-to-left
/// runs are shaped and drawn right-to-left within their line; their caret stops are
/// mirrored to match (a first, simple bidi: runs keep logical order on the line).
public final class HarfBuzzTypesetter: Typesetter {
    public let fonts: FontSet
    public let lineHeight: Double
    /// Baseline below a line's top, in points.
    public let baseline: Double
    public let averageAdvancePerByte: Double
    /// Tab stops: every four spaces of the primary font.
    public private(set) var tabInterval: Double = 0

    private let boundaries = TextBoundaries()
    private let buffer: OpaquePointer
    private var scale: Double { fonts.scale }

    public init(fonts: FontSet) throws(FontError) {
        self.fonts = fonts
        buffer = hb_buffer_create()
        let primary = try fonts.font(0)
        let em = fonts.specification.pixelSize
        // Generous leading: easier to hit a line with a finger.
        lineHeight = (em * 1.5).rounded()
        baseline = ((lineHeight - primary.ascent - primary.descent) / 2 + primary.ascent).rounded()
        averageAdvancePerByte = 0.45 * em
        tabInterval = 4 * measureSpace()
    }

    deinit { hb_buffer_destroy(buffer) }

    private func measureSpace() -> Double {
        var space = " "
        return space.withUTF8 { bytes -> Double in
            let glyphs = shape(bytes, run: 0..<1, font: 0, rightToLeft: false)
            return glyphs.first.map { $0.advance } ?? fonts.specification.pixelSize / 3
        }
    }

    /// One shaped glyph, in points.
    struct ShapedGlyph {
        var glyph: UInt32
        var cluster: Int
        var advance: Double
        var xOffset: Double
        var yOffset: Double
    }

    /// Shaped runs by font, direction and text, clusters relative to the run: after a
    /// keystroke only the run that changed is shaped again, and a steady frame shapes
    /// nothing. Emptied when it grows past `shapeCacheLimit` entries.
    private struct RunKey: Hashable {
        var font: Int
        var rightToLeft: Bool
        var text: [UInt8]
    }
    private var shapeCache: [RunKey: [ShapedGlyph]] = [:]
    public var shapeCacheLimit = 20_000

    private func shapeCached(_ bytes: UnsafeBufferPointer<UInt8>, run: Range<Int>, font: Int, rightToLeft: Bool) -> [ShapedGlyph] {
        let key = RunKey(font: font, rightToLeft: rightToLeft, text: Array(bytes[run]))
        if var glyphs = shapeCache[key] {
            for i in glyphs.indices { glyphs[i].cluster += run.lowerBound }
            return glyphs
        }
        // Shaped on its own (no surrounding context) so the cached result is exactly
        // what this run's text always gives.
        var glyphs = key.text.withUnsafeBufferPointer { shape($0, run: 0..<run.count, font: font, rightToLeft: rightToLeft) }
        if shapeCache.count >= shapeCacheLimit { shapeCache.removeAll(keepingCapacity: true) }
        shapeCache[key] = glyphs
        for i in glyphs.indices { glyphs[i].cluster += run.lowerBound }
        return glyphs
    }

    private func shape(_ bytes: UnsafeBufferPointer<UInt8>, run: Range<Int>, font: Int, rightToLeft: Bool) -> [ShapedGlyph] {
        hb_buffer_clear_contents(buffer)
        bytes.withMemoryRebound(to: CChar.self) { chars in
            hb_buffer_add_utf8(buffer, chars.baseAddress, Int32(chars.count), UInt32(run.lowerBound), Int32(run.count))
        }
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(fonts.loadedFont(font).harfBuzz, buffer, nil, 0)
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)!
        let positions = hb_buffer_get_glyph_positions(buffer, &count)!
        let unit = 64 * scale
        return (0..<Int(count)).map { i in
            ShapedGlyph(
                glyph: infos[i].codepoint, cluster: Int(infos[i].cluster),
                advance: Double(positions[i].x_advance) / unit,
                xOffset: Double(positions[i].x_offset) / unit, yOffset: Double(positions[i].y_offset) / unit)
        }
    }

    public func layout(paragraph: String, width: Double) -> ParagraphLayout {
        var text = paragraph
        return text.withUTF8 { bytes in layout(bytes, text: paragraph, width: width) }
    }

    private func layout(_ bytes: UnsafeBufferPointer<UInt8>, text: String, width: Double) -> ParagraphLayout {
        // Graphemes, each with a font and a direction.
        var graphemes: [GraphemeMetrics] = []
        var fontOf: [Int] = []
        var rtl: [Bool] = []
        graphemes.reserveCapacity(bytes.count)
        fontOf.reserveCapacity(bytes.count)
        rtl.reserveCapacity(bytes.count)
        var offset = 0
        for character in text {
            let length = character.utf8.count
            let scalar = character.unicodeScalars.first!
            let kind: GraphemeMetrics.Kind
            switch scalar.value {
            case 0x09: kind = .tab
            case 0x20: kind = .space
            case 0x21..<0x7F: kind = .ordinary
            default: kind = scalar.properties.isWhitespace ? .space : .ordinary
            }
            graphemes.append(GraphemeMetrics(offset: offset, length: length, advance: 0, kind: kind))
            fontOf.append(fonts.fontIndex(for: scalar))
            rtl.append(scalar.value >= 0x0590 && HarfBuzzTypesetter.isRightToLeft(scalar))
            offset += length
        }
        // Neutrals (spaces, punctuation) between two right-to-left graphemes join them.
        if rtl.contains(true) {
            var i = 0
            while i < graphemes.count {
                if !rtl[i] && !HarfBuzzTypesetter.isStrongLeftToRight(text, graphemes[i]), i > 0, rtl[i - 1] {
                    var j = i
                    while j < graphemes.count && !rtl[j] && !HarfBuzzTypesetter.isStrongLeftToRight(text, graphemes[j]) { j += 1 }
                    if j < graphemes.count && rtl[j] { for k in i..<j { rtl[k] = true } }
                    i = j
                } else {
                    i += 1
                }
            }
        }
        // The grapheme holding each byte.
        var graphemeAt = [Int32](repeating: 0, count: bytes.count)
        for (index, g) in graphemes.enumerated() {
            for b in g.offset..<g.end { graphemeAt[b] = Int32(index) }
        }

        // Shape runs of one font and direction; share cluster advances out over graphemes.
        var glyphsByGrapheme = [[ShapedGlyph]](repeating: [], count: graphemes.count)
        var clusterAdvance = [Double](repeating: 0, count: bytes.count)
        var isClusterStart = [Bool](repeating: false, count: bytes.count)
        var start = 0
        while start < graphemes.count {
            var end = start + 1
            while end < graphemes.count && fontOf[end] == fontOf[start] && rtl[end] == rtl[start] { end += 1 }
            let run = graphemes[start].offset..<graphemes[end - 1].end
            let glyphs = shapeCached(bytes, run: run, font: fontOf[start], rightToLeft: rtl[start])
            for glyph in glyphs {
                clusterAdvance[glyph.cluster] += glyph.advance
                isClusterStart[glyph.cluster] = true
                // A glyph belongs to the grapheme holding its cluster's first byte.
                glyphsByGrapheme[Int(graphemeAt[glyph.cluster])].append(glyph)
            }
            // Walk the run's clusters in byte order: a cluster covering several
            // graphemes (a ligature) shares its advance equally among them.
            var byte = run.lowerBound
            while byte < run.upperBound {
                guard isClusterStart[byte] else { byte += 1; continue }
                var next = byte + 1
                while next < run.upperBound && !isClusterStart[next] { next += 1 }
                let first = Int(graphemeAt[byte])
                var last = first
                while last + 1 < end && graphemes[last + 1].offset < next { last += 1 }
                let covered = graphemes[first].offset == byte || first == last ? first...last : (first + 1)...last
                let share = clusterAdvance[byte] / Double(covered.count)
                for index in covered { graphemes[index].advance += share }
                byte = next
            }
            start = end
        }

        let breaks = boundaries.lineBreaks(in: text)
        let broken = LineBreaker.lines(
            graphemes, breaks: breaks.map(\.offset), mandatory: Set(breaks.filter(\.isMandatory).map(\.offset)),
            width: width, tabInterval: tabInterval)

        var lines: [LineLayout] = []
        for (index, line) in broken.enumerated() {
            var stops = line.stops
            // Visual x of each grapheme's left edge.
            var left = line.graphemes.map { stops[$0 - line.graphemes.lowerBound].x }
            // Mirror right-to-left segments within the line.
            var i = line.graphemes.lowerBound
            while i < line.graphemes.upperBound {
                guard rtl[i] else { i += 1; continue }
                var j = i
                while j < line.graphemes.upperBound && rtl[j] { j += 1 }
                let base = line.graphemes.lowerBound
                let segmentStart = stops[i - base].x
                let segmentEnd = stops[j - base].x
                for k in i..<j {
                    let advance = line.advances[k - base]
                    let logical = stops[k - base].x - segmentStart
                    left[k - base] = segmentEnd - logical - advance
                    if k > i { stops[k - base].x = segmentEnd - logical }
                }
                i = j
            }
            var runs: [GlyphRun] = []
            for k in line.graphemes where graphemes[k].kind != .tab {
                var pen = left[k - line.graphemes.lowerBound]
                for glyph in glyphsByGrapheme[k] {
                    let point = Point(x: pen + glyph.xOffset, y: baseline - glyph.yOffset)
                    if let last = runs.last, last.font == fontOf[k] {
                        runs[runs.count - 1].glyphs.append(glyph.glyph)
                        runs[runs.count - 1].positions.append(point)
                    } else {
                        runs.append(GlyphRun(font: fontOf[k], glyphs: [glyph.glyph], positions: [point]))
                    }
                    pen += glyph.advance
                }
            }
            lines.append(LineLayout(
                range: stops.first!.offset..<stops.last!.offset, top: Double(index) * lineHeight,
                height: lineHeight, baseline: baseline, stops: stops, width: line.inkWidth, runs: runs))
        }
        return ParagraphLayout(lines: lines, length: bytes.count)
    }

    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
        default: false
        }
    }

    /// Letters and digits outside right-to-left scripts hold their direction; spaces
    /// and punctuation are neutral.
    static func isStrongLeftToRight(_ text: String, _ grapheme: GraphemeMetrics) -> Bool {
        guard grapheme.kind == .ordinary else { return false }
        let u = text.utf8
        let start = u.index(u.startIndex, offsetBy: grapheme.offset)
        let scalar = text.unicodeScalars[start]
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
}
