import CX11
import Foundation

/// CLIPBOARD and PRIMARY, both ways (ICCCM): owning and serving our text as
/// `UTF8_STRING`, `STRING` and `TARGETS`, fetching other clients' text, and the INCR
/// protocol in both directions for text larger than one request. On quit, CLIPBOARD
/// is handed to a clipboard manager through `SAVE_TARGETS` when one runs.
final class SelectionTransfer {
    private let x: X11Connection
    private let window: Window
    /// Our CLIPBOARD text while we own it.
    private(set) var clipboardText: String?
    /// The live PRIMARY text (the editor's selection) while we own PRIMARY.
    var primaryText: () -> String? = { nil }
    private var ownsPrimary = false

    private struct Outgoing {
        var bytes: [UInt8]
        var offset: Int
        var type: Atom
    }
    /// INCR transfers in progress, by requestor window and property.
    private var outgoing: [String: Outgoing] = [:]

    private struct Incoming {
        var selection: Atom
        var target: Atom
        var bytes: [UInt8] = []
        var incremental = false
        var deadline: Double
        var completion: (String?) -> Void
    }
    private var incoming: Incoming?
    private var saveTargetsDone = false

    init(connection: X11Connection, window: Window) {
        x = connection
        self.window = window
    }

    private var clipboardAtom: Atom { x.atom("CLIPBOARD") }
    private var transferProperty: Atom { x.atom("GLIDEPAD_SELECTION") }

    // MARK: Owning

    func ownClipboard(_ text: String, time: Time) {
        clipboardText = text
        XSetSelectionOwner(x.display, clipboardAtom, window, time)
    }

    func ownPrimary(time: Time) {
        XSetSelectionOwner(x.display, Atom(XA_PRIMARY), window, time)
        ownsPrimary = XGetSelectionOwner(x.display, Atom(XA_PRIMARY)) == window
    }

    // MARK: Fetching

    /// Asks the owner of `selection` for its text; `completion` gets it (or nil if
    /// there is none, or the owner did not answer within two seconds).
    func request(_ selection: Atom, time: Time, completion: @escaping (String?) -> Void) {
        if selection == clipboardAtom, let text = clipboardText, XGetSelectionOwner(x.display, selection) == window {
            completion(text)
            return
        }
        if selection == Atom(XA_PRIMARY), ownsPrimary, XGetSelectionOwner(x.display, selection) == window {
            completion(primaryText())
            return
        }
        incoming?.completion(nil)
        let target = x.atom("UTF8_STRING")
        incoming = Incoming(selection: selection, target: target, deadline: monotonicNow() + 2, completion: completion)
        XConvertSelection(x.display, selection, target, transferProperty, window, time)
    }

    /// When a pending fetch times out (for the event loop's timer).
    var deadline: Double? { incoming?.deadline }

    func expireIfLate(now: Double) {
        if let pending = incoming, pending.deadline <= now {
            incoming = nil
            pending.completion(nil)
        }
    }

    // MARK: Events

    /// Handles selection traffic; returns false for events that are not about selections.
    func handle(_ event: inout XEvent) -> Bool {
        switch event.type {
        case SelectionRequest:
            serve(event.xselectionrequest)
        case SelectionClear:
            let selection = event.xselectionclear.selection
            if selection == clipboardAtom { clipboardText = nil }
            if selection == Atom(XA_PRIMARY) { ownsPrimary = false }
        case SelectionNotify:
            received(event.xselection)
        case PropertyNotify:
            let e = event.xproperty
            if e.window == window && e.atom == transferProperty && e.state == PropertyNewValue && incoming?.incremental == true {
                readIncrementalChunk()
            } else if e.state == PropertyDelete {
                sendNextChunk(requestor: e.window, property: e.atom)
            } else {
                return false
            }
        default:
            return false
        }
        return true
    }

    private func text(for selection: Atom) -> String? {
        if selection == clipboardAtom { return clipboardText }
        if selection == Atom(XA_PRIMARY) { return ownsPrimary ? primaryText() : nil }
        return nil
    }

