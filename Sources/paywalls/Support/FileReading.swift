import Basics
import Glibc

/// Reads a file descriptor to its end in large chunks, retrying interrupted reads; `name` says what
/// is being read in the error.
func forEachChunk(of fileDescriptor: Int32, named name: String,
                  _ body: (UnsafeRawBufferPointer) throws(CommandFailure) -> Void) throws(CommandFailure) {
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        guard count >= 0 else {
            throw CommandFailure(exitCode: .ioError, message: "cannot read \(name): \(String(cString: strerror(errno)))")
        }
        if count == 0 { return }
        try chunk.withUnsafeBytes { bytes in
            Result { () throws(CommandFailure) in try body(UnsafeRawBufferPointer(rebasing: bytes[..<count])) }
        }.get()
    }
}

/// The most `readFile` takes: the files it reads (sync configs, locale policies, password files, locale lists) are
/// small, and a larger one (a sparse file of a terabyte, say) is refused before memory is set aside for it.
let maximumReadFileBytes = 16_000_000

/// Reads a whole file of at most `maximumReadFileBytes`; the error names the file and the system's reason.
func readFile(atPath path: String) throws(CommandFailure) -> [UInt8] {
    let fileDescriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard fileDescriptor >= 0 else {
        throw CommandFailure(exitCode: .noInput, message: "cannot open \(path): \(String(cString: strerror(errno)))")
    }
    defer { close(fileDescriptor) }
    let tooLarge = CommandFailure(exitCode: .dataError, message: "\(path) is larger than \(byteCount(Int64(maximumReadFileBytes)))")
    var bytes: [UInt8] = []
    var status = stat()
    if fstat(fileDescriptor, &status) == 0 {
        guard status.st_size <= maximumReadFileBytes else { throw tooLarge }
        bytes.reserveCapacity(Int(status.st_size))
    }
    // A file that says nothing of its size (a pipe) is bounded as it is read.
    try forEachChunk(of: fileDescriptor, named: path) { chunk throws(CommandFailure) in
        guard bytes.count + chunk.count <= maximumReadFileBytes else { throw tooLarge }
        bytes.append(contentsOf: chunk)
    }
    return bytes
}

/// Reads a whole (small) file as text.
func readTextFile(atPath path: String) throws(CommandFailure) -> String {
    String(decoding: try readFile(atPath: path), as: UTF8.self)
}

func fileExists(atPath path: String) -> Bool {
    access(path, F_OK) == 0
}
