import Basics
import CCurl
import Glibc

/// Collects a response for libcurl's callbacks: the body goes straight to a file, with the size cap
/// checked as bytes arrive, and the headers of the last response are kept (a redirect's headers are
/// dropped when the next one starts).
final class ResponseSink {
    private let limit: Int64
    private let fileDescriptor: Int32
    /// The file the body goes to, for messages.
    let path: String
    private let progress: TransferProgress?
    private(set) var byteCount: Int64 = 0
    private(set) var exceededLimit = false
    /// The errno of a failed write of the body (a full disk, say).
    private(set) var writeError: Int32?
    private var headers: [String: String] = [:]
    /// Whether a 200's body is checked to be a JSON object, and what it showed of it so far.
    private let checksShape: Bool
    private var status = 0
    private(set) var shape = BodyShape()
    /// A 200's first byte showed it is not an object: the transfer was stopped there.
    private(set) var refusedShape = false

    init(limit: Int64, fileDescriptor: Int32, path: String, progress: TransferProgress?, checksShape: Bool = false) {
        self.limit = limit
        self.fileDescriptor = fileDescriptor
        self.path = path
        self.progress = progress
        self.checksShape = checksShape
    }

    /// Why the last response's body is not a JSON object, when it was a 200 that had to be one.
    var shapeProblem: String? {
        guard checksShape, status == 200 else { return nil }
        return refusedShape ? BodyShape.startProblem : shape.endProblem
    }

    func header(_ name: String) -> String? {
        headers[name]
    }

    var reportsProgress: Bool { progress != nil }

    /// The last response as received so far, with `status`; validators that cannot be sent back are left out.
    func response(status: Int) -> TransferResponse {
        TransferResponse(status: status, bodyBytes: byteCount, entityTag: CacheValidator.usable(header("etag")),
                         lastModified: CacheValidator.usable(header("last-modified")), contentType: header("content-type"),
                         retryAfterSeconds: header("retry-after").flatMap { RetryAfter.seconds($0) })
    }

    /// Redirect and error bodies are written too: the file holds the last response's body only.
    func startResponse(statusLine: String) {
        headers.removeAll()
        status = statusLine.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        shape = BodyShape()
        byteCount = 0
        _ = ftruncate(fileDescriptor, 0)
        _ = lseek(fileDescriptor, 0, SEEK_SET)
    }

    private func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        do {
            try writeAll(bytes, to: fileDescriptor)
        } catch {
            writeError = error.code
            return false
        }
        byteCount += Int64(bytes.count)
        return true
    }

    private static func sink(_ context: UnsafeMutableRawPointer?) -> ResponseSink {
        Unmanaged<ResponseSink>.fromOpaque(context!).takeUnretainedValue()
    }

    /// CURLOPT_WRITEFUNCTION: returning less than given aborts the transfer.
    static let receiveBody: ccurl_data_callback = { data, size, count, context in
        let sink = sink(context)
        let length = size * count
        guard sink.byteCount + Int64(length) <= sink.limit else {
            sink.exceededLimit = true
            return 0
        }
        guard let data, length > 0 else { return length }
        let bytes = UnsafeRawBufferPointer(start: data, count: length)
        if sink.checksShape, sink.status == 200, !sink.shape.take(bytes) {
            sink.refusedShape = true
            return 0
        }
        return sink.write(bytes) ? length : 0
    }

    /// CURLOPT_HEADERFUNCTION: one header line per call, status lines included.
    static let receiveHeader: ccurl_data_callback = { data, size, count, context in
        let sink = sink(context)
        let length = size * count
        guard let data else { return length }
        let line = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            sink.startResponse(statusLine: line)
        } else if let colon = line.firstIndex(of: ":") {
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: " \t\r\n")
            sink.headers[name] = value
        }
        return length
    }

    /// CURLOPT_XFERINFOFUNCTION: reports bytes received and, when the server said, expected.
    static let reportProgress: ccurl_progress_callback = { context, total, now, _, _ in
        let sink = sink(context)
        sink.progress?(Int64(now), total > 0 ? Int64(total) : nil)
        return 0
    }
}

/// Called now and then during a download with the bytes received so far and, when known, the total.
public typealias TransferProgress = (_ received: Int64, _ expected: Int64?) -> Void

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
