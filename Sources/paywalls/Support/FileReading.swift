import Glibc

/// Reads a file descriptor to its end in large chunks, retrying interrupted reads; `name` says what
/// is being read in the error.
func forEachChunk(of fileDescriptor: Int32, named name: String, _ body: (UnsafeRawBufferPointer) -> Void) throws(CommandFailure) {
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        guard count >= 0 else {
            throw CommandFailure(exitCode: .ioError, message: "cannot read \(name): \(String(cString: strerror(errno)))")
        }
        if count == 0 { return }
        chunk.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
    }
}

/// Reads a whole file; the error names the file and the system's reason.
func readFile(atPath path: String) throws(CommandFailure) -> [UInt8] {
    let fileDescriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard fileDescriptor >= 0 else {
        throw CommandFailure(exitCode: .noInput, message: "cannot open \(path): \(String(cString: strerror(errno)))")
    }
    defer { close(fileDescriptor) }
    var bytes: [UInt8] = []
    var status = stat()
    if fstat(fileDescriptor, &status) == 0 { bytes.reserveCapacity(Int(status.st_size)) }
    try forEachChunk(of: fileDescriptor, named: path) { bytes.append(contentsOf: $0) }
    return bytes
}

/// Reads a whole (small) file as text.
func readTextFile(atPath path: String) throws(CommandFailure) -> String {
    String(decoding: try readFile(atPath: path), as: UTF8.self)
}

func fileExists(atPath path: String) -> Bool {
    access(path, F_OK) == 0
}
