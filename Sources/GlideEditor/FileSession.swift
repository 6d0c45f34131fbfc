import Foundation
import GlideText

#if canImport(Glibc)
import Glibc
#endif

/// Where the text being edited lives on disk and how it is kept safe: a named file
/// (saved on request) or the draft (saved automatically), plus the autosave that
/// protects both. With a named file, unsaved edits are autosaved to a recovery copy
/// beside the draft; a successful save removes it.
public final class FileSession {
    /// The file being edited, or nil for the draft.
    public private(set) var path: String?
    public let draft: DraftLocation
    public private(set) var schedule = AutosaveSchedule()
    private var writer: BackgroundFileWriter
    /// The last autosave error, for the window to show.
    public private(set) var lastAutosaveError: TextFileError?
    private let errorBox = AutosaveErrors()

    public init(path: String?, draft: DraftLocation) {
        self.path = path
        self.draft = draft
        writer = BackgroundFileWriter(path: FileSession.autosavePath(for: path, draft: draft))
    }

    /// What autosave writes: the draft itself, or the named file's recovery copy.
    public var autosavePath: String { FileSession.autosavePath(for: path, draft: draft) }

    static func autosavePath(for path: String?, draft: DraftLocation) -> String {
        guard let path else { return draft.path }
        // One recovery file per path: the path with '/' spelled "%2F", so two files
        // with one name in different folders do not collide.
        let name = path.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "/", with: "%2F")
        return draft.folder + "/recovery/" + name
    }

    /// The display name for the title bar.
    public var displayName: String {
        guard let path else { return "Draft" }
        return path.split(separator: "/").last.map(String.init) ?? path
    }

    /// Loads what this session edits: the named file (an empty document if it does
    /// not exist yet: it is created on first save), or the draft.
    public func load() throws(TextFileError) -> Document {
        let target = path ?? draft.path
        if access(target, F_OK) != 0 && errno == ENOENT { return Document() }
        let loaded = try TextFile.load(path: target)
        return Document(text: loaded.text, format: loaded.format)
    }

    /// Loads the beginning of what this session edits: all of it if it is small,
    /// else its first `maximumBytes` in whole lines (`isWhole` false) — the caller
    /// reads the rest in the background and appends it.
    public func loadBeginning(maximumBytes: Int) throws(TextFileError) -> (document: Document, isWhole: Bool) {
        guard let path, access(path, F_OK) == 0 else { return (try load(), true) }
        let (loaded, isWhole) = try TextFile.loadBeginning(path: path, maximumBytes: maximumBytes)
        return (Document(text: loaded.text, format: loaded.format), isWhole)
    }

    /// Notes an edit at `time` (the injected clock) for the autosave schedule.
    public func noteEdit(at time: Double) { schedule.noteEdit(at: time) }

    /// When the event loop should next call `autosaveIfDue(_:at:)`.
    public var autosaveDueTime: Double? { schedule.dueTime }

    /// Starts an autosave of `document` if one is due at `time`. Non-blocking: the
    /// snapshot is O(1) and the write happens on a background queue.
    public func autosaveIfDue(_ document: Document, at time: Double) {
        if let error = errorBox.take() {
            lastAutosaveError = error
            schedule.noteWriteFailed(at: time)
        }
        guard let due = schedule.dueTime, due <= time else { return }
        schedule.noteSnapshotTaken()
        makeFolders(for: autosavePath)
        let box = errorBox
        writer.write(document.text, format: document.format) { error in if let error { box.put(error) } }
    }

    /// Writes everything pending now and waits (on quit, on a lost X connection).
    public func flush(_ document: Document) {
        if schedule.hasUnsavedEdits || (path == nil && access(draft.path, F_OK) != 0) {
            schedule.noteSnapshotTaken()
            makeFolders(for: autosavePath)
            writer.write(document.text, format: document.format)
        }
        writer.waitUntilIdle()
    }

    /// Saves to the named file (or `newPath`, which becomes the session's file).
    /// On success the recovery copy is removed and the document marked saved.
    public func save(_ document: inout Document, as newPath: String? = nil) throws(TextFileError) {
        guard let target = newPath ?? path else {
            throw .saveFailed(path: "the draft", step: "choosing a file", reason: "no file name given")
        }
        try TextFile.save(document.text, format: document.format, to: target)
        let oldRecovery = path.map { FileSession.autosavePath(for: $0, draft: draft) }
        if target != path {
            writer.waitUntilIdle()
            path = target
            writer = BackgroundFileWriter(path: autosavePath)
        }
        document.markSaved()
        schedule.noteSnapshotTaken()
        writer.waitUntilIdle()
        if let oldRecovery { unlink(oldRecovery) }
    }

    /// Switches to another file (after the caller has made the current text safe).
    public func open(_ newPath: String) throws(TextFileError) -> Document {
        let loaded = try TextFile.load(path: newPath)
        writer.waitUntilIdle()
        path = newPath
        writer = BackgroundFileWriter(path: autosavePath)
        schedule = AutosaveSchedule()
        return Document(text: loaded.text, format: loaded.format)
    }

    private func makeFolders(for file: String) {
        var prefix = ""
        for part in file.split(separator: "/").dropLast() {
            prefix += "/" + part
            mkdir(prefix, 0o700)
        }
    }
}

/// Errors reported from the writer's queue, picked up on the main thread.
private final class AutosaveErrors: @unchecked Sendable {
    private var pending: TextFileError?
    private var lock = pthread_mutex_t()
    init() { pthread_mutex_init(&lock, nil) }
    func put(_ error: TextFileError) { pthread_mutex_lock(&lock); pending = error; pthread_mutex_unlock(&lock) }
    func take() -> TextFileError? {
        pthread_mutex_lock(&lock)
        defer { pending = nil; pthread_mutex_unlock(&lock) }
        return pending
    }
}
