import CX11
import Foundation
import Testing

/// Drives the real `glidepad` binary in the X server of `make test` (a private
/// Xvfb): XTest input through xdotool, selections through xclip, pixels and window
/// protocols through Xlib directly.
final class GlidepadWindow {
    static var executable: URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("glidepad")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/glidepad")
    }

    let process = Process()
    let dataHome: URL
    let stderrFile: URL
    private(set) var windowID: UInt = 0
    /// The X display it runs on, when not the test process's own.
    let display: String?

    init(arguments: [String] = [], environment extra: [String: String] = [:]) throws {
        display = extra["DISPLAY"]
        dataHome = FileManager.default.temporaryDirectory.appendingPathComponent("glidepad-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dataHome, withIntermediateDirectories: true)
        stderrFile = dataHome.appendingPathComponent("stderr.txt")
        FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
        process.executableURL = Self.executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = dataHome.path
        environment["XMODIFIERS"] = "@im=none"
        for (k, v) in extra { environment[k] = v }
        process.environment = environment
        process.standardError = try FileHandle(forWritingTo: stderrFile)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let found = try Shell.run("xdotool", ["search", "--sync", "--onlyvisible", "--pid", "\(process.processIdentifier)"],
                                  timeout: 15, display: display)
        guard let id = found.split(separator: "\n").first.flatMap({ UInt($0) }) else {
            throw HarnessError("the glidepad window did not appear: \(stderr)")
        }
        windowID = id
        // Focus explicitly (there is no window manager); --sync could wait forever.
        _ = try Shell.run("xdotool", ["windowfocus", "\(id)"], display: display)
        _ = try Shell.run("xdotool", ["mousemove", "--window", "\(id)", "400", "300"], display: display)
        usleep(200_000)
    }

    deinit {
        if process.isRunning { process.terminate(); process.waitUntilExit() }
        try? FileManager.default.removeItem(at: dataHome)
    }

    var draftPath: String { dataHome.appendingPathComponent("glidepad/draft.txt").path }
    var stderr: String { (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? "" }

    func type(_ text: String, delay: Int = 8) throws {
        _ = try Shell.run("xdotool", ["type", "--delay", "\(delay)", text], timeout: 120, display: display)
    }

    func key(_ keys: String...) throws {
        try key(contentsOf: keys)
    }

    func key(contentsOf keys: [String]) throws {
        _ = try Shell.run("xdotool", ["key", "--delay", "10"] + keys, timeout: 60, display: display)
    }

    /// Mouse actions in window coordinates.
    func drag(from a: (Int, Int), to b: (Int, Int)) throws {
        _ = try Shell.run("xdotool", ["mousemove", "--window", "\(windowID)", "\(a.0)", "\(a.1)", "mousedown", "1",
                                      "mousemove", "--window", "\(windowID)", "\((a.0 + b.0) / 2)", "\(b.1)",
                                      "mousemove", "--window", "\(windowID)", "\(b.0)", "\(b.1)", "mouseup", "1"])
    }

    func click(at p: (Int, Int), button: Int = 1, repeat count: Int = 1) throws {
        _ = try Shell.run("xdotool", ["mousemove", "--window", "\(windowID)", "\(p.0)", "\(p.1)",
                                      "click", "--repeat", "\(count)", "--delay", "80", "\(button)"])
    }

    /// Waits until `condition` holds (polling), or fails after `timeout` seconds.
    func waitUntil(_ what: String, timeout: Double = 5, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return }
            usleep(50_000)
        }
        throw HarnessError("timed out waiting for \(what); glidepad said: \(stderr)")
    }

    /// Sends WM_DELETE_WINDOW, as a window manager's close button does.
    func closeLikeAWindowManager() throws {
        guard let display = XOpenDisplay(nil) else { throw HarnessError("no X display") }
        defer { XCloseDisplay(display) }
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = Window(windowID)
        event.xclient.message_type = XInternAtom(display, "WM_PROTOCOLS", 0)
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(XInternAtom(display, "WM_DELETE_WINDOW", 0))
        event.xclient.data.l.1 = 0
        XSendEvent(display, Window(windowID), 0, 0, &event)
        XFlush(display)
    }

    /// The window's pixels as 0xRRGGBB, row-major, and its size.
    func screenshot() throws -> (pixels: [UInt32], width: Int, height: Int) {
        guard let display = XOpenDisplay(nil) else { throw HarnessError("no X display") }
        defer { XCloseDisplay(display) }
        var attributes = XWindowAttributes()
        XGetWindowAttributes(display, Window(windowID), &attributes)
        let w = Int(attributes.width), h = Int(attributes.height)
        guard let image = XGetImage(display, Window(windowID), 0, 0, UInt32(w), UInt32(h), UInt.max, ZPixmap) else {
            throw HarnessError("XGetImage failed")
        }
        defer { _ = image.pointee.f.destroy_image(image) }  // XDestroyImage is a macro
        var pixels: [UInt32] = []
        pixels.reserveCapacity(w * h)
        for y in 0..<h {
            for x in 0..<w { pixels.append(UInt32(truncatingIfNeeded: image.pointee.f.get_pixel(image, Int32(x), Int32(y))) & 0xFFFFFF) }
        }
        return (pixels, w, h)
    }

    func waitForExit(timeout: Double = 10) throws -> Int32 {
        try waitUntil("glidepad to exit", timeout: timeout) { !process.isRunning }
        return process.terminationStatus
    }
}

struct HarnessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

enum Shell {
    /// Runs a tool, feeding `input`, and returns its standard output.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String], input: Data? = nil, timeout: Double = 20,
                    display: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = (display.map { ["DISPLAY=\($0)"] } ?? []) + [tool] + arguments
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("glidepad-shell-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: out) }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = FileHandle.nullDevice
        if let input {
            let pipe = Pipe()
            process.standardInput = pipe
            try process.run()
            pipe.fileHandleForWriting.write(input)
            try pipe.fileHandleForWriting.close()
        } else {
            process.standardInput = FileHandle.nullDevice
            try process.run()
        }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            throw HarnessError("\(tool) \(arguments.joined(separator: " ")) timed out")
        }
        return try String(contentsOf: out, encoding: .utf8)
    }

    /// Another program owning `selection` with `text` (xclip in the foreground,
    /// serving it until terminated).
    static func offer(_ text: String, selection: String) throws -> Process {
        let process = try start("xclip", ["-quiet", "-selection", selection], input: Data(text.utf8))
        // xclip says nothing when it owns the selection: wait until it answers.
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if (try? run("xclip", ["-o", "-selection", selection], timeout: 2))?.isEmpty == false { break }
            usleep(50_000)
        }
        return process
    }

    /// Starts a tool in the background (xclip serving a selection).
    static func start(_ tool: String, _ arguments: [String], input: Data) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let pipe = Pipe()
        process.standardInput = pipe
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        pipe.fileHandleForWriting.write(input)
        try pipe.fileHandleForWriting.close()
        return process
    }
}

let hasDisplay = !(ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty
