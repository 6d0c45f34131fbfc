import CCairo
import CX11
import Foundation
import GlideEditor
import GlideGestures
import GlideLayout
import GlideRender
import GlideText

/// How to start the window.
public struct WindowOptions {
    public var file: String?
    public var font: FontSpecification
    public var theme: Theme
    public var draft: DraftLocation
    /// Where to record the session as an input trace (`glidepad --record FILE`).
    public var recordPath: String?
    /// The two-finger free cursor moves along lines only.
    public var horizontalOnlyCursor = false
    /// The zigzag erase gesture.
    public var scrubEnabled = true
    /// Problems with the settings file, shown once the window is up.
    public var settingsProblems: [String] = []

    public init(file: String?, font: FontSpecification = FontSpecification(family: "sans-serif", points: 11),
                theme: Theme = .light, draft: DraftLocation = DraftLocation(environment: ProcessInfo.processInfo.environment),
                recordPath: String? = nil) {
        self.recordPath = recordPath
        self.file = file
        self.font = font
        self.theme = theme
        self.draft = draft
    }
}

/// The Glidepad window: one X11 window around an `Editor`. It translates X events
/// into editor commands and input events, owns the event loop (poll on the X
/// connection and the next timer; nothing runs while idle), and presents frames
/// from a back-buffer pixmap, copying only damaged rectangles.
public final class TextPadWindow {
    let x: X11Connection
    let window: Window
    let editor: Editor
    let renderer: FrameRenderer
    let session: FileSession
    let options: WindowOptions
    var selections: SelectionTransfer!
    /// Device pixels per logical point (Xft.dpi / 96).
    let scale: Double

    // Back buffer.
    private var pixmap: Pixmap = 0
    private var surface: OpaquePointer?
    private var graphics: GC
    private(set) var pixelWidth: Int32
    private(set) var pixelHeight: Int32

    // Input method.
    var inputMethod: XIM?
    var inputContext: XIC?

    // Timers and state.
    var running = true
    var focused = true
    var lastInput = monotonicNow()
    var nextBlink: Double?
    var lastRevision: UInt64 = 0
    var wasModified = false
    var lastTitle = ""
    var lastServerTime: Time = 0
    var prompt: Prompt?
    var status: (text: String, until: Double)?
    var barVisible = false
    var primarySelection: Selection?
    var lastClick: (time: Time, x: Double, y: Double, count: Int) = (0, 0, 0, 0)
    var scrollValuators: [Int32: (number: Int32, increment: Double, vertical: Bool)] = [:]
    var translator = XI2Translator()
    /// The session being recorded as a trace, if asked for.
    var recorder: TraceRecorder?
    /// Whether the server speaks XI 2.4 (touchpad swipe and pinch events).
    var supportsGestureEvents = false
    /// The XInput extension's major opcode: its events are GenericEvents carrying it.
    var xinputOpcode: Int32 = 0
    var gestures = GestureEngine()
    var lastValuatorValue: [Int32: Double] = [:]
    var lastAutoscroll: Double?
    /// The rest of a large file, still being read.
    var backgroundLoad: BackgroundLoad?
    /// Set when the rest of a large file turned out unreadable: the text shown is
    /// only its beginning, and saving over the file would cut it short.
    var partialFileError: TextFileError?

    // GLIDEPAD_STATS=1: input → frame-handed-to-server times.
    let statsEnabled = ProcessInfo.processInfo.environment["GLIDEPAD_STATS"] == "1"
    let debugInput = ProcessInfo.processInfo.environment["GLIDEPAD_DEBUG"] != nil
    var pendingInputTime: Double?
    var pendingInputKind = ""
    /// When the window started being built, for the first frame's stats line.
    var startTime: Double? = monotonicNow()

