import CX11
import Foundation
import GlideEditor
import GlideText

/// The event loop: one thread waits in poll(2) on the X connection and the next
/// timer (caret blink, autosave, drag auto-scroll, a status message, a selection
/// fetch). With nothing to do — caret blink stopped ten seconds after the last
/// input, as GTK does — it sleeps with no timeout: no wake-ups while idle.
extension TextPadWindow {
    static let blinkInterval = 0.6
    static let blinkTimeout = 10.0

    /// Runs until the window is closed. Returns the process exit status.
    public func run() -> Int32 {
        let signals = TerminationSignals()
        nextBlink = monotonicNow() + TextPadWindow.blinkInterval
        while running {
            if signals.received {
                // SIGTERM (logout, shutdown), SIGINT, SIGHUP: quit as if closed.
                running = false
                break
            }
            drainEvents()
            let now = monotonicNow()
            runTimers(now: now)
            afterInput(now: now)
            presentFrame()
            if XPending(x.display) > 0 { continue }
            let timeout = nextDeadline().map { Int32(max(0, min(60_000, (($0 - monotonicNow()) * 1000).rounded(.up)))) } ?? -1
            var descriptors = [pollfd(fd: x.fileDescriptor, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: signals.fileDescriptor, events: Int16(POLLIN), revents: 0)]
            if let load = backgroundLoad { descriptors.append(pollfd(fd: load.fileDescriptor, events: Int16(POLLIN), revents: 0)) }
            _ = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if descriptors.count > 2 && descriptors[2].revents != 0 { finishLoading(wait: false) }
        }
        quit()
        return 0
    }

    private func drainEvents() {
        var event = XEvent()
        while running && XPending(x.display) > 0 {
            XNextEvent(x.display, &event)
            if XFilterEvent(&event, 0) != 0 { continue }  // the input method took it
            dispatch(&event)
        }
    }

    func dispatch(_ event: inout XEvent) {
        switch event.type {
        case KeyPress:
            keyPressed(&event)
        case GenericEvent:
            if event.xcookie.extension == xinputOpcode { handleXI(&event.xcookie) }
        case Expose:
            exposed(event.xexpose)
        case ConfigureNotify:
            resized(width: event.xconfigure.width, height: event.xconfigure.height)
        case FocusIn:
            focusChanged(true)
        case FocusOut:
            focusChanged(false)
        case ClientMessage:
            if Atom(event.xclient.data.l.0) == x.atom("WM_DELETE_WINDOW") { running = false }
        case MappingNotify:
            XRefreshKeyboardMapping(&event.xmapping)
        default:
            _ = selections.handle(&event)
        }
    }

    /// Records that input arrived (restarts the caret blink; starts a stats sample).
    func noteInput(_ kind: String) {
        let now = monotonicNow()
        lastInput = now
        if focused {
            editor.caretVisible = true
            nextBlink = now + TextPadWindow.blinkInterval
        }
        if statsEnabled && pendingInputTime == nil {
            pendingInputTime = now
            pendingInputKind = kind
        }
    }

    /// After a batch of events: autosave bookkeeping, the title, PRIMARY.
    private func afterInput(now: Double) {
        if editor.document.revision != lastRevision {
            lastRevision = editor.document.revision
            session.noteEdit(at: now)
        }
        updateTitle()
        // PRIMARY follows the selection once a drag has settled (it is served live).
        let selection = editor.selection
        if selection.isEmpty {
            primarySelection = nil
        } else if selection != primarySelection && !editor.isDragging {
            selections.ownPrimary(time: lastServerTime)
            primarySelection = selection
        }
    }

    private func runTimers(now: Double) {
        if let blink = nextBlink, blink <= now {
            if focused && now - lastInput < TextPadWindow.blinkTimeout {
                editor.caretVisible.toggle()
                nextBlink = now + TextPadWindow.blinkInterval
            } else {
                editor.caretVisible = focused
                nextBlink = nil
            }
        }
        if backgroundLoad == nil { session.autosaveIfDue(editor.document, at: now) }
        if let error = session.lastAutosaveError, status == nil {
            showStatus("Autosave failed: \(error)", seconds: 6)
        }
        if editor.isDragging && editor.autoscrollVelocity != 0 {
            let last = lastAutoscroll ?? now
            editor.autoscroll(for: min(0.1, now - last))
            lastAutoscroll = now
        } else {
            lastAutoscroll = nil
        }
        if gestures.needsTicks || editor.isAnimating {
            editor.apply(gestures.tick(at: now), at: now)
            editor.advanceAnimations(to: now)
        }
        if let shown = status, shown.until <= now { status = nil }
        selections.expireIfLate(now: now)
    }

