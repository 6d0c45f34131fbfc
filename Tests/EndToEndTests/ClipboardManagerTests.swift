import CX11
import Foundation
import Testing

/// A minimal ICCCM clipboard manager, written here with Xlib, to check that
/// Glidepad hands CLIPBOARD over through SAVE_TARGETS when it quits.
@Suite("Clipboard manager hand-over", .serialized, .enabled(if: hasDisplay, "needs an X server; `make test` starts Xvfb"))
struct ClipboardManagerTests {
    @Test("quitting while owning CLIPBOARD hands the text to a running clipboard manager")
    func saveTargets() throws {
        guard let display = XOpenDisplay(nil) else { throw HarnessError("no X display") }
        defer { XCloseDisplay(display) }
        let manager = XCreateSimpleWindow(display, XDefaultRootWindow(display), 0, 0, 1, 1, 0, 0, 0)
        let managerAtom = XInternAtom(display, "CLIPBOARD_MANAGER", 0)
        let clipboard = XInternAtom(display, "CLIPBOARD", 0)
        let saveTargets = XInternAtom(display, "SAVE_TARGETS", 0)
        let utf8 = XInternAtom(display, "UTF8_STRING", 0)
        let saved = XInternAtom(display, "GLIDEPAD_TEST_SAVED", 0)
        XSetSelectionOwner(display, managerAtom, manager, 0)
        XFlush(display)

        let window = try GlidepadWindow()
        try window.type("keep me after quitting")
        try window.key("ctrl+a", "ctrl+c", "ctrl+q")

        var savedText: String?
        var pending: XSelectionRequestEvent?
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline && (savedText == nil || pending != nil) {
            guard XPending(display) > 0 else { usleep(10_000); continue }
            var event = XEvent()
            XNextEvent(display, &event)
            if event.type == SelectionRequest && event.xselectionrequest.target == saveTargets {
                // Glidepad asks us to save: fetch its CLIPBOARD as UTF8_STRING.
                pending = event.xselectionrequest
                XConvertSelection(display, clipboard, utf8, saved, manager, event.xselectionrequest.time)
            } else if event.type == SelectionNotify && event.xselection.property == saved {
                var type: Atom = 0, format: Int32 = 0, items: UInt = 0, after: UInt = 0
                var data: UnsafeMutablePointer<UInt8>?
                XGetWindowProperty(display, manager, saved, 0, 1 << 20, 1, 0, &type, &format, &items, &after, &data)
                if let data { savedText = String(decoding: UnsafeBufferPointer(start: data, count: Int(items)), as: UTF8.self); XFree(data) }
                // Tell Glidepad the hand-over is done.
                if let request = pending {
                    var reply = XEvent()
                    reply.xselection = XSelectionEvent(type: SelectionNotify, serial: 0, send_event: 1, display: display,
                                                       requestor: request.requestor, selection: request.selection,
                                                       target: request.target, property: request.property, time: request.time)
                    XSendEvent(display, request.requestor, 0, 0, &reply)
                    XFlush(display)
                    pending = nil
                }
            }
        }
        #expect(savedText == "keep me after quitting")
        #expect(try window.waitForExit() == 0)
    }
}
