/// Phases of a touch contact.
public enum TouchPhase: String, Sendable, CaseIterable { case begin, update, end, cancel }
/// Phases of an XI 2.4 swipe or pinch gesture.
public enum GesturePhase: String, Sendable, CaseIterable { case begin, update, end, cancel }
/// Phases of a mouse button.
public enum PointerPhase: String, Sendable, CaseIterable { case down, move, up }

/// An input event in window coordinates (logical points), as TRACE.md defines the
/// kinds. XInput2 events and trace lines both become these, so recorded traces drive
/// exactly the code live input does.
public enum InputEvent: Equatable, Sendable {
    case touch(phase: TouchPhase, id: Int, x: Double, y: Double)
    case padTouch(phase: TouchPhase, id: Int, x: Double, y: Double)
    /// Positive `dx`/`dy`: the content moves left/up.
    case scroll(dx: Double, dy: Double)
    case swipe(phase: GesturePhase, fingers: Int, dx: Double, dy: Double)
    case pinch(phase: GesturePhase, fingers: Int, scale: Double, dx: Double, dy: Double)
    case pointer(phase: PointerPhase, button: Int, x: Double, y: Double, clicks: Int)
    case key(KeyPress)
    case text(String)

    /// The trace kind name.
    public var kind: String {
        switch self {
        case .touch: "touch"
        case .padTouch: "pad_touch"
        case .scroll: "scroll"
        case .swipe: "swipe"
        case .pinch: "pinch"
        case .pointer: "pointer"
        case .key: "key"
        case .text: "text"
        }
    }
}

/// An event and when it happened: seconds since the trace (or session) started.
public struct TimedEvent: Equatable, Sendable {
    public var time: Double
    public var event: InputEvent
    /// The trace line it came from (1-based), or 0 for live input.
    public var line: Int

    public init(time: Double, event: InputEvent, line: Int = 0) {
        self.time = time; self.event = event; self.line = line
    }
}
