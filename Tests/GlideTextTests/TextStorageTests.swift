import Testing
@testable import GlideText

@Suite("Text storage")
struct TextStorageTests {
    @Test("random edits match a plain String model, byte for byte")
    func randomEditsMatchModel() {
        for seed in UInt64(1)...12 {
            var random = SeededRandom(seed: seed)
            var model = randomText(length: Int.random(in: 0...20_000, using: &random), using: &random)
            var storage = TextStorage(model)
            for _ in 0..<300 {
                let offsets = model.scalarOffsets
                let i = Int.random(in: 0..<offsets.count, using: &random)
                // Mostly short ranges, as typing and deleting make; sometimes long ones.
                let span = Int.random(in: 0..<4, using: &random) == 0
                    ? Int.random(in: 0..<offsets.count, using: &random) : Int.random(in: 0..<4, using: &random)
                let range = offsets[i]..<offsets[min(offsets.count - 1, i + span)]
                let insertion: String
                switch Int.random(in: 0..<10, using: &random) {
                case 0: insertion = randomText(length: Int.random(in: 3000...12000, using: &random), using: &random)
                case 1...3: insertion = ""
                default: insertion = samplePieces.randomElement(using: &random)!
                }
                model = model.replacingUTF8(range, with: insertion)
                storage.replace(range, with: insertion)
            }
            #expect(storage.utf8Count == model.utf8.count)
            #expect(storage.string.utf8.elementsEqual(model.utf8), "seed \(seed)")
            #expect(storage.newlineCount == model.utf8.filter { $0 == 0x0A }.count)
            checkChunks(storage)
        }
    }

    @Test("paragraph lookups agree with splitting the text on newlines")
    func paragraphLookups() {
        var random = SeededRandom(seed: 99)
        let text = randomText(length: 60_000, using: &random)
        let storage = TextStorage(text)
        let bytes = Array(text.utf8)
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == 0x0A { starts.append(i + 1) }
        #expect(storage.paragraphCount == starts.count)
        for (n, start) in starts.enumerated() {
            #expect(storage.paragraphStart(n) == start)
        }
        for _ in 0..<2000 {
            let offset = Int.random(in: 0...bytes.count, using: &random)
            let expected = starts.lastIndex { $0 <= offset }!
            #expect(storage.paragraphIndex(containing: offset) == expected)
        }
    }

    @Test("a paragraph's range excludes its \\n or \\r\\n terminator")
    func paragraphRangeExcludesTerminator() {
        let storage = TextStorage("one\r\ntwo\n\r\nlast")
        #expect(storage.string(in: storage.paragraphRange(0)) == "one")
        #expect(storage.string(in: storage.paragraphRange(1)) == "two")
        #expect(storage.paragraphRange(2).isEmpty)
        #expect(storage.string(in: storage.paragraphRange(3)) == "last")
        #expect(TextStorage().paragraphCount == 1)
        #expect(TextStorage().paragraphRange(0) == 0..<0)
    }

    @Test("typing into a large document touches one chunk, not the whole text")
    func insertionSharesUntouchedChunks() {
        var random = SeededRandom(seed: 7)
        let original = TextStorage(randomText(length: 2_000_000, using: &random))
        var edited = original
        var middle = 1_000_000
        while !original.isScalarBoundary(middle) { middle -= 1 }
        edited.insert("x", at: middle)
        // The snapshot is unchanged (value semantics) and the edit is where it belongs.
        #expect(original.utf8Count + 1 == edited.utf8Count)
        #expect(edited.string(in: middle..<(middle + 1)) == "x")
        // All leaves but the edited one (which may have split in two) are unchanged:
        // match them from the front and from the back.
        let before = Array(original.rope).map(\.string)
        let after = Array(edited.rope).map(\.string)
        let same = { (x: String, y: String) in x.utf8.elementsEqual(y.utf8) }
        let prefix = zip(before, after).prefix { same($0, $1) }.count
        let suffix = zip(before.reversed(), after.reversed()).prefix { same($0, $1) }.count
        #expect(before.count > 400)
        #expect(before.count - prefix - suffix <= 1)
        #expect(after.count - prefix - suffix <= 2)
    }

    @Test("extracting shares structure and round-trips")
    func extracting() {
        var random = SeededRandom(seed: 3)
        let text = randomText(length: 50_000, using: &random)
        let storage = TextStorage(text)
        for _ in 0..<200 {
            let a = text.randomScalarOffset(using: &random)
            let b = text.randomScalarOffset(using: &random)
            let r = min(a, b)..<max(a, b)
            #expect(storage.extracting(r).string.utf8.elementsEqual(text.utf8Slice(r).utf8))
        }
    }

    @Test("inserting one storage into another keeps order and counts")
    func insertingStorage() {
        var random = SeededRandom(seed: 11)
        let big = randomText(length: 30_000, using: &random)
        let other = randomText(length: 20_000, using: &random)
        var storage = TextStorage(big)
        let at = big.randomScalarOffset(using: &random)
        storage.insert(TextStorage(other), at: at)
        #expect(storage.string.utf8.elementsEqual(big.replacingUTF8(at..<at, with: other).utf8))
        checkChunks(storage)
    }

    @Test("backward slices cover a range in order")
    func backwardSlices() {
        var random = SeededRandom(seed: 5)
        let text = randomText(length: 20_000, using: &random)
        let storage = TextStorage(text)
        var pieces: [Substring] = []
        storage.forEachSliceBackward(in: 100..<19_000) { pieces.insert($0, at: 0); return true }
        #expect(pieces.joined().utf8.elementsEqual(storage.string(in: 100..<19_000).utf8))
    }

    /// Every chunk holds whole scalars, stays within the size bound, and counts its newlines right.
    private func checkChunks(_ storage: TextStorage, sourceLocation: SourceLocation = #_sourceLocation) {
        var iterator = storage.rope.makeIterator()
        var count = 0
        while let chunk = iterator.next() {
            count += 1
            #expect(!chunk.isEmpty, sourceLocation: sourceLocation)
            #expect(chunk.utf8Count <= TextChunk.maximumUTF8, sourceLocation: sourceLocation)
            #expect(chunk.newlines == chunk.string.utf8.filter { $0 == 0x0A }.count, sourceLocation: sourceLocation)
        }
        _ = count
    }
}
