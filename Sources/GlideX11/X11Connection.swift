import CX11
import Foundation

/// An open X display and the atoms Glidepad uses.
final class X11Connection {
    let display: OpaquePointer
    let screen: Int32
    let root: Window
    private var atomCache: [String: Atom] = [:]

    init() throws(WindowError) {
        guard let display = XOpenDisplay(nil) else {
            let value = ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
            let name = value.isEmpty ? "(DISPLAY is not set)" : value
            throw .cannotOpenDisplay(name)
        }
        self.display = display
        screen = XDefaultScreen(display)
        root = XDefaultRootWindow(display)
    }

    deinit { XCloseDisplay(display) }

    var fileDescriptor: Int32 { XConnectionNumber(display) }

    func atom(_ name: String) -> Atom {
        if let atom = atomCache[name] { return atom }
        let atom = XInternAtom(display, name, 0)
        atomCache[name] = atom
        return atom
    }

    func atomName(_ atom: Atom) -> String {
        guard atom != 0, let name = XGetAtomName(display, atom) else { return "None" }
        defer { XFree(name) }
        return String(cString: name)
    }

    /// The largest property chunk a selection transfer may send in one piece.
    var maximumTransferBytes: Int {
        let extended = XExtendedMaxRequestSize(display)
        let units = extended > 0 ? extended : XMaxRequestSize(display)
        return max(4096, min(Int(units) * 4 - 1024, 1 << 20))
    }

    /// Dots per inch from the Xft.dpi resource, if the desktop set one.
    var xftDPI: Double? {
        guard let resources = XResourceManagerString(display) else { return nil }
        let text = String(cString: resources)
        for line in text.split(separator: "\n") where line.hasPrefix("Xft.dpi:") {
            return Double(line.dropFirst("Xft.dpi:".count).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }
}

/// What can go wrong with the window, worded for the user.
public enum WindowError: Error, CustomStringConvertible {
    case cannotOpenDisplay(String)
    case noInputExtension
    case file(String)

    public var description: String {
        switch self {
        case let .cannotOpenDisplay(name):
            return "Cannot open the X display \(name). Glidepad needs an X11 session (or Xwayland); `glidepad replay` works without one."
        case .noInputExtension:
            return "The X server lacks XInput 2.2, which Glidepad needs for pointer and touch input."
        case let .file(message):
            return message
        }
    }
}

/// Seconds on a monotonic clock: the event loop's time, injected into the editor.
func monotonicNow() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// What to do when the X connection dies (set by the running window): save the
/// draft or the unsaved file's recovery copy, and say where it is.
nonisolated(unsafe) var connectionLostHandler: (() -> String)?

func installConnectionLossHandler() {
    XSetIOErrorHandler { _ in
        let saved = connectionLostHandler?() ?? "nothing was open"
        FileHandle.standardError.write(Data("glidepad: lost the connection to the X server; \(saved).\n".utf8))
        exit(1)
    }
    // Protocol errors (a window gone mid-transfer, a bad property) are reported, not fatal.
    XSetErrorHandler { display, event in
        guard let event else { return 0 }
        var text = [CChar](repeating: 0, count: 256)
        XGetErrorText(display, Int32(event.pointee.error_code), &text, Int32(text.count))
        let message = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if ProcessInfo.processInfo.environment["GLIDEPAD_DEBUG"] != nil {
            FileHandle.standardError.write(Data("glidepad: X error: \(message) (request \(event.pointee.request_code))\n".utf8))
        }
        return 0
    }
}
