import Foundation
@testable import PaywallSync
import Testing

/// The store's sync lock within one process (each acquisition opens the file anew, so two of them
/// conflict as two processes would). A killed holder is tested through the CLI.
@Suite(.serialized) final class SyncLockTests {
    let directory: String

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("paywalls-lock-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    @Test func aHeldLockTurnsTheNextAwayAtOnceNamingTheHolder() throws {
        var held: SyncLock? = try SyncLock.acquire(storeDirectory: directory)
        let started = Date()
        #expect(throws: SyncLockError(kind: .held, message: "another sync (pid \(getpid())) holds the lock on \(directory); "
                                      + "it ends by itself, or pass --wait SECONDS to queue behind it")) {
            try SyncLock.acquire(storeDirectory: directory)
        }
        #expect(Date().timeIntervalSince(started) < 1)
        #expect(held != nil)
        held = nil
        // Released with the value. A child that another test forks at that moment holds a copy of the
        // descriptor until its exec closes it, and the lock with it: a moment's wait covers that.
        _ = try SyncLock.acquire(storeDirectory: directory, wait: .seconds(5))
    }

    @Test func waitingQueuesBehindTheHolder() throws {
        nonisolated(unsafe) var held: SyncLock? = try SyncLock.acquire(storeDirectory: directory)
        let release = Thread {
            Thread.sleep(forTimeInterval: 0.3)
            held = nil
        }
        release.start()
        let started = Date()
        _ = try SyncLock.acquire(storeDirectory: directory, wait: .seconds(10))
        let waited = Date().timeIntervalSince(started)
        #expect(waited >= 0.2 && waited < 5)
        #expect(held == nil)
    }

    @Test func waitingGivesUpAfterItsTime() throws {
        let held = try SyncLock.acquire(storeDirectory: directory)
        let started = Date()
        #expect(throws: SyncLockError.self) { try SyncLock.acquire(storeDirectory: directory, wait: .milliseconds(400)) }
        #expect(Date().timeIntervalSince(started) >= 0.35)
        withExtendedLifetime(held) {}
    }

    @Test func aStoreDirectoryThatIsNotThereIsAnIOError() {
        #expect { try SyncLock.acquire(storeDirectory: directory + "/missing") } throws: { error in
            (error as? SyncLockError)?.kind == .io && "\(error)".contains("No such file or directory")
        }
    }
}
