import CX11
import Foundation
import GlideEditor
import GlideGestures
import GlideLayout

/// A one-line question at the bottom of the window (Save as…, Open…).
struct Prompt {
    enum Purpose { case saveAs, open }
    var purpose: Purpose
    var text: String

    var label: String { purpose == .saveAs ? "Save as: " : "Open: " }
    var display: String { label + text }
}

/// Keyboard and input methods: XIM (`XOpenIM`/`XCreateIC`, `Xutf8LookupString`), so
/// ibus, fcitx and the compose key work, with the candidate window placed at the
/// caret; with no input method running, plain keyboard input still works.
extension TextPadWindow {
    func setUpInputMethod() {
        var im = XOpenIM(x.display, nil, nil, nil)
        if im == nil {
            // XMODIFIERS names an input method that is not running: use the built-in one.
            XSetLocaleModifiers("@im=none")
            im = XOpenIM(x.display, nil, nil, nil)
        }
        guard let im else { return }
        inputMethod = im
        let style = glide_im_best_style(im)
        if ProcessInfo.processInfo.environment["GLIDEPAD_DEBUG"] != nil {
            let locale = XLocaleOfIM(im).map { String(cString: $0) } ?? "?"
            FileHandle.standardError.write(Data("glidepad: input method open (locale \(locale)), style 0x\(String(style, radix: 16))\n".utf8))
        }
        guard style != 0 else { return }
        inputContext = glide_create_ic(im, window, style)
        if let ic = inputContext {
            XSetICFocus(ic)
            updateInputSpot()
        }
    }

    /// Keeps the input method's candidate window just below the caret.
    func updateInputSpot() {
        guard let ic = inputContext else { return }
        let caret = editor.caretViewRect
        glide_ic_set_spot(ic, Int16(clamping: Int((caret.minX * scale).rounded())), Int16(clamping: Int((caret.maxY * scale).rounded())))
    }

    func focusChanged(_ focused: Bool) {
        self.focused = focused
        if let ic = inputContext { focused ? XSetICFocus(ic) : XUnsetICFocus(ic) }
        editor.caretVisible = focused
        nextBlink = focused ? monotonicNow() + TextPadWindow.blinkInterval : nil
    }

    func keyPressed(_ event: inout XEvent) {
        lastServerTime = event.xkey.time
        var keysym: KeySym = 0
        var status: Int32 = 0
        var buffer = [CChar](repeating: 0, count: 64)
        var count: Int32
        if let ic = inputContext {
            count = Xutf8LookupString(ic, &event.xkey, &buffer, Int32(buffer.count - 1), &keysym, &status)
            if status == XBufferOverflow {
                buffer = [CChar](repeating: 0, count: Int(count) + 1)
                count = Xutf8LookupString(ic, &event.xkey, &buffer, Int32(buffer.count - 1), &keysym, &status)
            }
        } else {
            count = XLookupString(&event.xkey, &buffer, Int32(buffer.count - 1), &keysym, nil)
            status = count > 0 ? XLookupBoth : XLookupKeySym
        }
        let text = count > 0 ? String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        let hasKeysym = status == XLookupKeySym || status == XLookupBoth
        var name = ""
        if hasKeysym, let cName = XKeysymToString(keysym) { name = String(cString: cName) }
        var modifiers: Set<KeyModifier> = []
        if event.xkey.state & UInt32(ShiftMask) != 0 { modifiers.insert(.shift) }
        if event.xkey.state & UInt32(ControlMask) != 0 { modifiers.insert(.ctrl) }
        if event.xkey.state & UInt32(Mod1Mask) != 0 { modifiers.insert(.alt) }
        noteInput("key \(name)")
        handle(key: KeyPress(name, modifiers), text: (status == XLookupChars || status == XLookupBoth) ? text : "")
    }

    /// One key press: the prompt takes it if open, then the window's own shortcuts,
    /// then the editor's commands, then it is typed.
    func handle(key: KeyPress, text: String) {
        if prompt != nil {
            handlePromptKey(key, text: text)
            return
        }
        let ctrl = key.modifiers.contains(.ctrl)
        if ctrl {
            switch key.keysym.lowercased() {
            case "s":
                if key.modifiers.contains(.shift) || session.path == nil {
                    prompt = Prompt(purpose: .saveAs, text: session.path ?? currentDirectoryPrefix())
                } else {
                    save(as: nil)
                }
                return
            case "o":
                prompt = Prompt(purpose: .open, text: currentDirectoryPrefix())
                return
            case "q":
                running = false
                return
            default: break
            }
        }
        if let command = EditorCommand(key) {
            if command == .paste {
                selections.request(x.atom("CLIPBOARD"), time: lastServerTime) { [weak self] text in
                    guard let self, let text else { return }
                    // Another program's clipboard is not in a trace: record what it gave.
                    recorder?.record(.text(text), at: monotonicNow())
                    editor.paste(text)
                }
            } else {
                recorder?.record(.key(key), at: monotonicNow())
                editor.perform(command)
            }
            return
        }
        // Typed text; control characters never go into the document this way.
        if !ctrl && !key.modifiers.contains(.alt), !text.isEmpty,
           !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            recorder?.record(.text(text), at: monotonicNow())
            editor.insertText(text)
        }
    }

    private func handlePromptKey(_ key: KeyPress, text: String) {
        guard var current = prompt else { return }
        switch key.keysym {
        case "Escape":
            prompt = nil
        case "Return", "KP_Enter":
            prompt = nil
            let path = (current.text as NSString).expandingTildeInPath
            guard !path.isEmpty else { return }
            switch current.purpose {
            case .saveAs: save(as: path)
            case .open: open(path)
            }
        case "BackSpace":
            if !current.text.isEmpty { current.text.removeLast() }
            prompt = current
        default:
            if !text.isEmpty, !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                current.text += text
                prompt = current
            }
        }
        editor.caretVisible = true
    }

    private func currentDirectoryPrefix() -> String {
        FileManager.default.currentDirectoryPath + "/"
    }
}
