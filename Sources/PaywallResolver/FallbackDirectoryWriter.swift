import Basics
import Glibc

/// Puts a `FallbackFileSet` on disk as a set: every file and the manifest are written and synced in a
/// temporary directory beside the target (same file system), which is then renamed into place. An
/// existing target is swapped out by `rename` and removed afterwards, so a reader sees the old set or
/// the new one, never a mix or a half-written file (at worst, for an instant, no directory).
public enum FallbackDirectoryWriter {
    public struct WriteError: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    public static let manifestName = "manifest.json"

    public static func write(_ set: FallbackFileSet, to directory: String) throws(WriteError) {
        let target = directory.count > 1 && directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        let (parent, name) = split(target)
        guard !name.isEmpty, name != ".", name != ".." else { throw WriteError(message: "invalid output directory '\(directory)'") }
        let unique = "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let temporary = "\(parent)/.\(name).tmp-\(unique)"
        guard mkdir(temporary, 0o755) == 0 else { throw failure("cannot create \(temporary)") }
        do throws(WriteError) {
            for file in set.files {
                try writeFile(set: file.contents, to: "\(temporary)/\(file.name)")
            }
            try writeFile(set: set.manifest, to: "\(temporary)/\(manifestName)")
            try syncDirectory(temporary)
            var existing = stat()
            if lstat(target, &existing) == 0 {
                guard existing.st_mode & S_IFMT == S_IFDIR else { throw WriteError(message: "\(target) exists and is not a directory") }
                // Replacing removes the old set: never a directory this writer did not make, lest a
                // mistyped --out take the user's files with it.
                guard isReplaceable(target) else {
                    throw WriteError(message: "\(target) is neither empty nor an earlier fallbacks output (no \(manifestName)): choose another --out")
                }
                let old = "\(parent)/.\(name).old-\(unique)"
                guard rename(target, old) == 0 else { throw failure("cannot move \(target) aside") }
                guard rename(temporary, target) == 0 else {
                    let error = failure("cannot rename \(temporary) to \(target)")
                    _ = rename(old, target)
                    throw error
                }
                removeTree(old)
            } else {
                guard rename(temporary, target) == 0 else { throw failure("cannot rename \(temporary) to \(target)") }
            }
            try syncDirectory(parent)
        } catch {
            removeTree(temporary)
            throw error
        }
    }

    /// An empty directory, or one holding a manifest (an earlier set).
    private static func isReplaceable(_ path: String) -> Bool {
        if access("\(path)/\(manifestName)", F_OK) == 0 { return true }
        guard let directory = opendir(path) else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { return false }
        }
        return true
    }

    private static func split(_ path: String) -> (parent: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let parent = String(path[..<slash])
        return (parent.isEmpty ? "/" : parent, String(path[path.index(after: slash)...]))
    }

    private static func failure(_ what: String) -> WriteError {
        WriteError(message: "\(what): \(String(cString: strerror(errno)))")
    }

    private static func writeFile(set contents: String, to path: String) throws(WriteError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure("cannot create \(path)") }
        defer { close(descriptor) }
        var contents = contents
        let written = contents.withUTF8 { bytes in Result { () throws(WriteFailure) in try writeAll(UnsafeRawBufferPointer(bytes), to: descriptor) } }
        if case let .failure(problem) = written { throw WriteError(message: "cannot write \(path): \(problem)") }
        guard fsync(descriptor) == 0 else { throw failure("cannot sync \(path)") }
    }

    private static func syncDirectory(_ path: String) throws(WriteError) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("cannot open \(path)") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw failure("cannot sync \(path)") }
    }

    /// Removes a directory this writer made (regular files one level deep) or moved aside.
    private static func removeTree(_ path: String) {
        guard let directory = opendir(path) else { return }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let child = "\(path)/\(name)"
            var status = stat()
            if lstat(child, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
                removeTree(child)
            } else {
                unlink(child)
            }
        }
        closedir(directory)
        rmdir(path)
    }
}