    /// Opens the display and the file (or draft), and maps the window.
    public init(options: WindowOptions) throws(WindowError) {
        TextPadWindow.setUTF8Locale()
        self.options = options
        x = try X11Connection()
        installConnectionLossHandler()
        // Ask for XI 2.4 (touchpad gestures); 2.2 (touch) is the least we work with.
        var major: Int32 = 2, minor: Int32 = 4
        guard XIQueryVersion(x.display, &major, &minor) == Success || (major == 2 && minor >= 2) else {
            throw .noInputExtension
        }
        supportsGestureEvents = major > 2 || minor >= 4
        var firstEvent: Int32 = 0, firstError: Int32 = 0
        XQueryExtension(x.display, "XInputExtension", &xinputOpcode, &firstEvent, &firstError)

        let environment = ProcessInfo.processInfo.environment
        scale = environment["GLIDEPAD_SCALE"].flatMap(Double.init) ?? max(1, (x.xftDPI ?? 96) / 96)

        session = FileSession(path: options.file, draft: options.draft)
        let document: Document
        do {
            // A large file shows its first megabyte at once; the rest is read on
            // another thread and appended when ready (see finishLoading).
            let (beginning, isWhole) = try session.loadBeginning(maximumBytes: 1 << 20)
            document = beginning
            if !isWhole, let path = options.file {
                backgroundLoad = BackgroundLoad(path: path, prefixLength: beginning.text.utf8Count)
            }
        } catch {
            throw .file("\(error)")
        }
        let typesetter: HarfBuzzTypesetter
        do {
            typesetter = try HarfBuzzTypesetter(fonts: try FontSet(options.font, scale: scale))
        } catch {
            throw .file("\(error)")
        }
        renderer = FrameRenderer(typesetter: typesetter)
        let logical = Size(width: 900, height: 640)
        pixelWidth = Int32(logical.width * scale)
        pixelHeight = Int32(logical.height * scale)
        editor = Editor(document: document, typesetter: typesetter, viewportSize: logical)
        editor.theme = options.theme
        editor.freeCursorHorizontalOnly = options.horizontalOnlyCursor
        gestures.tuning.scrubEnabled = options.scrubEnabled
        if let first = options.settingsProblems.first {
            status = (options.settingsProblems.count == 1 ? first : "\(first) (and \(options.settingsProblems.count - 1) more)",
                      monotonicNow() + 10)
        }
        lastRevision = editor.document.revision

        let display = x.display
        window = XCreateSimpleWindow(display, x.root, 0, 0, UInt32(pixelWidth), UInt32(pixelHeight), 0,
                                     XBlackPixel(display, x.screen), XWhitePixel(display, x.screen))
        // No server-side background: our back buffer paints every pixel, so resizes
        // do not flash white.
        XSetWindowBackgroundPixmap(display, window, 0)
        // No GraphicsExpose/NoExpose events for every copy from the back buffer.
        var gcValues = XGCValues()
        gcValues.graphics_exposures = 0
        graphics = XCreateGC(display, window, UInt(GCGraphicsExposures), &gcValues)
        selections = SelectionTransfer(connection: x, window: window)
        selections.primaryText = { [unowned self] in
            let s = editor.selection
            return s.isEmpty ? nil : editor.document.text.string(in: s.range)
        }
        editor.clipboard = X11Clipboard(window: self)

        if let path = options.recordPath {
            do {
                recorder = try TraceRecorder(path: path, header: TraceHeader(width: logical.width, height: logical.height, scale: scale),
                                             startTime: monotonicNow())
            } catch {
                throw .file("Cannot record to \(path): \(error.localizedDescription)")
            }
        }
        setWindowProperties()
        XDefineCursor(display, window, XCreateFontCursor(display, UInt32(XC_xterm)))
        setUpInputMethod()
        var mask = ExposureMask | KeyPressMask | KeyReleaseMask | StructureNotifyMask | FocusChangeMask | PropertyChangeMask
        if let ic = inputContext { mask |= glide_ic_filter_events(ic) }
        XSelectInput(display, window, mask)
        selectPointerEvents()
        createBackBuffer()
        updateTitle()
        XMapWindow(display, window)
        XFlush(display)

        connectionLostHandler = { [unowned self] in
            saveEverything()
            if session.path == nil { return "your text is saved in \(session.autosavePath)" }
            return editor.document.isModified ? "your changes are kept in \(session.autosavePath)" : "there were no unsaved changes"
        }
    }

    deinit {
        connectionLostHandler = nil
        if let surface { cairo_surface_destroy(surface) }
        if pixmap != 0 { XFreePixmap(x.display, pixmap) }
        XFreeGC(x.display, graphics)
        if let ic = inputContext { XDestroyIC(ic) }
        if let im = inputMethod { XCloseIM(im) }
        XDestroyWindow(x.display, window)
    }

    /// Text input needs a UTF-8 locale; fall back to C.UTF-8 when the environment's isn't.
    static func setUTF8Locale() {
        if let locale = setlocale(LC_CTYPE, ""), String(cString: locale).uppercased().contains("UTF-8") || String(cString: locale).uppercased().contains("UTF8") {
        } else {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
        XSetLocaleModifiers("")
    }

    // MARK: Window properties

    private func setWindowProperties() {
        let display = x.display
        // WM_CLASS: instance "glidepad", class "Glidepad" (the desktop file's StartupWMClass).
        let hint = XAllocClassHint()!
        let instance = strdup("glidepad"), className = strdup("Glidepad")
        hint.pointee.res_name = instance
        hint.pointee.res_class = className
        XSetClassHint(display, window, hint)
        XFree(hint)
        free(instance)
        free(className)

        var protocols = [x.atom("WM_DELETE_WINDOW")]
        XSetWMProtocols(display, window, &protocols, 1)

        var pid = [Int(getpid())]
        XChangeProperty(display, window, x.atom("_NET_WM_PID"), Atom(XA_CARDINAL), 32, PropModeReplace, &pid, 1)
        var host = [CChar](repeating: 0, count: 256)
        gethostname(&host, host.count)
        var hostBytes = Array(host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) })
        XChangeProperty(display, window, x.atom("WM_CLIENT_MACHINE"), Atom(XA_STRING), 8, PropModeReplace, &hostBytes, Int32(hostBytes.count))

