import ArgumentParser
import GlideEditor
import GlideRender
import GlideText
import GlideX11

#if canImport(Glibc)
import Glibc
#endif

@main
struct Glidepad: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "glidepad",
        abstract: "A text pad for touchscreens and touchpads.",
        version: glidepadVersion,
        subcommands: [Edit.self, Check.self, Replay.self],
        defaultSubcommand: Edit.self
    )
}

/// `glidepad [FILE]`: the text pad's window.
struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Edit FILE (created on first save), or the draft when no file is given.")

    @Argument(help: "The file to edit. Without one, Glidepad edits its draft, which is saved as you type.")
    var file: String?

    @Option(help: "A fontconfig family and a size in points.")
    var font = "sans-serif 11"

    @Option(help: "light or dark.")
    var theme = "light"

    @Option(help: "Record the session as an input trace in FILE (replay it with `glidepad replay FILE --text <the starting file>`).")
    var record: String?

    func validate() throws {
        guard theme == "light" || theme == "dark" else { throw ValidationError("--theme is light or dark, not \(theme)") }
    }

    func run() throws {
        let specification: FontSpecification
        do {
            specification = try FontSpecification(parsing: font)
        } catch {
            throw ValidationError("\(error)")
        }
        do {
            let window = try TextPadWindow(options: WindowOptions(
                file: file, font: specification, theme: theme == "dark" ? .dark : .light, recordPath: record))
            throw ExitCode(window.run())
        } catch let error as WindowError {
            FileHandleStandardError.write("glidepad: \(error)\n")
            throw ExitCode(1)
        }
    }
}

/// `glidepad check FILE…`: opens each file exactly as the editor would and reports
/// what it found — or the error the editor would show. Exits 1 if any file fails.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open files as Glidepad would and report their size, paragraphs and format.")

    @Argument(help: "Files to open.")
    var files: [String]

    func run() throws {
        var failed = false
        for path in files {
            let start = monotonicSeconds()
            do {
                let loaded = try TextFile.load(path: path)
                let elapsed = monotonicSeconds() - start
                let format = loaded.format
                print(
                    "\(path): \(loaded.text.utf8Count) bytes, \(loaded.text.paragraphCount) paragraphs, "
                        + "\(format.lineEnding == .crlf ? "CRLF" : "LF") line endings"
                        + (format.hasByteOrderMark ? ", UTF-8 BOM" : "")
                        + ", opened in \(Int((elapsed * 1000).rounded())) ms")
            } catch {
                failed = true
                FileHandleStandardError.write("glidepad: \(error)\n")
            }
        }
        if failed { throw ExitCode(1) }
    }
}

private func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

enum FileHandleStandardError {
    static func write(_ text: String) {
        var text = text
        text.withUTF8 { _ = Glibc.write(2, $0.baseAddress, $0.count) }
    }
}
