import Testing
@testable import GlideText

#if canImport(Glibc)
import Glibc
#endif

/// A fresh folder under /tmp for one test.
final class TemporaryFolder {
    let path: String

    init() {
        var template = Array("/tmp/glidepad-test-XXXXXX".utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    deinit { _ = system("rm -rf '\(path)'") }

    func file(_ name: String) -> String { path + "/" + name }
}

func writeBytes(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode)
    precondition(fd >= 0)
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
}

func readBytes(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY)
    if fd < 0 { return nil }
    defer { close(fd) }
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n <= 0 { break }
        result += buffer[..<n]
    }
    return result
}

func fileMode(_ path: String) -> mode_t {
    var info = stat()
    stat(path, &info)
    return info.st_mode & 0o7777
}

@Suite("Opening and saving files")
struct TextFileTests {
    @Test("UTF-8 with and without a BOM opens; the BOM is written back")
    func byteOrderMark() throws {
        let folder = TemporaryFolder()
        let path = folder.file("bom.txt")
        writeBytes([0xEF, 0xBB, 0xBF] + Array("héllo\n".utf8), to: path)
        let loaded = try TextFile.load(path: path)
        #expect(loaded.text.string == "héllo\n")
        #expect(loaded.format.hasByteOrderMark)
        try TextFile.save(loaded.text, format: loaded.format, to: path)
        #expect(readBytes(path) == [0xEF, 0xBB, 0xBF] + Array("héllo\n".utf8))

        writeBytes(Array("plain".utf8), to: path)
        let plain = try TextFile.load(path: path)
        #expect(!plain.format.hasByteOrderMark)
        #expect(plain.text.string == "plain")
    }

    @Test("CRLF files round-trip byte for byte, mixed endings included")
    func crlfRoundTrip() throws {
        let folder = TemporaryFolder()
        let path = folder.file("dos.txt")
        var random = SeededRandom(seed: 8)
        var text = ""
        while text.utf8.count < 3_000_000 {
            for _ in 0..<12 {
                text += samplePieces.filter { !$0.contains("\n") && !$0.contains("\r\n") }.randomElement(using: &random)!
            }
            // Mostly CRLF, with the odd bare LF that must survive as it is.
            text += Int.random(in: 0..<50, using: &random) == 0 && !text.isEmpty ? "\n" : "\r\n"
        }
        let bytes = Array(text.utf8)
        writeBytes(bytes, to: path)
        var loaded = try TextFile.load(path: path)
        #expect(loaded.format.lineEnding == .crlf)
        #expect(loaded.text.utf8Count == bytes.count)
        try TextFile.save(loaded.text, format: loaded.format, to: path)
        let roundTripped = readBytes(path) == bytes  // (not inside #expect: it would print megabytes)
        #expect(roundTripped)
        // An edit with the document's own line ending keeps the file consistent.
        loaded.text.insert(loaded.format.lineEnding.normalizing("new\nline\n"), at: 0)
        try TextFile.save(loaded.text, format: loaded.format, to: path)
        let edited = readBytes(path) ?? []
        #expect(Array(edited.prefix(11)) == Array("new\r\nline\r\n".utf8))
        #expect(edited.count == bytes.count + 11)
    }

    @Test("the first line ending decides the style for new lines")
    func lineEndingDetection() throws {
        #expect(try TextFile.decode(Array("a\r\nb\nc".utf8)).format.lineEnding == .crlf)
        #expect(try TextFile.decode(Array("a\nb\r\nc".utf8)).format.lineEnding == .lf)
        #expect(try TextFile.decode(Array("no newline".utf8)).format.lineEnding == .lf)
    }

