import Foundation

/// A TCP server on loopback (Python) that takes every connection and never sends a byte, as a database server that
/// has stopped answering does, until the value is let go of.
final class SilentServer {
    private let holder = Process()
    let port: UInt16

    /// Returns once it listens.
    init() throws {
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        holder.arguments = ["-c", """
            import socket
            server = socket.socket()
            server.bind(("127.0.0.1", 0))
            server.listen(64)
            print(server.getsockname()[1], flush=True)
            held = []
            while True:
                held.append(server.accept()[0])
            """]
        let output = Pipe()
        holder.standardOutput = output
        try holder.run()
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        guard let port = UInt16(line.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(holder.processIdentifier, SIGKILL)
            throw CocoaError(.fileReadCorruptFile)
        }
        self.port = port
    }

    deinit {
        // SIGKILL: a child of Foundation's Process may start with SIGTERM blocked.
        kill(holder.processIdentifier, SIGKILL)
        holder.waitUntilExit()
    }
}
