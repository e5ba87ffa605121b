import Glibc

/// Reads a whole (small) file as text; the error names the file and the system's reason.
func readTextFile(atPath path: String) throws(CommandFailure) -> String {
    let fileDescriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard fileDescriptor >= 0 else {
        throw CommandFailure(exitCode: .noInput, message: "cannot open \(path): \(String(cString: strerror(errno)))")
    }
    defer { close(fileDescriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 14)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        guard count >= 0 else {
            throw CommandFailure(exitCode: .ioError, message: "cannot read \(path): \(String(cString: strerror(errno)))")
        }
        if count == 0 { break }
        bytes.append(contentsOf: chunk[..<count])
    }
    return String(decoding: bytes, as: UTF8.self)
}

func fileExists(atPath path: String) -> Bool {
    access(path, F_OK) == 0
}