    @Test("invalid UTF-8 is refused with the file and the offset of the first bad byte",
          arguments: [
            ([0x61, 0x62, 0xFF], 2),                   // a stray byte
            ([0x61, 0xC3], 1),                         // truncated at the end
            ([0xE6, 0x97, 0x61], 0),                   // truncated mid-text
            ([0x61, 0xC0, 0xAF], 1),                   // overlong '/'
            ([0x61, 0xED, 0xA0, 0x80], 1),             // a UTF-16 surrogate
          ] as [([UInt8], Int)])
    func invalidUTF8(bytes: [UInt8], offset: Int) {
        #expect(throws: TextFileError.invalidUTF8(path: "x.txt", offset: offset)) {
            try TextFile.decode(bytes, path: "x.txt")
        }
    }

    @Test("a bad byte deep in a large file is found at its exact offset, across chunk and block edges")
    func invalidUTF8Deep() throws {
        let folder = TemporaryFolder()
        let path = folder.file("bad.txt")
        for position in [4095, 4096, 4097, (1 << 20) - 1, 1 << 20, 3_000_001] {
            var bytes = Array(String(repeating: "日本語 text ", count: 300_000).utf8)
            // Cut a three-byte character short at `position` … unless it is ASCII there.
            bytes[position] = 0xFF
            writeBytes(bytes, to: path)
            let error = #expect(throws: TextFileError.self) { try TextFile.load(path: path) }
            #expect(error == .invalidUTF8(path: path, offset: position) || {
                // If 0xFF replaced a continuation byte, the character before it is the bad sequence.
                var start = position
                while start > 0 && bytes[start - 1] & 0xC0 == 0x80 { start -= 1 }
                if start > 0 && bytes[start - 1] >= 0xC0 { start -= 1 }
                return error == .invalidUTF8(path: path, offset: start)
            }())
            #expect(error?.description.contains(path) == true)
        }
    }

    @Test("a binary file is refused with the offset of its first NUL byte")
    func binaryRefused() {
        var bytes = Array(String(repeating: "text ", count: 5000).utf8)
        bytes[12_345] = 0
        #expect(throws: TextFileError.binary(path: "blob", offset: 12_345)) {
            try TextFile.decode(bytes, path: "blob")
        }
    }

    @Test("a missing file or a folder is a clear error")
    func unreadable() {
        let folder = TemporaryFolder()
        #expect(throws: TextFileError.unreadable(path: folder.file("nope"), reason: "No such file or directory")) {
            try TextFile.load(path: folder.file("nope"))
        }
        #expect(throws: TextFileError.unreadable(path: folder.path, reason: "it is a folder")) {
            try TextFile.load(path: folder.path)
        }
    }

    @Test("loaded text keeps every byte and chunks stay well-formed")
    func largeLoad() throws {
        let folder = TemporaryFolder()
        let path = folder.file("big.txt")
        var random = SeededRandom(seed: 31)
        let text = randomText(length: 5_000_000, using: &random)
        writeBytes(Array(text.utf8), to: path)
        let loaded = try TextFile.load(path: path)
        #expect(loaded.text.utf8Count == text.utf8.count)
        #expect(loaded.text.newlineCount == text.utf8.filter { $0 == 0x0A }.count)
        #expect(loaded.text.string.utf8.elementsEqual(text.utf8))
        for chunk in loaded.text.rope { #expect(chunk.utf8Count <= TextChunk.maximumUTF8 && !chunk.isEmpty) }
    }

    @Test("saving keeps the file's permissions and writes through symlinks")
    func savePermissionsAndSymlinks() throws {
        let folder = TemporaryFolder()
        let path = folder.file("script.sh")
        writeBytes(Array("old".utf8), to: path, mode: 0o751)
        chmod(path, 0o751)
        try TextFile.save(TextStorage("new"), format: TextFileFormat(), to: path)
        #expect(readBytes(path) == Array("new".utf8))
        #expect(fileMode(path) == 0o751)

        let link = folder.file("link.txt")
        symlink(path, link)
        try TextFile.save(TextStorage("via link"), format: TextFileFormat(), to: link)
        #expect(readBytes(path) == Array("via link".utf8))
        var info = stat()
        lstat(link, &info)
        #expect(info.st_mode & S_IFMT == S_IFLNK)
        // No temporary files left behind.
        #expect(listFolder(folder.path).sorted() == ["link.txt", "script.sh"])
    }

    @Test("a save that fails (disk full, rename refused, folder gone) leaves the original untouched",
          arguments: ["write", "fsync", "rename"])
    func failedSaveKeepsOriginal(failing step: String) {
        let folder = TemporaryFolder()
        let path = folder.file("precious.txt")
        let original = Array(String(repeating: "precious text\n", count: 200_000).utf8)
        writeBytes(original, to: path)
        var operations = FileOperations.system
        switch step {
        case "write":
            // The disk fills up after 1 MiB.
            let budget = Budget(bytes: 1 << 20)
            operations.write = { fd, bytes in
                let allowed = budget.take(bytes.count)
                if allowed == 0 { errno = ENOSPC; return -1 }
                return Glibc.write(fd, bytes.baseAddress, allowed)
            }
        case "fsync":
            operations.fsync = { _ in errno = EIO; return -1 }
        default:
            operations.rename = { _, _ in errno = EXDEV; return -1 }
        }
        let replacement = TextStorage(String(repeating: "replacement\n", count: 300_000))
        let error = #expect(throws: TextFileError.self) {
            try TextFile.save(replacement, format: TextFileFormat(), to: path, operations: operations)
        }
        let untouched = readBytes(path) == original
        #expect(untouched)
        #expect(listFolder(folder.path) == ["precious.txt"])
        if step == "write" {
            #expect(error?.description.contains("No space left on device") == true)
            #expect(error?.description.contains("unchanged") == true)
        }
    }

    @Test("saving into a folder that vanished reports why")
    func vanishedFolder() {
        let folder = TemporaryFolder()
        let path = folder.file("gone/file.txt")
        let error = #expect(throws: TextFileError.self) {
            try TextFile.save(TextStorage("x"), format: TextFileFormat(), to: path)
        }
        #expect(error?.description.contains("No such file or directory") == true)
    }
}

/// A byte allowance shared by the injected write calls of one save.
final class Budget: @unchecked Sendable {
    private var remaining: Int
    init(bytes: Int) { remaining = bytes }
    func take(_ wanted: Int) -> Int {
        let n = min(wanted, remaining)
        remaining -= n
        return n
    }
}

func listFolder(_ path: String) -> [String] {
    guard let dir = opendir(path) else { return [] }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name != "." && name != ".." { names.append(name) }
    }
    return names
}