        // _NET_WM_ICON: sizes of width, height, then ARGB pixels, each a C long.
        var icon: [Int] = []
        for size in [16, 32, 48, 64, 128] {
            icon += [size, size] + AppIcon.pixels(size: size).map { Int($0) }
        }
        XChangeProperty(display, window, x.atom("_NET_WM_ICON"), Atom(XA_CARDINAL), 32, PropModeReplace, &icon, Int32(icon.count))
    }

    func updateTitle() {
        let modified = editor.document.isModified && session.path != nil
        let title = (modified ? "• " : "") + session.displayName + " — Glidepad"
        guard title != lastTitle else { return }
        lastTitle = title
        var bytes = Array(title.utf8)
        XChangeProperty(x.display, window, x.atom("_NET_WM_NAME"), x.atom("UTF8_STRING"), 8, PropModeReplace, &bytes, Int32(bytes.count))
        // WM_NAME for older window managers (Latin-1 only there).
        var latin1 = title.unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : UInt8(ascii: "?") }
        XChangeProperty(x.display, window, Atom(XA_WM_NAME), Atom(XA_STRING), 8, PropModeReplace, &latin1, Int32(latin1.count))
    }

    // MARK: Back buffer

    private func createBackBuffer() {
        if let surface { cairo_surface_destroy(surface) }
        if pixmap != 0 { XFreePixmap(x.display, pixmap) }
        let depth = UInt32(XDefaultDepth(x.display, x.screen))
        pixmap = XCreatePixmap(x.display, window, UInt32(pixelWidth), UInt32(pixelHeight), depth)
        surface = cairo_xlib_surface_create(x.display, pixmap, XDefaultVisual(x.display, x.screen), pixelWidth, pixelHeight)
        editor.setViewportSize(Size(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale))
    }

    func resized(width: Int32, height: Int32) {
        guard width != pixelWidth || height != pixelHeight, width > 0, height > 0 else { return }
        pixelWidth = width
        pixelHeight = height
        createBackBuffer()
    }

    /// Draws what changed into the back buffer and copies it to the window.
    func presentFrame() {
        var damage = editor.takeDamage()
        let wantsBar = prompt != nil || status != nil
        if wantsBar != barVisible || wantsBar && damage != .none { damage = .full }
        if wantsBar && damage == .none && prompt != nil { damage = .rects([]) }
        guard damage != .none, let surface else { return }
        let cr = cairo_create(surface)!
        var regions = renderer.draw(editor, context: cr, damage: damage)
        if let text = prompt?.display ?? status?.text {
            regions.append(renderer.drawBar(text, showsCaret: prompt != nil, theme: editor.theme,
                                            viewSize: editor.layout.viewportSize, context: cr))
        }
        barVisible = wantsBar
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        for r in regions {
            let x0 = Int32((r.minX * scale).rounded(.down)), y0 = Int32((r.minY * scale).rounded(.down))
            let x1 = Int32((r.maxX * scale).rounded(.up)), y1 = Int32((r.maxY * scale).rounded(.up))
            XCopyArea(x.display, pixmap, window, graphics, x0, y0, UInt32(max(0, x1 - x0)), UInt32(max(0, y1 - y0)), x0, y0)
        }
        updateInputSpot()
        XFlush(x.display)
        if statsEnabled, let start = startTime {
            FileHandle.standardError.write(Data("glidepad-stats: start → first frame \(String(format: "%.1f", (monotonicNow() - start) * 1000)) ms\n".utf8))
        }
        startTime = nil
        if statsEnabled, let start = pendingInputTime {
            let elapsed = (monotonicNow() - start) * 1000
            FileHandle.standardError.write(Data("glidepad-stats: \(pendingInputKind) → frame \(String(format: "%.3f", elapsed)) ms\n".utf8))
            pendingInputTime = nil
        }
    }

    func exposed(_ e: XExposeEvent) {
        guard pixmap != 0 else { return }
        XCopyArea(x.display, pixmap, window, graphics, e.x, e.y, UInt32(e.width), UInt32(e.height), e.x, e.y)
    }

    // MARK: Status

    func showStatus(_ text: String, seconds: Double = 3) {
        status = (text, monotonicNow() + seconds)
    }
}

/// The editor's clipboard in the window: copying or cutting takes CLIPBOARD ownership.
final class X11Clipboard: Clipboard {
    private unowned let window: TextPadWindow
    init(window: TextPadWindow) { self.window = window }

    var text: String? {
        get { window.selections.clipboardText }
        set {
            guard let newValue else { return }
            window.selections.ownClipboard(newValue, time: window.lastServerTime)
        }
    }
}
