import Glibc

/// An export's bytes, read into memory of their own (an anonymous mapping): another process that truncates or
/// rewrites the file meanwhile cannot touch what is being parsed, where a mapping of the file itself would die of
/// SIGBUS on a truncation. Parts already read can be given back (`release(upTo:)`), so that importing a large export
/// does not hold the whole file and the whole model at once. `checkUnchanged` tells whether the file changed since
/// it was opened: what was read then may be a mix of two versions that the file never held.
final class ExportBytes {
    let path: String
    private let base: UnsafeMutableRawPointer?
    let count: Int
    private let descriptor: Int32
    private let opened: stat
    private let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    init(path: String) throws(ExportFileError) {
        self.path = path
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw ExportFileError(kind: .unreadable, message: "cannot open \(path): \(String(cString: strerror(errno)))")
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let error = ExportFileError(kind: .io, message: "cannot read \(path): \(String(cString: strerror(errno)))")
            close(descriptor)
            throw error
        }
        opened = status
        count = Int(status.st_size)
        do throws(ExportFileError) {
            guard (status.st_mode & S_IFMT) == S_IFREG else {
                throw ExportFileError(kind: .unreadable, message: "\(path) is not a regular file")
            }
            try Self.checkFitsInMemory(count, path: path)
            base = try Self.read(descriptor, count: count, path: path)
        } catch {
            close(descriptor)
            throw error
        }
    }

    deinit {
        if let base { munmap(base, count) }
        close(descriptor)
    }

    var bytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base, count: count)
    }

    /// Gives the memory before `offset` back to the system (the parser never reads behind itself).
    func release(upTo offset: Int) {
        guard let base else { return }
        let length = min(offset, count) / pageSize * pageSize
        if length > 0 { _ = madvise(base, length, MADV_DONTNEED) }
    }

    /// Throws unless the file still has the size and modification time it had when it was opened.
    func checkUnchanged() throws(ExportFileError) {
        var now = stat()
        guard fstat(descriptor, &now) == 0 else {
            throw ExportFileError(kind: .io, message: "cannot read \(path): \(String(cString: strerror(errno)))")
        }
        guard now.st_size == opened.st_size, now.st_mtim.tv_sec == opened.st_mtim.tv_sec, now.st_mtim.tv_nsec == opened.st_mtim.tv_nsec else {
            throw Self.changed(path)
        }
    }

    private static func changed(_ path: String) -> ExportFileError {
        ExportFileError(kind: .io, message: "\(path) changed while it was being imported: nothing was published (import it again once it is whole)")
    }

    /// An import holds up to about three times the file at its peak: a file past a third of the machine's memory
    /// (a sparse terabyte, say) is refused before any of it is read.
    private static func checkFitsInMemory(_ count: Int, path: String) throws(ExportFileError) {
        let memory = Int(sysconf(Int32(_SC_PHYS_PAGES))) * Int(sysconf(Int32(_SC_PAGESIZE)))
        guard memory <= 0 || count <= memory / 3 else {
            throw ExportFileError(kind: .io, message: "\(path) is too large to import on this machine: \(count) bytes, "
                                      + "and an import needs about three times its file in memory (\(memory) bytes here)")
        }
    }

    /// The file's `count` bytes in an anonymous mapping; nil for an empty file.
    private static func read(_ descriptor: Int32, count: Int, path: String) throws(ExportFileError) -> UnsafeMutableRawPointer? {
        guard count > 0 else { return nil }
        guard let base = mmap(nil, count, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), base != MAP_FAILED else {
            throw ExportFileError(kind: .io, message: "cannot set aside \(count) bytes for \(path): \(String(cString: strerror(errno)))")
        }
        var offset = 0
        while offset < count {
            let got = pread(descriptor, base + offset, min(count - offset, 1 << 24), off_t(offset))
            if got < 0, errno == EINTR { continue }
            guard got > 0 else {
                let error = got < 0 ? ExportFileError(kind: .io, message: "cannot read \(path): \(String(cString: strerror(errno)))") : changed(path)
                munmap(base, count)
                throw error
            }
            offset += got
        }
        return base
    }
}
