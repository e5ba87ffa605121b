import Glibc

/// Who holds a store's write lock, for the message of the one turned away. In WAL mode SQLite takes
/// that lock as a POSIX lock on byte 120 of the `-shm` file (WAL_WRITE_LOCK), and Linux lists such
/// locks with their owner's pid in /proc/locks. Read there rather than asked with fcntl: opening and
/// closing the `-shm` file here would drop this process's own SQLite locks on it.
enum StoreWriter {
    static let writeLockByte = 120

    /// "pid 4242, paywalls", or nil when no other process holds the lock (any longer) or none can be told.
    static func describe(databasePath: String) -> String? {
        var status = stat()
        guard stat(databasePath + "-shm", &status) == 0, let locks = contents(of: "/proc/locks") else { return nil }
        // As /proc/locks names a file: major and minor device numbers in hex, then the inode.
        let device = UInt64(status.st_dev)
        let major = (device >> 8) & 0xFFF | (device >> 32) & ~0xFFF, minor = device & 0xFF | (device >> 12) & ~0xFF
        let file = "\(hex(major)):\(hex(minor)):\(status.st_ino)"
        for line in locks.split(separator: "\n") {
            // "1: POSIX  ADVISORY  WRITE 4242 fe:00:1234 120 120"; a waiter's line has a "->" more.
            let fields = line.split(separator: " ")
            guard fields.count == 8, fields[1] == "POSIX", fields[3] == "WRITE", fields[5] == file,
                  let pid = Int32(fields[4]), pid != getpid(), let first = Int(fields[6]), first <= writeLockByte,
                  fields[7] == "EOF" || Int(fields[7]).map({ $0 >= writeLockByte }) == true else { continue }
            guard let name = contents(of: "/proc/\(pid)/comm")?.split(separator: "\n").first else { return "pid \(pid)" }
            return "pid \(pid), \(name)"
        }
        return nil
    }

    private static func hex(_ number: UInt64) -> String {
        let digits = String(number, radix: 16)
        return digits.count < 2 ? "0" + digits : digits
    }

    /// A file of /proc, whose size stat does not tell: read to its end.
    private static func contents(of path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while case let count = fread(&buffer, 1, buffer.count, file), count > 0 {
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
