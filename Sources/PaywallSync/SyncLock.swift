import PaywallStore

/// The store's sync lock: a `FileLock` on `<store>/sync.lock`, held while the value lives, so that two
/// syncs of one store never run at once; a killed sync never leaves it held.
public final class SyncLock {
    static let fileName = "sync.lock"

    private let lock: FileLock

    private init(lock: FileLock) {
        self.lock = lock
    }

    /// Takes the lock of the store in `directory`, waiting up to `wait` for another holder to let go.
    public static func acquire(storeDirectory directory: String, wait: Duration = .zero) throws(SyncLockError) -> SyncLock {
        do {
            return SyncLock(lock: try FileLock.acquire(directory + "/" + fileName, wait: wait))
        } catch {
            switch error {
            case let .io(reason):
                throw SyncLockError(kind: .io, message: "cannot take the sync lock: \(reason)")
            case let .held(holder):
                let waited = wait == .zero ? "" : " after waiting \(wait.wholeMilliseconds / 1000) s"
                throw SyncLockError(kind: .held, message: "another sync\(holder.map { " (pid \($0))" } ?? "") holds the lock on \(directory)\(waited); "
                                        + "it ends by itself, or pass --wait SECONDS to queue behind it")
            }
        }
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
