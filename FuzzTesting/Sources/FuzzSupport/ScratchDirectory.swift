#if canImport(Glibc)
import Glibc
#endif

/// A fresh directory for what a target keeps on disk while it runs (a store, an events database), under `$TMPDIR`
/// (scripts/fuzz points it at memory, /dev/shm, where a commit's fsync costs nothing) or /tmp. scripts/fuzz removes
/// the parent after the run; a target that crashed leaves its directory for a look.
public func scratchDirectory(_ name: String) -> String {
    let parent = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = Array("\(parent)/\(name)-XXXXXX".utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
        fatalError("cannot make a directory in \(parent): \(String(cString: strerror(errno)))")
    }
    return String(cString: made)
}

/// A file of the repository, read whole: the sample data a target starts from. `path` is relative to the
/// repository's root, found from this source file.
public func repositoryFile(_ path: String) -> [UInt8] {
    let root = String(#filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(4).joined(separator: "/"))
    let full = root + "/" + path
    guard let file = fopen(full, "rb") else { fatalError("cannot open \(full): \(String(cString: strerror(errno)))") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count == 0 { break }
        bytes += buffer[..<count]
    }
    return bytes
}
