/// A colour with straight (not premultiplied) alpha, components 0…1.
public struct Color: Equatable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// From "#rrggbb" or "#rrggbbaa".
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16) else { return nil }
        let v = digits.count == 6 ? value << 8 | 0xFF : value
        self.init(red: Double(v >> 24 & 0xFF) / 255, green: Double(v >> 16 & 0xFF) / 255,
                  blue: Double(v >> 8 & 0xFF) / 255, alpha: Double(v & 0xFF) / 255)
    }

    public func withAlpha(_ alpha: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }
}

/// The colours of a frame.
public struct Theme: Equatable, Sendable {
    public var background: Color
    public var text: Color
    public var selection: Color
    public var caret: Color
    /// The real caret while a cursor gesture runs.
    public var inactiveCaret: Color
    /// The floating caret and gesture feedback.
    public var tint: Color

    public static let light = Theme(
        background: Color(hex: "#fbfbf8")!, text: Color(hex: "#1f2328")!,
        selection: Color(hex: "#b3d4ff")!, caret: Color(hex: "#1f2328")!,
        inactiveCaret: Color(hex: "#9aa0a6")!, tint: Color(hex: "#0a64ff")!)

    public static let dark = Theme(
        background: Color(hex: "#1e1f22")!, text: Color(hex: "#e6e6e3")!,
        selection: Color(hex: "#2f4f7f")!, caret: Color(hex: "#e6e6e3")!,
        inactiveCaret: Color(hex: "#70757a")!, tint: Color(hex: "#4c8dff")!)
}
