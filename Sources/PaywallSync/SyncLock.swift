import Glibc

/// The store's sync lock: an exclusive `flock` on `<store>/sync.lock`, held while the value lives.
/// The kernel drops it when the holder exits, however it exits, so a killed sync never leaves a lock
/// that blocks the next run. The file holds the holder's pid, for the message of the one turned away.
public final class SyncLock {
    static let fileName = "sync.lock"
    private static let pollInterval: Duration = .milliseconds(50)

    private let fileDescriptor: Int32

    private init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    deinit {
        close(fileDescriptor)
    }

    /// Takes the lock of the store in `directory`, waiting up to `wait` for another holder to let go.
    public static func acquire(storeDirectory directory: String, wait: Duration = .zero) throws(SyncLockError) -> SyncLock {
        let path = directory + "/" + fileName
        let fileDescriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fileDescriptor >= 0 else {
            throw SyncLockError(kind: .io, message: "cannot open the sync lock \(path): \(String(cString: strerror(errno)))")
        }
        let deadline = Deadline(after: wait)
        while flock(fileDescriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                let reason = String(cString: strerror(errno))
                close(fileDescriptor)
                throw SyncLockError(kind: .io, message: "cannot lock \(path): \(reason)")
            }
            guard !deadline.hasPassed else {
                let holder = holderDescription(fileDescriptor)
                close(fileDescriptor)
                let waited = wait == .zero ? "" : " after waiting \(wait.wholeMilliseconds / 1000) s"
                throw SyncLockError(kind: .held, message: "another sync\(holder) holds the lock on \(directory)\(waited); "
                                        + "it ends by itself, or pass --wait SECONDS to queue behind it")
            }
            sleep(for: min(pollInterval, deadline.remaining))
        }
        let pid = "\(getpid())\n"
        _ = ftruncate(fileDescriptor, 0)
        _ = pwrite(fileDescriptor, pid, pid.utf8.count, 0)
        return SyncLock(fileDescriptor: fileDescriptor)
    }

    private static func holderDescription(_ fileDescriptor: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = pread(fileDescriptor, &buffer, buffer.count, 0)
        guard count > 0, let pid = Int32(String(decoding: buffer[..<count], as: UTF8.self).trimmingNewline) else { return "" }
        return " (pid \(pid))"
    }
}

public struct SyncLockError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// Another process holds the lock.
        case held
        case io
    }

    public let kind: Kind
    public let message: String

    public var description: String { message }
}

extension String {
    fileprivate var trimmingNewline: String {
        hasSuffix("\n") ? String(dropLast()) : self
    }
}
