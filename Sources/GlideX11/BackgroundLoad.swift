import Foundation
import GlideText

/// Reads a whole file on another thread while the window already shows its
/// beginning. The event loop polls `fileDescriptor`, which becomes readable when
/// the result is ready.
final class BackgroundLoad: @unchecked Sendable {
    /// How much of the file the window is showing already (UTF-8 bytes of text).
    let prefixLength: Int
    let fileDescriptor: Int32
    private let writeEnd: Int32
    private var lock = pthread_mutex_t()
    private var result: Result<LoadedText, TextFileError>?

    init(path: String, prefixLength: Int) {
        self.prefixLength = prefixLength
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        fileDescriptor = ends[0]
        writeEnd = ends[1]
        pthread_mutex_init(&lock, nil)
        Thread.detachNewThread { [self] in
            let loaded: Result<LoadedText, TextFileError>
            do throws(TextFileError) {
                loaded = .success(try TextFile.load(path: path))
            } catch {
                loaded = .failure(error)
            }
            pthread_mutex_lock(&lock)
            result = loaded
            pthread_mutex_unlock(&lock)
            var byte: UInt8 = 1
            _ = write(writeEnd, &byte, 1)
        }
    }

    deinit {
        close(fileDescriptor)
        close(writeEnd)
    }

    /// The result, waiting for it if `wait` (on quit).
    func take(wait: Bool) -> Result<LoadedText, TextFileError>? {
        if wait {
            var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, -1)
        }
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return result
    }
}
