import CCurl

/// Collects a response for libcurl's callbacks: the body, with the size cap checked as bytes arrive,
/// and the headers of the last response (a redirect's headers are dropped when the next one starts).
final class ResponseSink {
    private let limit: Int64
    private(set) var body: [UInt8] = []
    private(set) var exceededLimit = false
    private var headers: [String: String] = [:]

    init(limit: Int64) {
        self.limit = limit
    }

    func header(_ name: String) -> String? {
        headers[name]
    }

    /// CURLOPT_WRITEFUNCTION: returning less than given aborts the transfer.
    static let receiveBody: ccurl_data_callback = { data, size, count, context in
        let sink = Unmanaged<ResponseSink>.fromOpaque(context!).takeUnretainedValue()
        let length = size * count
        guard Int64(sink.body.count) + Int64(length) <= sink.limit else {
            sink.exceededLimit = true
            return 0
        }
        if let data { sink.body.append(contentsOf: UnsafeRawBufferPointer(start: data, count: length)) }
        return length
    }

    /// CURLOPT_HEADERFUNCTION: one header line per call, status lines included.
    static let receiveHeader: ccurl_data_callback = { data, size, count, context in
        let sink = Unmanaged<ResponseSink>.fromOpaque(context!).takeUnretainedValue()
        let length = size * count
        guard let data else { return length }
        let line = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            sink.headers.removeAll()
        } else if let colon = line.firstIndex(of: ":") {
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: " \t\r\n")
            sink.headers[name] = value
        }
        return length
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
