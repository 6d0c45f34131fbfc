import Dispatch

/// Where the draft lives: the text Glidepad edits when no file is named.
/// `$XDG_DATA_HOME/glidepad/draft.txt`, or `~/.local/share/glidepad/draft.txt`.
public struct DraftLocation: Equatable, Sendable {
    public var folder: String
    public var path: String { folder + "/draft.txt" }

    public init(folder: String) { self.folder = folder }

    /// From the environment, following the XDG base directory specification
    /// (a relative `XDG_DATA_HOME` is invalid and ignored).
    public init(environment: [String: String]) {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            folder = data + "/glidepad"
        } else {
            folder = (environment["HOME"] ?? "/tmp") + "/.local/share/glidepad"
        }
    }
}

/// When to write the draft. Saving `quietDelay` after typing pauses keeps writes
/// rare; saving at the latest `maximumDelay` after the first unsaved edit bounds what
/// a crash or SIGKILL can lose during non-stop typing. Times are seconds on the
/// injected clock.
public struct AutosaveSchedule: Sendable, Equatable {
    public var quietDelay: Double
    public var maximumDelay: Double
    public private(set) var firstUnsavedEdit: Double?
    public private(set) var lastEdit: Double?

    public init(quietDelay: Double = 0.3, maximumDelay: Double = 0.8) {
        self.quietDelay = quietDelay
        self.maximumDelay = maximumDelay
    }

    public var hasUnsavedEdits: Bool { firstUnsavedEdit != nil }

    public mutating func noteEdit(at time: Double) {
        if firstUnsavedEdit == nil { firstUnsavedEdit = time }
        lastEdit = time
    }

    /// When the next save should start, or nil if everything is saved.
    public var dueTime: Double? {
        guard let first = firstUnsavedEdit, let last = lastEdit else { return nil }
        return min(last + quietDelay, first + maximumDelay)
    }

    /// Call when a snapshot of the text is handed to the writer: edits up to now are in it.
    public mutating func noteSnapshotTaken() {
        firstUnsavedEdit = nil
        lastEdit = nil
    }

    /// Call when a write failed, so the next attempt is scheduled.
    public mutating func noteWriteFailed(at time: Double) {
        noteEdit(at: time)
    }
}

/// Writes snapshots of a document to one file atomically, on a background queue so
/// typing never waits for the disk. Snapshots are O(1) copies of the rope. If a write
/// is still running when another snapshot arrives, only the newest waits its turn.
public final class BackgroundFileWriter: @unchecked Sendable {
    public let path: String
    private let queue = DispatchQueue(label: "glidepad.background-writer")
    private let lock = DispatchQueue(label: "glidepad.background-writer.state")
    // Guarded by `lock`.
    private var pending: (TextStorage, TextFileFormat, @Sendable (TextFileError?) -> Void)?
    private var running = false

    public init(path: String) { self.path = path }

    /// Queues `text` to be written; `completion` runs on the writer's queue with the
    /// error, if any. A snapshot replaced by a newer one before it started reports
    /// success, since the newer one carries its text.
    public func write(
        _ text: TextStorage, format: TextFileFormat,
        completion: @escaping @Sendable (TextFileError?) -> Void = { _ in }
    ) {
        let start: Bool = lock.sync {
            if let replaced = pending { queue.async { replaced.2(nil) } }
            pending = (text, format, completion)
            if running { return false }
            running = true
            return true
        }
        if start { queue.async { self.drain() } }
    }

    /// Blocks until every queued snapshot is on disk (used on quit).
    public func waitUntilIdle() {
        while true {
            queue.sync {}
            if lock.sync(execute: { !running && pending == nil }) { return }
        }
    }

    private func drain() {
        while true {
            let next = lock.sync { () -> (TextStorage, TextFileFormat, @Sendable (TextFileError?) -> Void)? in
                let job = pending
                pending = nil
                if job == nil { running = false }
                return job
            }
            guard let (text, format, completion) = next else { return }
            do throws(TextFileError) {
                try TextFile.save(text, format: format, to: path)
                completion(nil)
            } catch {
                completion(error)
            }
        }
    }
}
