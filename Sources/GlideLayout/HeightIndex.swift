import _RopeModule

/// The heights of every paragraph, laid out or estimated, in a B-tree (a rope of
/// small arrays) so that y → paragraph and paragraph → y are O(log n).
///
/// Memory: 4 bytes a paragraph plus about 1/100 of that in tree nodes — a
/// 500 000-paragraph document needs ~2 MB. Heights are stored in 1/16 pt units
/// (up to 268 million points per paragraph), with the top bit marking paragraphs
/// whose height comes from a real layout rather than an estimate.
public struct HeightIndex: Sendable {
    static let unitsPerPoint = 16.0
    static let laidOutBit: UInt32 = 1 << 31

    var rope: Rope<HeightLeaf>

    public init() { rope = Rope() }

    /// An index of `heights` (points), all estimates.
    public init(estimates heights: some Sequence<Double>) {
        var leaves: [HeightLeaf] = []
        var current: [UInt32] = []
        current.reserveCapacity(HeightLeaf.maximumCount)
        for h in heights {
            current.append(HeightIndex.units(h))
            if current.count == HeightLeaf.maximumCount {
                leaves.append(HeightLeaf(current))
                current.removeAll(keepingCapacity: true)
            }
        }
        if !current.isEmpty { leaves.append(HeightLeaf(current)) }
        rope = Rope(leaves)
    }

    public var count: Int { rope.isEmpty ? 0 : rope.summary.count }
    public var totalHeight: Double { rope.isEmpty ? 0 : Double(rope.summary.units) / HeightIndex.unitsPerPoint }

    /// The top of paragraph `p` (p == count gives the bottom of the last).
    public func y(ofParagraph p: Int) -> Double {
        precondition(p >= 0 && p <= count, "paragraph out of bounds")
        if p == count { return totalHeight }
        let (index, remaining) = rope.find(at: p, in: CountMetric(), preferEnd: false)
        var units = rope.offset(of: index, in: UnitsMetric())
        let leaf = rope[index]
        for i in 0..<remaining { units += Int(leaf.entries[i] & ~HeightIndex.laidOutBit) }
        return Double(units) / HeightIndex.unitsPerPoint
    }

    /// The paragraph at document height `y` (clamped to the first and last) and the
    /// offset of `y` from that paragraph's top.
    public func paragraph(atY y: Double) -> (paragraph: Int, offset: Double) {
        precondition(count > 0, "empty index")
        if y <= 0 { return (0, y) }
        let target = Int(y * HeightIndex.unitsPerPoint)
        if target >= rope.summary.units {
            let last = count - 1
            return (last, y - self.y(ofParagraph: last))
        }
        let (index, remaining) = rope.find(at: target, in: UnitsMetric(), preferEnd: false)
        var p = rope.offset(of: index, in: CountMetric())
        var units = target - remaining
        let leaf = rope[index]
        for entry in leaf.entries {
            let h = Int(entry & ~HeightIndex.laidOutBit)
            if units + h > target { break }
            units += h
            p += 1
        }
        p = min(p, count - 1)
        return (p, y - Double(units) / HeightIndex.unitsPerPoint)
    }

    public func height(ofParagraph p: Int) -> Double {
        Double(entry(p) & ~HeightIndex.laidOutBit) / HeightIndex.unitsPerPoint
    }

    public func isLaidOut(_ p: Int) -> Bool { entry(p) & HeightIndex.laidOutBit != 0 }

    /// Records paragraph `p`'s real (or, with `laidOut: false`, estimated) height.
    public mutating func setHeight(_ height: Double, ofParagraph p: Int, laidOut: Bool = true) {
        precondition(p >= 0 && p < count, "paragraph out of bounds")
        var (index, remaining) = rope.find(at: p, in: CountMetric(), preferEnd: false)
        let value = HeightIndex.units(height) | (laidOut ? HeightIndex.laidOutBit : 0)
        rope.update(at: &index) { $0.set(remaining, to: value) }
    }

    /// Replaces paragraphs `range` with estimated heights `heights` (an edit that
    /// joined or split paragraphs). O(log n + heights.count).
    public mutating func replace(_ range: Range<Int>, withEstimates heights: [Double]) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range out of bounds")
        if range.count == heights.count {
            for (i, h) in heights.enumerated() { setHeight(h, ofParagraph: range.lowerBound + i, laidOut: false) }
            return
        }
        var builder = rope.builder(removing: range, in: CountMetric())
        let inserted = HeightIndex(estimates: heights)
        builder.insertBeforeTip(inserted.rope)
        rope = builder.finalize()
    }

    private func entry(_ p: Int) -> UInt32 {
        precondition(p >= 0 && p < count, "paragraph out of bounds")
        let (index, remaining) = rope.find(at: p, in: CountMetric(), preferEnd: false)
        return rope[index].entries[remaining]
    }

    static func units(_ height: Double) -> UInt32 {
        UInt32(min(Double(laidOutBit - 1), max(0, (height * unitsPerPoint).rounded())))
    }
}

/// A leaf of the height index: 64–256 consecutive paragraphs.
struct HeightLeaf: RopeElement, Sendable {
    static let maximumCount = 256
    static let minimumCount = 64

    private(set) var entries: [UInt32]
    private(set) var units: Int

    init(_ entries: [UInt32]) {
        self.entries = entries
        units = entries.reduce(0) { $0 + Int($1 & ~HeightIndex.laidOutBit) }
    }

    typealias Index = Int
    var summary: HeightSummary { HeightSummary(count: entries.count, units: units) }
    var isEmpty: Bool { entries.isEmpty }
    var isUndersized: Bool { entries.count < HeightLeaf.minimumCount }
    func invariantCheck() {}

    mutating func set(_ i: Int, to value: UInt32) {
        units += Int(value & ~HeightIndex.laidOutBit) - Int(entries[i] & ~HeightIndex.laidOutBit)
        entries[i] = value
    }

    mutating func rebalance(nextNeighbor right: inout HeightLeaf) -> Bool {
        let all = entries + right.entries
        if all.count <= HeightLeaf.maximumCount {
            self = HeightLeaf(all)
            right = HeightLeaf([])
            return true
        }
        let half = all.count / 2
        self = HeightLeaf(Array(all[..<half]))
        right = HeightLeaf(Array(all[half...]))
        return false
    }

    mutating func split(at index: Int) -> HeightLeaf {
        let tail = HeightLeaf(Array(entries[index...]))
        self = HeightLeaf(Array(entries[..<index]))
        return tail
    }
}

struct HeightSummary: RopeSummary {
    var count: Int
    var units: Int
    static var maxNodeSize: Int { 15 }
    static var zero: HeightSummary { HeightSummary(count: 0, units: 0) }
    var isZero: Bool { count == 0 && units == 0 }
    mutating func add(_ other: HeightSummary) { count += other.count; units += other.units }
    mutating func subtract(_ other: HeightSummary) { count -= other.count; units -= other.units }
}

struct CountMetric: RopeMetric {
    typealias Element = HeightLeaf
    func size(of summary: HeightSummary) -> Int { summary.count }
    func index(at offset: Int, in element: HeightLeaf) -> Int { offset }
}

struct UnitsMetric: RopeMetric {
    typealias Element = HeightLeaf
    func size(of summary: HeightSummary) -> Int { summary.units }
    func index(at offset: Int, in element: HeightLeaf) -> Int {
        var units = 0
        for (i, entry) in element.entries.enumerated() {
            if units >= offset { return i }
            units += Int(entry & ~HeightIndex.laidOutBit)
        }
        return element.entries.count
    }
}
