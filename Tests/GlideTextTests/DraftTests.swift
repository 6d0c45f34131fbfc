import Dispatch
import Testing
@testable import GlideText

#if canImport(Glibc)
import Glibc
#endif

@Suite("The draft and autosave")
struct DraftTests {
    @Test("the draft lives under XDG_DATA_HOME, else ~/.local/share")
    func location() {
        #expect(DraftLocation(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"]).path
                == "/data/glidepad/draft.txt")
        #expect(DraftLocation(environment: ["HOME": "/home/u"]).path == "/home/u/.local/share/glidepad/draft.txt")
        // A relative XDG_DATA_HOME is invalid per the spec and ignored.
        #expect(DraftLocation(environment: ["XDG_DATA_HOME": "rel", "HOME": "/h"]).folder == "/h/.local/share/glidepad")
    }

    @Test("autosave waits for a pause but never lets unsaved typing get older than the maximum delay")
    func schedule() {
        var schedule = AutosaveSchedule(quietDelay: 0.3, maximumDelay: 0.8)
        #expect(schedule.dueTime == nil)
        schedule.noteEdit(at: 10.0)
        #expect(schedule.dueTime == 10.3)
        // Non-stop typing every 0.1 s: due at first edit + 0.8, not postponed forever.
        var t = 10.0
        while t < 12 {
            t += 0.1
            schedule.noteEdit(at: t)
        }
        #expect(schedule.dueTime == 10.8)
        schedule.noteSnapshotTaken()
        #expect(schedule.dueTime == nil)
        schedule.noteWriteFailed(at: 13)
        #expect(schedule.dueTime == 13.3)
    }

    @Test("simulated typing: at any moment, unsaved edits are at most the maximum delay old")
    func scheduleBoundsLoss() {
        var random = SeededRandom(seed: 4)
        var schedule = AutosaveSchedule()
        var now = 0.0
        var oldestUnsaved: Double?
        for _ in 0..<5000 {
            now += Double.random(in: 0.01...0.4, using: &random)
            if let due = schedule.dueTime, due <= now {
                // The event loop wakes at `due`; everything typed by then is saved.
                schedule.noteSnapshotTaken()
                oldestUnsaved = nil
            }
            schedule.noteEdit(at: now)
            if oldestUnsaved == nil { oldestUnsaved = now }
            #expect(schedule.dueTime! - oldestUnsaved! <= schedule.maximumDelay + 1e-9)
        }
    }

    @Test("the background writer puts the newest snapshot on disk atomically")
    func backgroundWriter() throws {
        let folder = TemporaryFolder()
        let writer = BackgroundFileWriter(path: folder.file("draft.txt"))
        var document = Document()
        for i in 0..<50 {
            document.insertText("line \(i)\n")
            writer.write(document.text, format: document.format)
        }
        writer.waitUntilIdle()
        #expect(readBytes(folder.file("draft.txt")) == Array(document.text.string.utf8))
        #expect(listFolder(folder.path) == ["draft.txt"])
    }

    @Test("a failed background write is reported, not swallowed")
    func backgroundWriterFailure() {
        let writer = BackgroundFileWriter(path: "/nonexistent-folder/draft.txt")
        let reported = ErrorBox()
        writer.write(TextStorage("x"), format: TextFileFormat()) { reported.set($0) }
        writer.waitUntilIdle()
        #expect(reported.value != nil)
    }
}

final class ErrorBox: @unchecked Sendable {
    private let lock = DispatchQueue(label: "error-box")
    private var stored: TextFileError?
    func set(_ error: TextFileError?) { lock.sync { stored = error } }
    var value: TextFileError? { lock.sync { stored } }
}
