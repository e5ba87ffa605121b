import Foundation

/// Another program (Python's sqlite3) holding a database's write lock, as a second writer would, until the
/// value is let go of or `seconds` pass.
final class SQLiteWriteLock {
    private let holder = Process()

    /// Returns once the lock is held.
    init(_ path: String, seconds: Int) throws {
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        holder.arguments = ["-c", """
            import sqlite3, sys, time
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute("BEGIN IMMEDIATE")
            print("locked", flush=True)
            time.sleep(int(sys.argv[2]))
            """, path, String(seconds)]
        let output = Pipe()
        holder.standardOutput = output
        try holder.run()
        _ = output.fileHandleForReading.availableData  // "locked"
    }

    deinit {
        holder.terminate()
        holder.waitUntilExit()
    }
}
