import GlideText

#if canImport(Glibc)
import Glibc
#endif

/// The 100 MB mixed English/Japanese corpus (~780 000 paragraphs of one to four
/// sentences) that the benchmarks share, written once to /tmp and reused.
public enum Corpus {
    public static let path = "/tmp/glidepad-bench-100mb.txt"
    public static let size = 100_000_000

    static let english = [
        "The quick brown fox jumps over the lazy dog.",
        "Two fingers move the cursor anywhere on the page.",
        "A zigzag scrubs the page clean with a puff of smoke.",
        "Short notes, written fast, edited with the fingers.",
    ]
    static let japanese = [
        "吾輩は猫である。名前はまだ無い。",
        "二本指でカーソルを自由に動かせます。",
        "テキストを書いて、指で編集する。",
        "今日は晴れです。明日は雨でしょう。",
    ]

    /// Writes the corpus unless a file of the right size is there already.
    public static func ensure() {
        var info = stat()
        if stat(path, &info) == 0 && Int(info.st_size) == size { return }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        var state: UInt64 = 42
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33)
        }
        while bytes.count < size {
            for _ in 0..<(1 + next() % 4) {
                let pool = next() % 2 == 0 ? english : japanese
                bytes += pool[next() % pool.count].utf8
                bytes.append(0x20)
            }
            bytes.append(0x0A)
        }
        // Trim to the exact size without cutting a character, then pad with ASCII.
        bytes.removeLast(bytes.count - size)
        while bytes.last! & 0xC0 == 0x80 || bytes.last! >= 0xC0 { bytes.removeLast() }
        while bytes.count < size { bytes.append(0x2E) }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    nonisolated(unsafe) private static var loaded: LoadedText?

    /// The corpus opened as the editor opens files (once per process).
    public static func load() -> LoadedText {
        if let loaded { return loaded }
        ensure()
        let text = try! TextFile.load(path: path)
        loaded = text
        return text
    }
}
