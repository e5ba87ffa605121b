import Glibc

/// A file mapped read-only into memory. Parts already read can be given back (`release(upTo:)`), so
/// that importing a large export never holds the whole file and the whole model at once: the pages
/// are the file's own, and the kernel reads them again should they be touched later.
final class MappedFile {
    let path: String
    private let base: UnsafeMutableRawPointer?
    let count: Int
    private let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    init(path: String) throws(ExportFileError) {
        self.path = path
        let fileDescriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard fileDescriptor >= 0 else {
            throw ExportFileError(kind: .unreadable, message: "cannot open \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fileDescriptor) }
        var status = stat()
        guard fstat(fileDescriptor, &status) == 0 else {
            throw ExportFileError(kind: .io, message: "cannot read \(path): \(String(cString: strerror(errno)))")
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw ExportFileError(kind: .unreadable, message: "\(path) is not a regular file")
        }
        count = Int(status.st_size)
        guard count > 0 else {
            base = nil
            return
        }
        let mapped = mmap(nil, count, PROT_READ, MAP_PRIVATE, fileDescriptor, 0)
        guard let mapped, mapped != MAP_FAILED else {
            throw ExportFileError(kind: .io, message: "cannot map \(path): \(String(cString: strerror(errno)))")
        }
        base = mapped
        _ = madvise(mapped, count, MADV_SEQUENTIAL)
    }

    deinit {
        if let base { munmap(base, count) }
    }

    var bytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base, count: count)
    }

    /// Lets the kernel drop the pages before `offset` from memory.
    func release(upTo offset: Int) {
        guard let base else { return }
        let length = min(offset, count) / pageSize * pageSize
        if length > 0 { _ = madvise(base, length, MADV_DONTNEED) }
    }
}
