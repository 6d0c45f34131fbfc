/// Where copied text goes. The window serves CLIPBOARD through X11; replay and
/// tests use `MemoryClipboard`.
public protocol Clipboard: AnyObject {
    var text: String? { get set }
}

public final class MemoryClipboard: Clipboard {
    public var text: String?
    public init(text: String? = nil) { self.text = text }
}
