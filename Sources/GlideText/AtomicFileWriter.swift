#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Replaces a file so that, at every instant, it holds either all of its old bytes or
/// all of its new ones — a crash, a full disk or a kill mid-save cannot leave half a
/// file. Steps: resolve symlinks; write a temporary file in the same folder with the
/// target's permissions; fsync; close; rename over the target; fsync the folder.
/// Any failure removes the temporary file and leaves the target untouched.
public struct AtomicFileWriter: Sendable {
    public let path: String
    public var operations: FileOperations

    public init(path: String, operations: FileOperations = .system) {
        self.path = path
        self.operations = operations
    }

    /// Buffers writes into 1 MiB system calls.
    public struct Sink {
        fileprivate let fd: Int32
        fileprivate let operations: FileOperations
        fileprivate let path: String
        fileprivate var buffer: [UInt8] = []

        public mutating func append(_ bytes: [UInt8]) throws(TextFileError) {
            buffer.append(contentsOf: bytes)
            if buffer.count >= 1 << 20 { try flush() }
        }

        public mutating func append(_ text: Substring) throws(TextFileError) {
            buffer.append(contentsOf: text.utf8)
            if buffer.count >= 1 << 20 { try flush() }
        }

        fileprivate mutating func flush() throws(TextFileError) {
            var written = 0
            while written < buffer.count {
                let n = buffer.withUnsafeBytes {
                    operations.write(fd, UnsafeRawBufferPointer(rebasing: $0[written...]))
                }
                if n < 0 {
                    if errno == EINTR { continue }
                    throw .saveFailed(path: path, step: "writing", reason: systemErrorDescription())
                }
                if n == 0 {
                    throw .saveFailed(path: path, step: "writing", reason: systemErrorDescription(ENOSPC))
                }
                written += n
            }
            buffer.removeAll(keepingCapacity: true)
        }
    }

    public func write(_ body: (inout Sink) throws(TextFileError) -> Void) throws(TextFileError) {
        let target = AtomicFileWriter.resolvedTarget(path)
        let folder = AtomicFileWriter.folder(of: target)

        var existing = stat()
        let exists = lstat(target, &existing) == 0
        if exists && (existing.st_mode & S_IFMT) != S_IFREG {
            throw .saveFailed(path: path, step: "checking the target", reason: "it is not a regular file")
        }
        // A new file gets 0666 less the umask, as any editor's would.
        let mode: mode_t = exists ? existing.st_mode & 0o7777 : 0o666

        var temporary = ""
        var fd: Int32 = -1
        for _ in 0..<16 {
            let suffix = String(UInt32.random(in: 0...UInt32.max), radix: 36)
            temporary = folder + "/." + AtomicFileWriter.baseName(of: target) + ".glidepad-" + suffix
            fd = operations.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
            if fd >= 0 || errno != EEXIST { break }
        }
        if fd < 0 {
            throw .saveFailed(path: path, step: "creating a temporary file in \(folder)", reason: systemErrorDescription())
        }
        var closed = false
        do throws(TextFileError) {
            if exists {
                // Keep permission bits exactly (the umask applied at creation) and, where
                // allowed, the owner; a failed chown is not worth refusing a save for.
                _ = fchmod(fd, mode)
                _ = fchown(fd, existing.st_uid, existing.st_gid)
            }
            var sink = Sink(fd: fd, operations: operations, path: path)
            try body(&sink)
            try sink.flush()
            if operations.fsync(fd) != 0 {
                throw .saveFailed(path: path, step: "flushing to disk", reason: systemErrorDescription())
            }
            closed = true
            if operations.close(fd) != 0 {
                throw .saveFailed(path: path, step: "closing", reason: systemErrorDescription())
            }
            if operations.rename(temporary, target) != 0 {
                throw .saveFailed(path: path, step: "replacing the file", reason: systemErrorDescription())
            }
        } catch {
            if !closed { _ = operations.close(fd) }
            _ = unlink(temporary)
            throw error
        }
        // Make the rename itself durable. Some file systems refuse fsync on a folder
        // (EINVAL); the new contents are already in place, so that is not an error.
        let folderFD = Glibc.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderFD >= 0 {
            _ = operations.fsync(folderFD)
            _ = Glibc.close(folderFD)
        }
    }

    /// Follows symlinks so that saving through a link updates the file it points to.
    static func resolvedTarget(_ path: String) -> String {
        if let real = realpath(path, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        // The file does not exist yet: resolve its folder instead.
        let folder = folder(of: path)
        if let real = realpath(folder, nil) {
            defer { free(real) }
            return String(cString: real) + "/" + baseName(of: path)
        }
        return path
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    static func baseName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
