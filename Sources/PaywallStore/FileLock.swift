import Glibc

/// An exclusive `flock` on a file, held while the value lives. The kernel drops it when the holder
/// exits, however it exits, so a killed holder never leaves a lock that blocks the next one. The file
/// holds the holder's pid, for the message of the one turned away.
public final class FileLock {
    public enum Failure: Error, Sendable, Equatable {
        /// Another process held it for all of the wait; its pid when the file tells.
        case held(holder: Int32?)
        /// The file cannot be opened or locked: the reason.
        case io(String)
    }

    private static let pollInterval: Duration = .milliseconds(5)
    private let fileDescriptor: Int32

    private init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    deinit {
        close(fileDescriptor)
    }

    /// Takes the lock on `path` (created when missing), waiting up to `wait` for another holder to let go.
    public static func acquire(_ path: String, wait: Duration) throws(Failure) -> FileLock {
        let fileDescriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fileDescriptor >= 0 else { throw .io("cannot open \(path): \(String(cString: strerror(errno)))") }
        let deadline = ContinuousClock.now + wait
        while flock(fileDescriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                let reason = String(cString: strerror(errno))
                close(fileDescriptor)
                throw .io("cannot lock \(path): \(reason)")
            }
            let remaining = deadline - .now
            guard remaining > .zero else {
                let holder = holderPID(fileDescriptor)
                close(fileDescriptor)
                throw .held(holder: holder)
            }
            pause(min(pollInterval, remaining))
        }
        let pid = "\(getpid())\n"
        _ = ftruncate(fileDescriptor, 0)
        _ = pwrite(fileDescriptor, pid, pid.utf8.count, 0)
        return FileLock(fileDescriptor: fileDescriptor)
    }

    private static func holderPID(_ fileDescriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = pread(fileDescriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        var text = String(decoding: buffer[..<count], as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return Int32(text)
    }

    private static func pause(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        _ = nanosleep(&request, nil)
    }
}