    private func nextDeadline() -> Double? {
        var deadlines: [Double] = []
        if let blink = nextBlink { deadlines.append(blink) }
        if let save = session.autosaveDueTime { deadlines.append(save) }
        if editor.isDragging && editor.autoscrollVelocity != 0 { deadlines.append(monotonicNow() + 1.0 / 60) }
        if let shown = status { deadlines.append(shown.until) }
        // Kinetic scrolling and caret animations run at display rate, only while they run.
        if gestures.needsTicks || editor.isAnimating { deadlines.append(monotonicNow() + 1.0 / 60) }
        if let fetch = selections.deadline { deadlines.append(fetch) }
        return deadlines.min()
    }

    // MARK: Files

    /// Appends the rest of a large file once the background read is done (edits made
    /// meanwhile all lie in the part already shown, so they stay where they were).
    func finishLoading(wait: Bool) {
        guard let load = backgroundLoad, let result = load.take(wait: wait) else { return }
        backgroundLoad = nil
        switch result {
        case let .success(loaded):
            let end = loaded.text.utf8Count
            if load.prefixLength <= end {
                editor.appendLoadedText(loaded.text.extracting(load.prefixLength..<end))
            }
            lastRevision = editor.document.revision
        case let .failure(error):
            partialFileError = error
            showStatus("Only the beginning is shown: \(error)", seconds: 12)
        }
    }

    func save(as newPath: String?) {
        if backgroundLoad != nil {
            showStatus("Still reading the rest of the file — save again in a moment.")
            return
        }
        if let error = partialFileError, newPath == nil || newPath == session.path {
            showStatus("Not saved: only the beginning of the file could be read (\(error)). Save under another name.", seconds: 8)
            return
        }
        var document = editor.document
        do {
            try session.save(&document, as: newPath)
            editor.markSaved()
            showStatus("Saved \(session.path ?? "")")
        } catch {
            showStatus("\(error)", seconds: 8)
        }
        updateTitle()
    }

    func open(_ path: String) {
        // The current text is safe first: the draft or a recovery copy.
        saveEverything()
        do {
            let document = try session.open(path)
            editor.replaceDocument(document)
            lastRevision = editor.document.revision
            showStatus("Opened \(path)")
        } catch {
            showStatus("\(error)", seconds: 8)
        }
        updateTitle()
    }

    /// Writes the draft, or a named file's unsaved changes to its recovery copy, and
    /// waits until it is on disk.
    func saveEverything() {
        if backgroundLoad != nil { finishLoading(wait: true) }
        let document = editor.document
        guard session.path == nil || document.isModified else { return }
        session.noteEdit(at: monotonicNow())
        session.flush(document)
        if let path = session.path {
            FileHandle.standardError.write(Data("glidepad: unsaved changes to \(path) are kept in \(session.autosavePath)\n".utf8))
        }
    }

    private func quit() {
        saveEverything()
        selections.handOverToClipboardManager(time: lastServerTime) { deadline in
            var descriptor = pollfd(fd: x.fileDescriptor, events: Int16(POLLIN), revents: 0)
            if XPending(x.display) == 0 {
                _ = poll(&descriptor, 1, Int32(max(0, (deadline - monotonicNow()) * 1000)))
                if XPending(x.display) == 0 { return nil }
            }
            var event = XEvent()
            XNextEvent(x.display, &event)
            return event
        }
    }
}

/// SIGTERM, SIGINT and SIGHUP turned into a readable file descriptor (the self-pipe
/// trick), so the event loop wakes and quits cleanly, saving the draft. The signals
/// are unblocked first: a parent may have started us with them blocked.
final class TerminationSignals {
    nonisolated(unsafe) static var writeEnd: Int32 = -1
    let fileDescriptor: Int32
    private let readEnd: Int32

    init() {
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        readEnd = ends[0]
        fileDescriptor = ends[0]
        TerminationSignals.writeEnd = ends[1]
        var set = sigset_t()
        sigemptyset(&set)
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            sigaddset(&set, signal)
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _ in
                var byte: UInt8 = 1
                _ = write(TerminationSignals.writeEnd, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    var received: Bool {
        var byte: UInt8 = 0
        return read(readEnd, &byte, 1) == 1
    }
}
