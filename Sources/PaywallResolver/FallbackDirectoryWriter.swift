import Basics
import Glibc

/// Puts a `FallbackFileSet` on disk as a set: every file and the manifest are written and synced in a
/// temporary directory beside the target (same file system), which is then renamed into place. An
/// existing target is swapped out by `rename` and removed afterwards, so a reader sees the old set or
/// the new one, never a mix or a half-written file (at worst, for an instant, no directory).
///
/// The files are made and written one at a time, and together they may hold at most `maximumBytes`: the
/// file that would pass it is refused before it is written. The temporary and set-aside directories are named
/// after the writing process (`.NAME.tmp-PID-…`, `.NAME.old-PID-…`), so that those of a run that was killed
/// are recognised, and removed, by the next.
public enum FallbackDirectoryWriter {
    public struct WriteError: Error, CustomStringConvertible {
        public enum Kind: Sendable {
            /// The file system failed, or the target is not one to replace.
            case io
            /// The files would pass `maximumBytes`.
            case tooLarge
        }

        public let kind: Kind
        public let message: String
        public var description: String { message }

        init(_ kind: Kind = .io, message: String) {
            self.kind = kind
            self.message = message
        }
    }

    public static let manifestName = "manifest.json"

    /// What the files of a set may hold together: far past what any app bundles, short of filling a disk.
    public static let defaultMaximumBytes = 256_000_000

    /// Writes the set and returns what the manifest says of each file.
    @discardableResult
    public static func write(_ set: FallbackFileSet, to directory: String,
                             maximumBytes: Int = defaultMaximumBytes) throws(WriteError) -> [FallbackFileSet.FileSummary] {
        let target = directory.count > 1 && directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        let (parent, name) = split(target)
        guard !name.isEmpty, name != ".", name != ".." else { throw WriteError(message: "invalid output directory '\(directory)'") }
        removeLeftovers(of: name, in: parent)
        let unique = "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let temporary = "\(parent)/.\(name).tmp-\(unique)"
        guard mkdir(temporary, 0o755) == 0 else { throw failure("cannot create \(temporary)") }
        var written: [FallbackFileSet.FileSummary] = []
        do throws(WriteError) {
            var total = 0
            for file in set.files {
                let contents = file.contents
                let summary = FallbackFileSet.FileSummary(file, contents: contents)
                total += summary.bytes
                guard total <= maximumBytes else {
                    throw WriteError(.tooLarge, message: "the fallback files would pass \(byteCount(Int64(maximumBytes))), the most fallbacks writes, "
                                         + "at \(file.name) (\(written.count) of \(set.files.count) files): nothing written; "
                                         + "choose fewer locales (--locales)")
                }
                try writeFile(set: contents, to: "\(temporary)/\(file.name)")
                written.append(summary)
            }
            try writeFile(set: set.manifest(describing: written), to: "\(temporary)/\(manifestName)")
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
        return written
    }

    /// Removes the temporary and set-aside directories of `name` that runs no longer alive left in `parent`.
    private static func removeLeftovers(of name: String, in parent: String) {
        for entry in entries(of: parent) ?? [] {
            for prefix in [".\(name).tmp-", ".\(name).old-"] where entry.hasPrefix(prefix) {
                guard let pid = pid_t(entry.dropFirst(prefix.count).prefix { $0 != "-" }) else { continue }
                if kill(pid, 0) != 0 && errno == ESRCH { removeTree("\(parent)/\(entry)") }
            }
        }
    }

    /// The names in a directory, `.` and `..` left out; nil when it cannot be read.
    private static func entries(of path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// An empty directory, or one holding a manifest (an earlier set).
    private static func isReplaceable(_ path: String) -> Bool {
        if access("\(path)/\(manifestName)", F_OK) == 0 { return true }
        return entries(of: path)?.isEmpty == true
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
        for name in entries(of: path) ?? [] {
            let child = "\(path)/\(name)"
            var status = stat()
            if lstat(child, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
                removeTree(child)
            } else {
                unlink(child)
            }
        }
        rmdir(path)
    }
}