    private func serve(_ request: XSelectionRequestEvent) {
        let property = request.property == 0 ? request.target : request.property
        var granted = false
        let target = request.target
        if let text = text(for: request.selection) {
            if target == x.atom("TARGETS") {
                var targets: [Atom] = ["TARGETS", "UTF8_STRING", "STRING", "TEXT", "text/plain;charset=utf-8", "SAVE_TARGETS"].map { x.atom($0) }
                XChangeProperty(x.display, request.requestor, property, Atom(XA_ATOM), 32, PropModeReplace, &targets, Int32(targets.count))
                granted = true
            } else if target == x.atom("UTF8_STRING") || target == x.atom("TEXT") || target == x.atom("text/plain;charset=utf-8") {
                send(Array(text.utf8), type: x.atom("UTF8_STRING"), to: request.requestor, property: property)
                granted = true
            } else if target == Atom(XA_STRING) {
                // ISO Latin-1; what it cannot hold becomes '?'.
                let latin1 = text.unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : UInt8(ascii: "?") }
                send(latin1, type: Atom(XA_STRING), to: request.requestor, property: property)
                granted = true
            } else if target == x.atom("SAVE_TARGETS") {
                granted = true
            }
        }
        var reply = XEvent()
        reply.xselection = XSelectionEvent(
            type: SelectionNotify, serial: 0, send_event: 1, display: x.display, requestor: request.requestor,
            selection: request.selection, target: request.target, property: granted ? property : 0, time: request.time)
        XSendEvent(x.display, request.requestor, 0, 0, &reply)
    }

    private func send(_ bytes: [UInt8], type: Atom, to requestor: Window, property: Atom) {
        var bytes = bytes
        if bytes.count <= x.maximumTransferBytes {
            XChangeProperty(x.display, requestor, property, type, 8, PropModeReplace, &bytes, Int32(bytes.count))
            return
        }
        // INCR: announce the size; the requestor deletes the property to ask for each chunk.
        XSelectInput(x.display, requestor, PropertyChangeMask)
        // Format-32 property data is an array of C longs.
        var size = [Int(bytes.count)]
        XChangeProperty(x.display, requestor, property, x.atom("INCR"), 32, PropModeReplace, &size, 1)
        outgoing["\(requestor)/\(property)"] = Outgoing(bytes: bytes, offset: 0, type: type)
    }

    private func sendNextChunk(requestor: Window, property: Atom) {
        let key = "\(requestor)/\(property)"
        guard var transfer = outgoing[key] else { return }
        let count = min(x.maximumTransferBytes, transfer.bytes.count - transfer.offset)
        transfer.bytes.withUnsafeMutableBufferPointer { buffer in
            _ = XChangeProperty(x.display, requestor, property, transfer.type, 8, PropModeReplace,
                                buffer.baseAddress! + transfer.offset, Int32(count))
        }
        transfer.offset += count
        if count == 0 {
            outgoing[key] = nil  // the zero-length chunk ends the transfer
            XSelectInput(x.display, requestor, 0)
        } else {
            outgoing[key] = transfer
        }
    }

    private func received(_ event: XSelectionEvent) {
        guard var pending = incoming, event.requestor == window, event.selection == pending.selection else { return }
        if event.property == 0 {
            // The owner cannot give UTF8_STRING: ask once more for STRING.
            if pending.target == x.atom("UTF8_STRING") {
                pending.target = Atom(XA_STRING)
                incoming = pending
                XConvertSelection(x.display, pending.selection, pending.target, transferProperty, window, event.time)
            } else {
                incoming = nil
                pending.completion(nil)
            }
            return
        }
        let (type, bytes) = readProperty(delete: true)
        if type == x.atom("INCR") {
            // Deleting the property (done above) tells the owner to start sending.
            pending.incremental = true
            incoming = pending
            return
        }
        incoming = nil
        pending.completion(decode(bytes, type: type))
    }

    private func readIncrementalChunk() {
        guard var pending = incoming else { return }
        let (type, bytes) = readProperty(delete: true)
        if bytes.isEmpty {
            incoming = nil
            pending.completion(decode(pending.bytes, type: type == 0 ? pending.target : type))
        } else {
            pending.bytes += bytes
            pending.deadline = monotonicNow() + 2
            incoming = pending
        }
    }

    private func readProperty(delete: Bool) -> (type: Atom, bytes: [UInt8]) {
        var type: Atom = 0
        var format: Int32 = 0
        var items: UInt = 0
        var after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        XGetWindowProperty(x.display, window, transferProperty, 0, Int(Int32.max) / 4, delete ? 1 : 0,
                           0 /* AnyPropertyType */, &type, &format, &items, &after, &data)
        defer { if let data { XFree(data) } }
        guard let data, format == 8 else { return (type, []) }
        return (type, Array(UnsafeBufferPointer(start: data, count: Int(items))))
    }

    private func decode(_ bytes: [UInt8], type: Atom) -> String {
        if type == Atom(XA_STRING) { return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) })) }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Quitting

    /// Hands CLIPBOARD to a clipboard manager, serving its requests meanwhile (at most
    /// two seconds). `pump` processes one event.
    func handOverToClipboardManager(time: Time, pump: (Double) -> XEvent?) {
        let manager = x.atom("CLIPBOARD_MANAGER")
        guard clipboardText != nil, XGetSelectionOwner(x.display, clipboardAtom) == window,
              XGetSelectionOwner(x.display, manager) != 0
        else { return }
        XConvertSelection(x.display, manager, x.atom("SAVE_TARGETS"), x.atom("GLIDEPAD_SAVE_TARGETS"), window, time)
        let deadline = monotonicNow() + 2
        while monotonicNow() < deadline {
            guard var event = pump(deadline) else { continue }
            if event.type == SelectionNotify && event.xselection.selection == manager { return }
            _ = handle(&event)
        }
    }
}
