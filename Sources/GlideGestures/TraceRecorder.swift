import Foundation

/// Writes a live session as a trace (TRACE.md), one line per event as it happens,
/// flushed at once so that a crash keeps everything before it. Times are seconds
/// since recording started.
public final class TraceRecorder {
    private let handle: FileHandle
    private let start: Double

    /// Creates (or truncates) `path` and writes the header.
    public init(path: String, header: TraceHeader, startTime: Double) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        start = startTime
        let trace = Trace(header: header, events: [])
        try handle.write(contentsOf: Data(trace.encoded().utf8))
    }

    deinit { try? handle.close() }

    public func record(_ event: InputEvent, at time: Double) {
        let line = Trace.encode(TimedEvent(time: max(0, ((time - start) * 1000).rounded() / 1000), event: event)) + "\n"
        try? handle.write(contentsOf: Data(line.utf8))
    }
}
