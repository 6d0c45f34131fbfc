#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The system calls a save makes, as values, so tests can make any one of them fail
/// the way a full disk or a vanished folder would. `.system` is the real thing.
/// Each returns what the system call returns and leaves the reason in `errno`.
public struct FileOperations: Sendable {
    public var open: @Sendable (_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32
    public var write: @Sendable (_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int
    public var fsync: @Sendable (_ fd: Int32) -> Int32
    public var close: @Sendable (_ fd: Int32) -> Int32
    public var rename: @Sendable (_ from: String, _ to: String) -> Int32

    public init(
        open: @escaping @Sendable (String, Int32, mode_t) -> Int32,
        write: @escaping @Sendable (Int32, UnsafeRawBufferPointer) -> Int,
        fsync: @escaping @Sendable (Int32) -> Int32,
        close: @escaping @Sendable (Int32) -> Int32,
        rename: @escaping @Sendable (String, String) -> Int32
    ) {
        self.open = open
        self.write = write
        self.fsync = fsync
        self.close = close
        self.rename = rename
    }

    public static let system = FileOperations(
        open: { path, flags, mode in Glibc.open(path, flags, mode) },
        write: { fd, bytes in Glibc.write(fd, bytes.baseAddress, bytes.count) },
        fsync: { Glibc.fsync($0) },
        close: { Glibc.close($0) },
        rename: { Glibc.rename($0, $1) }
    )
}

/// `strerror` for the current `errno`, e.g. "No space left on device".
func systemErrorDescription(_ code: Int32 = errno) -> String {
    guard let message = strerror(code) else { return "error \(code)" }
    return String(cString: message)
}
