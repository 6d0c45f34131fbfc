import Testing
import GlideGestures

@Suite("Input traces")
struct TraceTests {
    let header = #"{"glidepad_trace": 1, "width": 800, "height": 600, "scale": 2}"#

    @Test("every kind of TRACE.md parses")
    func parsesAllKinds() throws {
        let text = """
        \(header)
        {"t": 0, "kind": "touch", "phase": "begin", "id": 3, "x": 10.5, "y": 20}
        {"t": 0.01, "kind": "pad_touch", "phase": "update", "id": 1, "x": 1, "y": 2}
        {"t": 0.02, "kind": "scroll", "dx": 0, "dy": -12.5}
        {"t": 0.03, "kind": "swipe", "phase": "update", "fingers": 3, "dx": 4, "dy": 0}
        {"t": 0.04, "kind": "pinch", "phase": "begin", "fingers": 2, "scale": 1.1, "dx": 0, "dy": 0}
        {"t": 0.05, "kind": "pointer", "phase": "down", "button": 1, "x": 5, "y": 6, "clicks": 2}
        {"t": 0.06, "kind": "key", "keysym": "z", "mods": ["ctrl", "shift"]}
        {"t": 0.07, "kind": "text", "text": "日本語\\n"}

        """
        let trace = try Trace(parsing: text)
        #expect(trace.header == TraceHeader(width: 800, height: 600, scale: 2))
        #expect(trace.events.map(\.event) == [
            .touch(phase: .begin, id: 3, x: 10.5, y: 20),
            .padTouch(phase: .update, id: 1, x: 1, y: 2),
            .scroll(dx: 0, dy: -12.5),
            .swipe(phase: .update, fingers: 3, dx: 4, dy: 0),
            .pinch(phase: .begin, fingers: 2, scale: 1.1, dx: 0, dy: 0),
            .pointer(phase: .down, button: 1, x: 5, y: 6, clicks: 2),
            .key(KeyPress("z", [.ctrl, .shift])),
            .text("日本語\n"),
        ])
        #expect(trace.events.map(\.line) == Array(2...9))
        // Written back out, it parses to the same trace.
        #expect(try Trace(parsing: trace.encoded()) == Trace(header: trace.header, events: trace.events.enumerated().map {
            TimedEvent(time: $1.time, event: $1.event, line: $0 + 2)
        }))
    }

    @Test("malformed lines are refused with their line number and why", arguments: [
        (#"{"t": 0, "kind": "wiggle"}"#, "unknown event kind \"wiggle\""),
        (#"{"t": 0, "kind": "text", "text": "a", "extra": 1}"#, "unknown field extra"),
        (#"{"t": 0, "kind": "touch", "phase": "begin", "id": 1, "x": 1}"#, "missing field y"),
        (#"{"t": 0, "kind": "touch", "phase": "press", "id": 1, "x": 1, "y": 1}"#, "phase \"press\" is not one of begin, update, end, cancel"),
        (#"{"t": 0, "kind": "scroll", "dx": "1", "dy": 0}"#, "dx must be a number"),
        (#"{"t": 0, "kind": "key", "keysym": "a", "mods": ["super"]}"#, "unknown modifier \"super\" (use shift, ctrl, alt)"),
        (#"{"t": 0, "kind": "touch", "phase": "begin", "id": 1.5, "x": 1, "y": 1}"#, "id must be a whole number"),
        (#"{"t": -1, "kind": "text", "text": "a"}"#, "t must not be negative"),
        (#"{"t": 0, "kind": "text", "text": "a""#, "not valid JSON"),
        (#"[1, 2]"#, "expected a JSON object"),
    ])
    func malformedLines(line: String, reason: String) {
        let text = header + "\n" + #"{"t": 0, "kind": "text", "text": "ok"}"# + "\n" + line + "\n"
        #expect(throws: TraceError(line: 3, reason: reason)) { try Trace(parsing: text) }
    }

    @Test("time may not go backwards")
    func timeOrder() {
        let text = header + "\n" + #"{"t": 1, "kind": "text", "text": "a"}"# + "\n" + #"{"t": 0.5, "kind": "text", "text": "b"}"#
        #expect(throws: TraceError(line: 3, reason: "time t=0.5 goes backwards (previous event at t=1.0)")) {
            try Trace(parsing: text)
        }
    }

    @Test("the header is required and checked")
    func headerChecked() {
        #expect(throws: TraceError(line: 1, reason: "the trace is empty: it needs a header line")) { try Trace(parsing: "") }
        #expect(throws: TraceError(line: 1, reason: "the first line must be the header {\"glidepad_trace\": 1, …}")) {
            try Trace(parsing: #"{"t": 0, "kind": "text", "text": "a"}"#)
        }
        #expect(throws: TraceError(line: 1, reason: "unsupported trace version 2; this Glidepad reads version 1")) {
            try Trace(parsing: #"{"glidepad_trace": 2, "width": 1, "height": 1}"#)
        }
        #expect(throws: TraceError(line: 1, reason: "width must be positive")) {
            try Trace(parsing: #"{"glidepad_trace": 1, "width": 0, "height": 1}"#)
        }
    }

    @Test("JSON string escaping round-trips control characters and quotes")
    func escaping() throws {
        let tricky = "quote \" backslash \\ tab \t nul-ish \u{1} 日本"
        let trace = Trace(header: TraceHeader(width: 1, height: 1), events: [TimedEvent(time: 0, event: .text(tricky), line: 2)])
        #expect(try Trace(parsing: trace.encoded()).events.first?.event == .text(tricky))
    }
}
