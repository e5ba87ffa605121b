import CMicroHTTPD

/// The C functions libmicrohttpd calls, all on the connection's thread. `server` is the retained
/// `HTTPServer`; each request's context is its retained `Exchange`, from its request line to its end.
enum DaemonCallbacks {
    /// The request line has arrived: the target as sent, before libmicrohttpd splits or decodes it.
    static let start: cmhd_request_started = { server, target, _ in
        let exchange = Exchange(target: target.map { String(cString: $0) } ?? "")
        Unmanaged<HTTPServer>.fromOpaque(server!).takeUnretainedValue().requestsInFlight.add(1, ordering: .relaxed)
        return Unmanaged.passRetained(exchange).toOpaque()
    }

    /// Called once with the head (no upload), once per piece of body, and once when the body is in.
    static let handle: MHD_AccessHandlerCallback = { server, connection, _, method, version, upload, uploadSize, context in
        guard let server, let connection, let context = context?.pointee, let uploadSize else { return .NO }
        let exchange = Unmanaged<Exchange>.fromOpaque(context).takeUnretainedValue()
        let bytes = upload.map { UnsafeRawBufferPointer(start: $0, count: uploadSize.pointee) }
        let serving = Unmanaged<HTTPServer>.fromOpaque(server).takeUnretainedValue()
            .serve(exchange, on: connection, method: method.map { String(cString: $0) } ?? "",
                   version: version.map { String(cString: $0) } ?? "", upload: bytes)
        // Every piece of body is taken (kept, or refused with the connection).
        uploadSize.pointee = 0
        return serving ? .YES : .NO
    }

    /// The request is over (answered, or its connection closed): its exchange goes.
    static let complete: MHD_RequestCompletedCallback = { server, _, context, _ in
        guard let server, let context, let pointer = context.pointee else { return }
        context.pointee = nil
        let exchange = Unmanaged<Exchange>.fromOpaque(pointer).takeRetainedValue()
        Unmanaged<HTTPServer>.fromOpaque(server).takeUnretainedValue().finish(exchange)
    }

    /// The request's header fields, in the order received.
    static func headers(of connection: OpaquePointer) -> [(name: String, value: String)] {
        var headers: [(name: String, value: String)] = []
        _ = withUnsafeMutablePointer(to: &headers) { cmhd_request_headers(connection, collectHeader, $0) }
        return headers
    }

    private static let collectHeader: MHD_KeyValueIteratorN = { context, _, name, nameSize, value, valueSize in
        let headers = context!.assumingMemoryBound(to: [(name: String, value: String)].self)
        headers.pointee.append((text(name, count: nameSize), text(value, count: valueSize)))
        return .YES
    }

    private static func text(_ characters: UnsafePointer<CChar>?, count: Int) -> String {
        guard let characters else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: characters, count: count), as: UTF8.self)
    }
}
