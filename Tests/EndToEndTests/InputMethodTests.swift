import Foundation
import Testing

let hasIBusAnthy = FileManager.default.fileExists(atPath: "/usr/libexec/ibus-engine-anthy")
    && FileManager.default.fileExists(atPath: "/usr/bin/ibus-daemon")
    && FileManager.default.fileExists(atPath: "/usr/bin/dbus-run-session")

/// A real input method over XIM: ibus with the anthy engine, in a private D-Bus
/// session, converting typed romaji into Japanese in the window.
@Suite("Input methods, end to end", .serialized,
       .enabled(if: hasDisplay, "needs an X server; `make test` starts Xvfb"),
       .enabled(if: hasIBusAnthy, "needs ibus and ibus-anthy; `make test` installs them"))
struct InputMethodTests {
    @Test("typing nihongo, Space, Return through ibus-anthy puts 日本語 in the document")
    func japaneseThroughIBus() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Scripts/type-japanese-with-ibus.sh").path
        let dataHome = FileManager.default.temporaryDirectory.appendingPathComponent("glidepad-ime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dataHome, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dataHome) }
        try Shell.run("dbus-run-session", ["--", script, GlidepadWindow.executable.path, dataHome.path], timeout: 90)
        let draft = try? String(contentsOfFile: dataHome.appendingPathComponent("glidepad/draft.txt").path, encoding: .utf8)
        #expect(draft == "日本語", "the draft held \(draft.map { "\"\($0)\"" } ?? "nothing")")
    }
}
