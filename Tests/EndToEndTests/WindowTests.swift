import Foundation
import Testing

/// The real window under Xvfb. One window at a time: they share the keyboard focus.
@Suite("The window, end to end", .serialized, .enabled(if: hasDisplay, "needs an X server; `make test` starts Xvfb"))
struct WindowTests {
    func temporaryPath(_ name: String) -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glidepad-e2e-files-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent(name).path
    }

    func contents(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    func title(_ window: GlidepadWindow) throws -> String {
        try Shell.run("xprop", ["-id", "\(window.windowID)", "_NET_WM_NAME"])
    }

    @Test("typed text is saved with Ctrl+S to the file named on the command line")
    func typeAndSave() throws {
        let path = temporaryPath("notes.txt")
        let window = try GlidepadWindow(arguments: [path])
        try window.type("Hello, Glidepad")
        try window.key("Return")
        try window.type("line two")
        try window.waitUntil("the modified mark") { (try? title(window))?.contains("• notes.txt — Glidepad") == true }
        try window.key("ctrl+s")
        try window.waitUntil("the file to be saved") { contents(path) == "Hello, Glidepad\nline two" }
        try window.waitUntil("the modified mark to go") { (try? title(window))?.contains("\"notes.txt — Glidepad\"") == true }
    }

    @Test("Ctrl+S on the draft asks for a name in the window and saves there; Ctrl+O opens another file")
    func saveAsAndOpen() throws {
        let target = temporaryPath("named-later.txt")
        let other = temporaryPath("other.txt")
        try "another file".write(toFile: other, atomically: true, encoding: .utf8)
        let window = try GlidepadWindow()
        try window.type("draft to keep")
        try window.key("ctrl+s")
        // The prompt starts with the current folder: clear it, then type the path.
        try window.key(contentsOf: Array(repeating: "BackSpace", count: 200))
        try window.type(target)
        try window.key("Return")
        try window.waitUntil("the save-as to write the file") { contents(target) == "draft to keep" }
        try window.waitUntil("the title to name the file") { (try? title(window))?.contains("named-later.txt — Glidepad") == true }
        try window.key("ctrl+o")
        try window.key(contentsOf: Array(repeating: "BackSpace", count: 200))
        try window.type(other)
        try window.key("Return")
        try window.waitUntil("the title to name the opened file") { (try? title(window))?.contains("other.txt — Glidepad") == true }
        try window.key("ctrl+End")
        try window.type(", edited")
        try window.key("ctrl+s")
        try window.waitUntil("the opened file to be saved") { contents(other) == "another file, edited" }
    }

    @Test("a drag and a double click select; PRIMARY and CLIPBOARD serve the selection")
    func selectionsServeText() throws {
        let path = temporaryPath("select.txt")
        try "alpha beta gamma\nsecond line".write(toFile: path, atomically: true, encoding: .utf8)
        let window = try GlidepadWindow(arguments: [path])
        try window.click(at: (30, 22), repeat: 2)
        try window.waitUntil("PRIMARY to hold the word") {
            (try? Shell.run("xclip", ["-o", "-selection", "primary"], timeout: 3)) == "alpha"
        }
        try window.drag(from: (13, 22), to: (880, 22))
        try window.waitUntil("PRIMARY to hold the line") {
            (try? Shell.run("xclip", ["-o", "-selection", "primary"], timeout: 3)) == "alpha beta gamma"
        }
        try window.key("ctrl+c")
        try window.waitUntil("CLIPBOARD to hold the line") {
            (try? Shell.run("xclip", ["-o", "-selection", "clipboard"], timeout: 3)) == "alpha beta gamma"
        }
    }

    @Test("text copied in another program pastes with Ctrl+V, and middle click pastes PRIMARY")
    func pasteFromElsewhere() throws {
        let path = temporaryPath("paste.txt")
        let window = try GlidepadWindow(arguments: [path])
        let clipboard = try Shell.offer("from elsewhere", selection: "clipboard")
        defer { clipboard.terminate() }
        try window.key("ctrl+v")
        let primary = try Shell.offer(" + primary", selection: "primary")
        defer { primary.terminate() }
        try window.click(at: (600, 22), button: 2)
        usleep(300_000)
        try window.key("ctrl+s")
        try window.waitUntil("the pasted text to be saved") { contents(path) == "from elsewhere + primary" }
    }

    @Test("a 1 MB clipboard round trip uses INCR both ways and loses nothing")
    func largeClipboard() throws {
        let path = temporaryPath("big.txt")
        var big = ""
        var i = 0
        while big.utf8.count < 1_048_576 {
            big += "Line \(i): the quick brown fox 素早い茶色の狐が跳ぶ。\n"
            i += 1
        }
        let window = try GlidepadWindow(arguments: [path])
        let offer = try Shell.offer(big, selection: "clipboard")
        defer { offer.terminate() }
        try window.key("ctrl+v")
        try window.key("ctrl+s")
        try window.waitUntil("1 MB to be pasted and saved", timeout: 15) { contents(path) == big }
        try window.key("ctrl+a", "ctrl+c")
        try window.waitUntil("1 MB to come back out", timeout: 15) {
            (try? Shell.run("xclip", ["-o", "-selection", "clipboard"], timeout: 10)) == big
        }
    }

    @Test("closing the window keeps the draft")
    func closeKeepsDraft() throws {
        let window = try GlidepadWindow()
        try window.type("a draft worth keeping")
        try window.closeLikeAWindowManager()
        #expect(try window.waitForExit() == 0)
        #expect(contents(window.draftPath) == "a draft worth keeping")
    }

    @Test("closing with unsaved changes to a file keeps them in a recovery copy; the file is untouched")
    func closeKeepsRecovery() throws {
        let path = temporaryPath("precious.txt")
        try "original".write(toFile: path, atomically: true, encoding: .utf8)
        let window = try GlidepadWindow(arguments: [path])
        try window.key("ctrl+End")
        try window.type(" and more")
        try window.key("ctrl+q")
        #expect(try window.waitForExit() == 0)
        #expect(contents(path) == "original")
        let said = window.stderr
        #expect(said.contains("unsaved changes to \(path) are kept in"))
        let recovery = said.components(separatedBy: "are kept in ").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        #expect(contents(recovery) == "original and more")
    }

    @Test("killed with SIGKILL mid-typing, the draft has everything typed until a second before")
    func sigkillLosesAtMostASecond() throws {
        let window = try GlidepadWindow()
        let text = String(repeating: "abcdefghij", count: 40)
        var typed: [(time: Date, count: Int)] = []
        let start = Date()
        var count = 0
        for chunk in stride(from: 0, to: text.count, by: 5) {
            let piece = String(text.dropFirst(chunk).prefix(5))
            try window.type(piece, delay: 12)
            count += piece.count
            typed.append((Date(), count))
            if Date().timeIntervalSince(start) > 3 { break }
        }
        kill(window.process.processIdentifier, SIGKILL)
        let killedAt = Date()
        window.process.waitUntilExit()
        let draft = contents(window.draftPath) ?? ""
        let surelyTyped = typed.last { $0.time < killedAt.addingTimeInterval(-1.0) }?.count ?? 0
        #expect(text.hasPrefix(draft))
        #expect(draft.count >= surelyTyped, "draft has \(draft.count) characters; \(surelyTyped) were typed more than a second before the kill")
        #expect(surelyTyped > 20)
    }

    @Test("a large file shows at once; typing while the rest loads lands where it was typed")
    func typingWhileLoading() throws {
        let path = temporaryPath("large.txt")
        let line = "A line of a large file, with some 日本語 in it to keep the decoder honest.\n"
        let original = String(repeating: line, count: 40_000 * 8)  // about 28 MB
        try original.write(toFile: path, atomically: true, encoding: .utf8)
        let window = try GlidepadWindow(arguments: [path], environment: ["GLIDEPAD_STATS": "1"])
        try window.type("Typed first. ", delay: 5)
        // Saving is refused until the whole file is in, then it works.
        try window.waitUntil("the whole file to be saved with the typing at its start", timeout: 60) {
            try? window.key("ctrl+s")
            usleep(300_000)
            guard let saved = contents(path), saved.utf8.count == original.utf8.count + 13 else { return false }
            return saved.hasPrefix("Typed first. A line") && saved.hasSuffix(line + line)
        }
        let firstFrame = window.stderr.split(separator: "\n").first { $0.contains("start → first frame") }
        #expect(firstFrame != nil)
    }

    @Test("--record writes a trace of the session that replays to the same text")
    func recordAndReplay() throws {
        let start = temporaryPath("start.txt")
        let startText = "first line\nsecond line\nthird line"
        try startText.write(toFile: start, atomically: true, encoding: .utf8)
        let path = temporaryPath("edited.txt")
        try startText.write(toFile: path, atomically: true, encoding: .utf8)
        let trace = temporaryPath("session.jsonl")
        let window = try GlidepadWindow(arguments: [path, "--record", trace])
        try window.type("Hello ")
        try window.key("ctrl+End", "Return")
        try window.type("added at the end")
        try window.click(at: (60, 44), repeat: 2)      // double click a word on the second line
        try window.type("REPLACED")
        try window.drag(from: (14, 22), to: (70, 22))  // select the start of the first line
        try window.key("BackSpace", "ctrl+z", "Down", "End")
        try window.type("!")
        try window.key("ctrl+s")
        try window.waitUntil("the file to be saved") { contents(path).map { $0 != startText } == true }
        usleep(300_000)
        try window.key("ctrl+q")
        _ = try window.waitForExit()
        let replayed = try Shell.run(GlidepadWindow.executable.path, ["replay", trace, "--text", start, "--print-text"])
        let lines = replayed.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        #expect(lines.count == 2)
        #expect(lines.count == 2 && String(lines[1]) == (contents(path) ?? "") + "\n", "trace:\n\((try? String(contentsOfFile: trace, encoding: .utf8)) ?? "")")
    }

    @Test("text pixels appear on the caret's line, the rest is background")
    func pixelsWhereTheTextIs() throws {
        let window = try GlidepadWindow()
        try window.type("MMMMMMMMMM")
        usleep(300_000)
        let shot = try window.screenshot()
        func pixel(_ x: Int, _ y: Int) -> UInt32 { shot.pixels[y * shot.width + x] }
        let background = pixel(shot.width - 5, shot.height - 5)
        var ink = 0
        for y in 12..<34 { for x in 12..<140 where pixel(x, y) != background { ink += 1 } }
        #expect(ink > 200, "no text where it was typed")
        var stray = 0
        for y in 200..<400 { for x in 200..<600 where pixel(x, y) != background { stray += 1 } }
        #expect(stray == 0)
        // Dark text on the light theme.
        let darkest = (12..<34).flatMap { y in (12..<140).map { pixel($0, y) } }.min { ($0 >> 16) < ($1 >> 16) }!
        #expect(darkest >> 16 < 0x60)
    }
}

/// Its own X server, so that killing it harms no other test.
@Suite("Losing the X server", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb"), "needs Xvfb"))
struct LostConnectionTests {
    @Test("when the X server dies, the draft is saved and Glidepad says where")
    func serverDies() throws {
        // A display number nobody uses; ready once its socket appears.
        let number = (90..<190).first { !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\($0)") && !FileManager.default.fileExists(atPath: "/tmp/.X\($0)-lock") }!
        let display = ":\(number)"
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        server.arguments = [display, "-screen", "0", "800x600x24", "-nolisten", "tcp"]
        server.standardInput = FileHandle.nullDevice
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer { kill(server.processIdentifier, SIGKILL) }
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") && Date() < deadline { usleep(50_000) }

        let window = try GlidepadWindow(environment: ["DISPLAY": display])
        try window.type("typed before the crash", delay: 10)
        usleep(200_000)
        // SIGKILL: a child of the test runner may have SIGTERM blocked.
        kill(server.processIdentifier, SIGKILL)
        #expect(try window.waitForExit() == 1)
        #expect((try? String(contentsOfFile: window.draftPath, encoding: .utf8)) == "typed before the crash")
        #expect(window.stderr.contains("lost the connection to the X server; your text is saved in \(window.draftPath)"))
    }
}
