/// A small deterministic generator (SplitMix64) so property tests replay exactly
/// from their seed.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Pieces of text that stress the rope: ASCII, Japanese (3-byte), emoji (4-byte and
/// ZWJ clusters), combining marks, and both line endings.
let samplePieces = [
    "a", "Hello", " ", "world", "\n", "\r\n", "日本語", "を", "入力", "する。", "é", "e\u{301}",
    "🇯🇵", "👩‍👩‍👧", "naïve café", "\t", "。", "Ω", "x\ny\nz",
]

extension String {
    /// Every UTF-8 offset in self that falls between scalars, both ends included.
    var scalarOffsets: [Int] {
        var offsets = [0]
        var o = 0
        for scalar in unicodeScalars {
            o += UTF8.width(scalar)
            offsets.append(o)
        }
        return offsets
    }

    /// A random scalar-boundary UTF-8 offset in self.
    func randomScalarOffset(using random: inout SeededRandom) -> Int {
        scalarOffsets.randomElement(using: &random)!
    }

    func utf8Slice(_ range: Range<Int>) -> String {
        let u = utf8
        let a = u.index(u.startIndex, offsetBy: range.lowerBound)
        let b = u.index(u.startIndex, offsetBy: range.upperBound)
        return String(self[a..<b])
    }

    func replacingUTF8(_ range: Range<Int>, with text: String) -> String {
        utf8Slice(0..<range.lowerBound) + text + utf8Slice(range.upperBound..<utf8.count)
    }
}

/// Random text of roughly `length` bytes built from `samplePieces`.
func randomText(length: Int, using random: inout SeededRandom) -> String {
    var s = ""
    while s.utf8.count < length { s += samplePieces.randomElement(using: &random)! }
    return s
}
