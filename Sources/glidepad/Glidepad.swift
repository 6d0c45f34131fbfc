import ArgumentParser
import Foundation
import GlideConfig
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
        subcommands: [Edit.self, Check.self, Replay.self, RenderIcon.self],
        defaultSubcommand: Edit.self
    )
}

/// `glidepad [FILE]`: the text pad's window.
struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Edit FILE (created on first save), or the draft when no file is given.",
        // `glidepad --version` arrives here, the default subcommand.
        version: glidepadVersion)

    @Argument(help: "The file to edit. Without one, Glidepad edits its draft, which is saved as you type.")
    var file: String?

    @Option(help: "A fontconfig family and a size in points (default: the settings file's, else \"sans-serif 11\").")
    var font: String?

    @Option(help: "light or dark.")
    var theme: String?

    @Option(help: "The floating caret and gesture colour, as #rrggbb.")
    var tint: String?

    @Flag(help: "The two-finger free cursor moves along lines only.")
    var horizontalOnly = false

    @Flag(help: "Turn the zigzag erase gesture off.")
    var noScrub = false

    @Option(help: "The settings file (default: $XDG_CONFIG_HOME/glidepad/config.toml).")
    var config: String?

    @Option(help: "Record the session as an input trace in FILE (replay it with `glidepad replay FILE --text <the starting file>`).")
    var record: String?

    func validate() throws {
        if let theme, theme != "light" && theme != "dark" { throw ValidationError("--theme is light or dark, not \(theme)") }
        if let tint, Color(hex: tint) == nil { throw ValidationError("--tint is a colour like #0a64ff, not \(tint)") }
    }

    func run() throws {
        // Settings: the file, then the command line over it.
        let path = config ?? Configuration.defaultPath(environment: ProcessInfo.processInfo.environment)
        let (settings, problems) = Configuration.load(path: path)
        for problem in problems { FileHandleStandardError.write("glidepad: \(problem)\n") }
        let specification: FontSpecification
        do {
            specification = try FontSpecification(parsing: font ?? settings.font)
        } catch {
            throw ValidationError("\(error)")
        }
        var colours: Theme = (theme ?? settings.theme) == "dark" ? .dark : .light
        if let tint = (tint ?? settings.tint).flatMap(Color.init(hex:)) { colours.tint = tint }
        var options = WindowOptions(file: file, font: specification, theme: colours, recordPath: record)
        options.horizontalOnlyCursor = horizontalOnly || settings.horizontalOnlyCursor
        options.scrubEnabled = !noScrub && settings.scrubEnabled
        options.settingsProblems = problems.map(\.description)
        do {
            let window = try TextPadWindow(options: options)
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
