import Foundation
import Testing

/// Runs the built `glidepad` binary, as a user or a CI script would.
struct Glidepad {
    static let executable: URL = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("glidepad")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/glidepad")
    }()

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }
}

func temporaryFile(_ name: String, _ contents: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glidepad-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent(name).path
    try contents.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

@Suite("glidepad replay")
struct ReplayCommandTests {
    let header = #"{"glidepad_trace": 1, "width": 640, "height": 360, "scale": 1}"#

    @Test("types, moves and selects, then prints the state TRACE.md describes")
    func stateOutput() throws {
        let trace = try temporaryFile("t.jsonl", """
            \(header)
            {"t": 0.0, "kind": "text", "text": "こんにちは world"}
            {"t": 0.1, "kind": "key", "keysym": "Return", "mods": []}
            {"t": 0.2, "kind": "text", "text": "second"}
            {"t": 0.3, "kind": "key", "keysym": "Left", "mods": ["shift", "ctrl"]}
            """)
        let result = try Glidepad.run(["replay", trace, "--font", "DejaVu Sans 12", "--print-text"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let state = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as! [String: Any]
        #expect(state["text_length"] as? Int == 18)  // 11 + newline + 6 graphemes
        #expect((state["caret"] as? [String: Int]) == ["offset": 12, "line": 1, "column": 0])
        let selection = state["selection"] as? [String: [String: Int]]
        #expect(selection?["start"] == ["offset": 12, "line": 1, "column": 0])
        #expect(selection?["end"] == ["offset": 18, "line": 1, "column": 6])
        #expect(state["scroll_y"] as? Double == 0)
        #expect(state["floating_caret"] is NSNull)
        #expect(state["events"] as? Int == 4)
        // "こんにちは world" + Return is one group (typing ends a word at the newline);
        // "second" starts the next.
        #expect(state["undo_depth"] as? Int == 2)
        #expect(lines[1...].joined(separator: "\n") == "こんにちは world\nsecond\n")
    }

    @Test("the text's SHA-256 is of its UTF-8 bytes")
    func sha256() throws {
        let trace = try temporaryFile("t.jsonl", header + "\n" + #"{"t": 0, "kind": "text", "text": "abc"}"#)
        let result = try Glidepad.run(["replay", trace])
        let state = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        // SHA-256("abc"), the FIPS 180-2 test vector.
        #expect(state["text_sha256"] as? String == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("--text starts from a file, keeping its CRLF endings")
    func startingText() throws {
        let text = try temporaryFile("start.txt", "one\r\ntwo\r\n")
        let trace = try temporaryFile("t.jsonl", header + "\n" + #"{"t": 0, "kind": "key", "keysym": "End", "mods": ["ctrl"]}"# + "\n"
            + #"{"t": 0.1, "kind": "text", "text": "three\n"}"#)
        let result = try Glidepad.run(["replay", trace, "--text", text, "--print-text"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("one\r\ntwo\r\nthree\r\n\n"))
    }

    @Test("a malformed line stops the replay with its line number and why")
    func malformed() throws {
        let trace = try temporaryFile("bad.jsonl", header + "\n" + #"{"t": 0, "kind": "text", "text": "a"}"# + "\n" + #"{"t": 0.1, "kind": "key"}"#)
        let result = try Glidepad.run(["replay", trace])
        #expect(result.status != 0)
        #expect(result.stderr.contains("line 3: missing field keysym"))
        #expect(result.stdout.isEmpty)
    }

    @Test("every kind of TRACE.md replays, touch gestures included")
    func everyKind() throws {
        let trace = try temporaryFile("all.jsonl", header + "\n" + [
            #"{"t": 0, "kind": "text", "text": "some text to move around in"}"#,
            #"{"t": 0.1, "kind": "touch", "phase": "begin", "id": 1, "x": 100, "y": 20}"#,
            #"{"t": 0.2, "kind": "touch", "phase": "end", "id": 1, "x": 100, "y": 20}"#,
            #"{"t": 0.3, "kind": "pad_touch", "phase": "begin", "id": 1, "x": 5, "y": 5}"#,
            #"{"t": 0.4, "kind": "pad_touch", "phase": "end", "id": 1, "x": 5, "y": 5}"#,
            #"{"t": 0.5, "kind": "scroll", "dx": 0, "dy": 10}"#,
            #"{"t": 0.6, "kind": "swipe", "phase": "begin", "fingers": 3, "dx": 0, "dy": 0}"#,
            #"{"t": 0.7, "kind": "swipe", "phase": "end", "fingers": 3, "dx": 0, "dy": 0}"#,
            #"{"t": 0.8, "kind": "pinch", "phase": "begin", "fingers": 2, "scale": 1, "dx": 0, "dy": 0}"#,
            #"{"t": 0.9, "kind": "pointer", "phase": "down", "button": 1, "x": 20, "y": 20, "clicks": 1}"#,
            #"{"t": 1.0, "kind": "key", "keysym": "End", "mods": []}"#,
        ].joined(separator: "\n"))
        let result = try Glidepad.run(["replay", trace])
        #expect(result.status == 0, "\(result.stderr)")
        let state = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        #expect(state["events"] as? Int == 11)
        #expect((state["caret"] as? [String: Int])?["offset"] == 27)
    }

    @Test("--png and --frames write what the window would show")
    func frames() throws {
        let trace = try temporaryFile("t.jsonl", """
            \(header)
            {"t": 0.0, "kind": "text", "text": "Frames"}
            {"t": 0.1, "kind": "key", "keysym": "Left", "mods": []}
            {"t": 0.2, "kind": "key", "keysym": "F5", "mods": []}
            """)
        let folder = URL(fileURLWithPath: trace).deletingLastPathComponent()
        let png = folder.appendingPathComponent("last.png").path
        let frames = folder.appendingPathComponent("frames").path
        let result = try Glidepad.run(["replay", trace, "--png", png, "--frames", frames])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: png))
        let written = try FileManager.default.contentsOfDirectory(atPath: frames).sorted()
        // The first frame, then one per event that changed the screen (F5 changed nothing).
        #expect(written == ["frame-00000.png", "frame-00001.png", "frame-00002.png"])
    }

    @Test("pointer events: a double click selects a word, a drag past the bottom auto-scrolls and selects")
    func pointer() throws {
        let lines = (0..<200).map { "line number \($0)" }.joined(separator: "\n")
        let text = try temporaryFile("lines.txt", lines)
        let trace = try temporaryFile("p.jsonl", """
            \(header)
            {"t": 0.0, "kind": "pointer", "phase": "down", "button": 1, "x": 20, "y": 20, "clicks": 1}
            {"t": 0.05, "kind": "pointer", "phase": "up", "button": 1, "x": 20, "y": 20, "clicks": 1}
            {"t": 0.1, "kind": "pointer", "phase": "down", "button": 1, "x": 20, "y": 20, "clicks": 2}
            {"t": 0.15, "kind": "pointer", "phase": "up", "button": 1, "x": 20, "y": 20, "clicks": 2}
            {"t": 0.5, "kind": "pointer", "phase": "down", "button": 1, "x": 14, "y": 20, "clicks": 1}
            {"t": 0.6, "kind": "pointer", "phase": "move", "x": 100, "y": 380}
            {"t": 1.6, "kind": "pointer", "phase": "up", "button": 1, "x": 100, "y": 380}
            """)
        let result = try Glidepad.run(["replay", trace, "--text", text, "--font", "DejaVu Sans 12"])
        #expect(result.status == 0, "\(result.stderr)")
        let state = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        let selection = state["selection"] as? [String: [String: Int]]
        #expect(selection?["start"] == ["offset": 0, "line": 0, "column": 0])
        // A second of auto-scroll past the bottom edge reaches far below the first screen.
        #expect((selection?["end"]?["line"] ?? 0) > 40)
        #expect((state["scroll_y"] as? Double ?? 0) > 500)
    }

    @Test("--version prints the version written in Sources/glidepad/Version.swift, without an X server")
    func version() throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/glidepad/Version.swift")
        let text = try String(contentsOf: source, encoding: .utf8)
        let version = text.components(separatedBy: "\"")[1]
        let result = try Glidepad.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == version + "\n")
    }

    @Test("a binary starting text is refused with the offset of its first NUL")
    func binaryText() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("glidepad-bin-\(UUID().uuidString)").path
        FileManager.default.createFile(atPath: path, contents: Data([0x41, 0x00, 0x42]))
        let trace = try temporaryFile("t.jsonl", header)
        let result = try Glidepad.run(["replay", trace, "--text", path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("NUL byte at byte offset 1"))
    }
}
