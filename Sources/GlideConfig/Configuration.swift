import Foundation
import TOMLKit

/// Glidepad's settings, from `$XDG_CONFIG_HOME/glidepad/config.toml` (default
/// `~/.config/glidepad/config.toml`) and then the command line:
///
/// ```toml
/// font = "DejaVu Sans 12"     # a fontconfig family and a size in points
/// theme = "dark"               # light or dark
/// tint = "#0a64ff"             # the floating caret and gesture colour
///
/// [cursor]
/// horizontal_only = false      # the two-finger free cursor moves along lines only
///
/// [scrub]
/// enabled = true               # the zigzag erase gesture
/// ```
///
/// A bad value is reported with the file, its line and the key, and the default is
/// used; a file that is not valid TOML is reported with its line and ignored.
public struct Configuration: Equatable, Sendable {
    public var font = "sans-serif 11"
    public var theme = "light"
    public var tint: String?
    public var horizontalOnlyCursor = false
    public var scrubEnabled = true

    public init() {}

    /// A problem found in the file: shown to the user, never fatal.
    public struct Problem: Equatable, Sendable, CustomStringConvertible {
        public var path: String
        public var line: Int?
        public var key: String?
        public var message: String

        public var description: String {
            let place = path + (line.map { ":\($0)" } ?? "")
            return "\(place): " + (key.map { "\($0): " } ?? "") + message
        }
    }

    /// The default location, following the XDG base directory specification.
    public static func defaultPath(environment: [String: String]) -> String {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/glidepad/config.toml" }
        return (environment["HOME"] ?? "/tmp") + "/.config/glidepad/config.toml"
    }

    /// Reads `path` if it exists; a missing file is no problem.
    public static func load(path: String) -> (Configuration, [Problem]) {
        guard let data = FileManager.default.contents(atPath: path) else { return (Configuration(), []) }
        guard let text = String(data: data, encoding: .utf8) else {
            return (Configuration(), [Problem(path: path, message: "not UTF-8 text; using the defaults")])
        }
        return parse(text, path: path)
    }

    public static func parse(_ text: String, path: String) -> (Configuration, [Problem]) {
        var configuration = Configuration()
        var problems: [Problem] = []
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            return (configuration, [Problem(path: path, line: Int(error.source.begin.line), message: "\(error.description); using the defaults")])
        } catch {
            return (configuration, [Problem(path: path, message: "\(error); using the defaults")])
        }
        func problem(_ key: String, _ section: String?, _ message: String) {
            problems.append(Problem(path: path, line: line(of: key, in: section, text: text),
                                    key: section.map { "\($0).\(key)" } ?? key, message: message))
        }
        for key in table.keys.sorted() {
            let value = table[key]!
            switch key {
            case "font":
                if let s = value.string, !s.trimmingCharacters(in: .whitespaces).isEmpty { configuration.font = s }
                else { problem(key, nil, "expected a font such as \"DejaVu Sans 12\"; using \(configuration.font)") }
            case "theme":
                if let s = value.string, s == "light" || s == "dark" { configuration.theme = s }
                else { problem(key, nil, "expected \"light\" or \"dark\"; using light") }
            case "tint":
                if let s = value.string, isColour(s) { configuration.tint = s }
                else { problem(key, nil, "expected a colour such as \"#0a64ff\"; using the default") }
            case "cursor", "scrub":
                guard let section = value.table else {
                    problem(key, nil, "expected a [\(key)] section")
                    continue
                }
                for inner in section.keys.sorted() {
                    let v = section[inner]!
                    switch (key, inner) {
                    case ("cursor", "horizontal_only"):
                        if let b = v.bool { configuration.horizontalOnlyCursor = b }
                        else { problem(inner, key, "expected true or false; using false") }
                    case ("scrub", "enabled"):
                        if let b = v.bool { configuration.scrubEnabled = b }
                        else { problem(inner, key, "expected true or false; using true") }
                    default:
                        problem(inner, key, "unknown setting; ignored")
                    }
                }
            default:
                problem(key, nil, "unknown setting; ignored")
            }
        }
        return (configuration, problems)
    }

    static func isColour(_ s: String) -> Bool {
        var digits = Substring(s)
        guard digits.hasPrefix("#") else { return false }
        digits = digits.dropFirst()
        return (digits.count == 6 || digits.count == 8) && UInt32(digits, radix: 16) != nil
    }

    /// The line (1-based) where `key` is set, within `[section]` if given.
    static func line(of key: String, in section: String?, text: String) -> Int? {
        var current: String?
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[") && line.hasSuffix("]") {
                current = String(line.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
                continue
            }
            guard current == section, line.hasPrefix(key) else { continue }
            let rest = line.dropFirst(key.count).trimmingCharacters(in: .whitespaces)
            if rest.hasPrefix("=") { return index + 1 }
        }
        return nil
    }
}
