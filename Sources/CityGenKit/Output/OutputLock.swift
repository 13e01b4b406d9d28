import Foundation

/// One build at a time in an output folder (SPEC §8): a POSIX write lock on `.citygen-lock` in the folder, held
/// while the build runs and released when the process ends, however it ends.
final class OutputLock: Sendable {
    static let fileName = SiteLayout.bookkeepingPrefix + "-lock"
    private let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { close(descriptor) }

    /// Takes the lock of `folder` (which must exist); when another process holds it, waits or throws `outputLocked`.
    static func acquire(in folder: URL, wait: Bool) throws -> OutputLock {
        let path = folder.appendingPathComponent(fileName).path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw CityGenError.writeFailed(path: path, reason: String(cString: strerror(errno))) }
        var lock = wholeFile
        while fcntl(descriptor, wait ? F_SETLKW : F_SETLK, &lock) != 0 {
            if errno == EINTR { continue }
            let error = errno
            let pid = holder(of: descriptor)
            close(descriptor)
            guard error == EACCES || error == EAGAIN else { throw CityGenError.writeFailed(path: path, reason: String(cString: strerror(error))) }
            throw CityGenError.outputLocked(path: folder.path, pid: pid)
        }
        return OutputLock(descriptor: descriptor)
    }

    /// Whether another process's build holds the lock of `folder` now (false when the folder or its lock file is
    /// missing, or not a file).
    static func isHeld(in folder: URL) -> Bool {
        let descriptor = open(folder.appendingPathComponent(fileName).path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        return holder(of: descriptor) != nil
    }

    /// A write lock of the whole file, as a build takes it.
    private static var wholeFile: flock {
        var lock = flock()
        lock.l_type = Int16(F_WRLCK)
        lock.l_whence = Int16(SEEK_SET)
        return lock
    }

    /// The process of another build holding the lock of the file open at `descriptor`, if one does.
    private static func holder(of descriptor: Int32) -> Int? {
        var lock = wholeFile
        return fcntl(descriptor, F_GETLK, &lock) == 0 && lock.l_type != Int16(F_UNLCK) ? Int(lock.l_pid) : nil
    }
}
