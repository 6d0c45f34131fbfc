import Foundation

/// The first line of a trace: the window it was recorded in.
public struct TraceHeader: Equatable, Sendable {
    public var width: Double
    public var height: Double
    public var scale: Double

    public init(width: Double, height: Double, scale: Double = 1) {
        self.width = width; self.height = height; self.scale = scale
    }
}

/// A malformed trace: the line (1-based) and what is wrong with it.
public struct TraceError: Error, Equatable, CustomStringConvertible {
    public var line: Int
    public var reason: String

    public init(line: Int, reason: String) { self.line = line; self.reason = reason }

    public var description: String { "line \(line): \(reason)" }
}

/// An input trace (TRACE.md): JSON Lines, a header then one event per line.
/// Parsing is strict — unknown kinds or fields, missing fields, wrong types, time
/// going backwards are errors naming the line — so a trace means exactly one thing.
public struct Trace: Equatable, Sendable {
    public var header: TraceHeader
    public var events: [TimedEvent]

    public init(header: TraceHeader, events: [TimedEvent]) {
        self.header = header
        self.events = events
    }

    public init(parsing text: String) throws(TraceError) {
        var header: TraceHeader?
        var events: [TimedEvent] = []
        var lastTime = 0.0
        var number = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            let object = try Trace.object(from: line, line: number)
            if header == nil {
                header = try Trace.header(from: object, line: number)
                continue
            }
            let event = try Trace.event(from: object, line: number)
            if event.time < lastTime {
                throw TraceError(line: number, reason: "time t=\(event.time) goes backwards (previous event at t=\(lastTime))")
            }
            lastTime = event.time
            events.append(event)
        }
        guard let header else { throw TraceError(line: max(1, number), reason: "the trace is empty: it needs a header line") }
        self.header = header
        self.events = events
    }

    // MARK: Writing

    /// The trace as JSON Lines, parseable by `init(parsing:)`.
    public func encoded() -> String {
        var lines = ["{\"glidepad_trace\": 1, \"width\": \(Trace.number(header.width)), \"height\": \(Trace.number(header.height)), \"scale\": \(Trace.number(header.scale))}"]
        for timed in events { lines.append(Trace.encode(timed)) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One event as a trace line (without the newline).
    public static func encode(_ timed: TimedEvent) -> String {
        var fields: [(String, String)] = [("t", number(timed.time)), ("kind", string(timed.event.kind))]
        switch timed.event {
        case let .touch(phase, id, x, y), let .padTouch(phase, id, x, y):
            fields += [("phase", string(phase.rawValue)), ("id", "\(id)"), ("x", number(x)), ("y", number(y))]
        case let .scroll(dx, dy):
            fields += [("dx", number(dx)), ("dy", number(dy))]
        case let .swipe(phase, fingers, dx, dy):
            fields += [("phase", string(phase.rawValue)), ("fingers", "\(fingers)"), ("dx", number(dx)), ("dy", number(dy))]
        case let .pinch(phase, fingers, scale, dx, dy):
            fields += [("phase", string(phase.rawValue)), ("fingers", "\(fingers)"), ("scale", number(scale)),
                       ("dx", number(dx)), ("dy", number(dy))]
        case let .pointer(phase, button, x, y, clicks):
            fields += [("phase", string(phase.rawValue)), ("button", "\(button)"), ("x", number(x)), ("y", number(y)),
                       ("clicks", "\(clicks)")]
        case let .key(key):
            let mods = KeyModifier.allCases.filter { key.modifiers.contains($0) }.map { string($0.rawValue) }
            fields += [("keysym", string(key.keysym)), ("mods", "[" + mods.joined(separator: ", ") + "]")]
        case let .text(text):
            fields += [("text", string(text))]
        }
        return "{" + fields.map { "\(string($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }

    static func number(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }

    /// A JSON string literal.
    public static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    // MARK: Reading

    private static func object(from line: String, line number: Int) throws(TraceError) -> [String: Any] {
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: Data(line.utf8), options: [])
        } catch {
            throw TraceError(line: number, reason: "not valid JSON")
        }
        guard let object = parsed as? [String: Any] else {
            throw TraceError(line: number, reason: "expected a JSON object")
        }
        return object
    }

    private static func header(from object: [String: Any], line: Int) throws(TraceError) -> TraceHeader {
        var fields = Fields(object, line: line)
        guard let version = object["glidepad_trace"] else {
            throw TraceError(line: line, reason: "the first line must be the header {\"glidepad_trace\": 1, …}")
        }
        fields.used("glidepad_trace")
        guard (version as? NSNumber)?.intValue == 1 else {
            throw TraceError(line: line, reason: "unsupported trace version \(version); this Glidepad reads version 1")
        }
        let header = TraceHeader(
            width: try fields.number("width", positive: true), height: try fields.number("height", positive: true),
            scale: try fields.optionalNumber("scale", positive: true) ?? 1)
        try fields.checkNoneLeft()
        return header
    }

    private static func event(from object: [String: Any], line: Int) throws(TraceError) -> TimedEvent {
        var f = Fields(object, line: line)
        let time = try f.number("t")
        guard time >= 0 else { throw TraceError(line: line, reason: "t must not be negative") }
        let kind = try f.string("kind")
        let event: InputEvent
        switch kind {
        case "touch", "pad_touch":
            let phase: TouchPhase = try f.choice("phase")
            let id = try f.integer("id")
            let x = try f.number("x"), y = try f.number("y")
            event = kind == "touch" ? .touch(phase: phase, id: id, x: x, y: y) : .padTouch(phase: phase, id: id, x: x, y: y)
        case "scroll":
            event = .scroll(dx: try f.number("dx"), dy: try f.number("dy"))
        case "swipe":
            event = .swipe(phase: try f.choice("phase"), fingers: try f.integer("fingers"), dx: try f.number("dx"), dy: try f.number("dy"))
        case "pinch":
            event = .pinch(phase: try f.choice("phase"), fingers: try f.integer("fingers"),
                           scale: try f.number("scale", positive: true), dx: try f.number("dx"), dy: try f.number("dy"))
        case "pointer":
            let phase: PointerPhase = try f.choice("phase")
            let button = try f.optionalInteger("button") ?? (phase == .move ? 0 : 1)
            event = .pointer(phase: phase, button: button, x: try f.number("x"), y: try f.number("y"),
                             clicks: try f.optionalInteger("clicks") ?? 1)
        case "key":
            let keysym = try f.string("keysym")
            guard !keysym.isEmpty else { throw TraceError(line: line, reason: "keysym is empty") }
            var modifiers: Set<KeyModifier> = []
            for name in try f.optionalStrings("mods") ?? [] {
                guard let modifier = KeyModifier(rawValue: name) else {
                    throw TraceError(line: line, reason: "unknown modifier \"\(name)\" (use shift, ctrl, alt)")
                }
                modifiers.insert(modifier)
            }
            event = .key(KeyPress(keysym, modifiers))
        case "text":
            event = .text(try f.string("text"))
        default:
            throw TraceError(line: line, reason: "unknown event kind \"\(kind)\"")
        }
        try f.checkNoneLeft()
        return TimedEvent(time: time, event: event, line: line)
    }
}

/// Reads fields off one JSON object, remembering which were used so that unknown
/// ones can be reported.
private struct Fields {
    let object: [String: Any]
    let line: Int
    var seen: Set<String> = []

    init(_ object: [String: Any], line: Int) { self.object = object; self.line = line }

    mutating func used(_ name: String) { seen.insert(name) }

    mutating func optionalNumber(_ name: String, positive: Bool = false) throws(TraceError) -> Double? {
        seen.insert(name)
        guard let value = object[name] else { return nil }
        guard let number = value as? NSNumber, !(value is Bool) || CFBooleanLike.isNumber(number) else {
            throw TraceError(line: line, reason: "\(name) must be a number")
        }
        let d = number.doubleValue
        guard d.isFinite else { throw TraceError(line: line, reason: "\(name) must be finite") }
        if positive && d <= 0 { throw TraceError(line: line, reason: "\(name) must be positive") }
        return d
    }

    mutating func number(_ name: String, positive: Bool = false) throws(TraceError) -> Double {
        guard let d = try optionalNumber(name, positive: positive) else {
            throw TraceError(line: line, reason: "missing field \(name)")
        }
        return d
    }

    mutating func optionalInteger(_ name: String) throws(TraceError) -> Int? {
        guard let d = try optionalNumber(name) else { return nil }
        guard d == d.rounded(), abs(d) < 1e9 else { throw TraceError(line: line, reason: "\(name) must be a whole number") }
        return Int(d)
    }

    mutating func integer(_ name: String) throws(TraceError) -> Int {
        guard let i = try optionalInteger(name) else { throw TraceError(line: line, reason: "missing field \(name)") }
        return i
    }

    mutating func string(_ name: String) throws(TraceError) -> String {
        seen.insert(name)
        guard let value = object[name] else { throw TraceError(line: line, reason: "missing field \(name)") }
        guard let s = value as? String else { throw TraceError(line: line, reason: "\(name) must be a string") }
        return s
    }

    mutating func optionalStrings(_ name: String) throws(TraceError) -> [String]? {
        seen.insert(name)
        guard let value = object[name] else { return nil }
        guard let list = value as? [Any], list.allSatisfy({ $0 is String }) else {
            throw TraceError(line: line, reason: "\(name) must be a list of strings")
        }
        return list.map { $0 as! String }
    }

    mutating func choice<T: RawRepresentable & CaseIterable>(_ name: String) throws(TraceError) -> T where T.RawValue == String {
        let raw = try string(name)
        guard let value = T(rawValue: raw) else {
            let options = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw TraceError(line: line, reason: "\(name) \"\(raw)\" is not one of \(options)")
        }
        return value
    }

    func checkNoneLeft() throws(TraceError) {
        let unknown = object.keys.filter { !seen.contains($0) }.sorted()
        if !unknown.isEmpty {
            throw TraceError(line: line, reason: "unknown field\(unknown.count > 1 ? "s" : "") \(unknown.joined(separator: ", "))")
        }
    }
}

/// JSON booleans and numbers both arrive as NSNumber; tell them apart.
private enum CFBooleanLike {
    static func isNumber(_ n: NSNumber) -> Bool {
        let type = String(cString: n.objCType)
        return type != "c" && type != "B"
    }
}
