import CCurl
import Glibc

/// HTTPS downloads through libcurl (docs/architecture.md): verification always on, TLS 1.2 or newer, redirects
/// only to HTTPS and only a few, gzip accepted, the size cap enforced while the body streams in (after
/// decompression), connect and total timeouts, and stalled transfers abandoned.
public enum HTTPTransfer {
    static let maximumRedirects = 3
    /// The statuses whose `Location` is followed.
    private static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// Downloads `request`, writing the final response's body to `bodyPath` (created with mode 0600 or
    /// emptied); on failure the file may hold part of a body. Redirects are followed here rather than by libcurl,
    /// which sends a request's every header on to whatever host a redirect names: a hop to another origin
    /// gets neither the token nor the source's configured headers.
    public static func fetch(_ request: TransferRequest, into bodyPath: String,
                             progress: TransferProgress? = nil) throws(TransferError) -> TransferResponse {
        try checkScheme(of: request)
        if let problem = ccurl_load() {
            throw TransferError(kind: .local, message: "cannot load libcurl: \(String(cString: problem))")
        }
        let fileDescriptor = open(bodyPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fileDescriptor >= 0 else {
            throw TransferError(kind: .local, message: "cannot create \(bodyPath): \(String(cString: strerror(errno)))")
        }
        defer { close(fileDescriptor) }
        let sink = ResponseSink(limit: request.maximumBytes, fileDescriptor: fileDescriptor, path: bodyPath, progress: progress,
                                checksShape: request.requiresJSONObject)
        // The timeout is the whole transfer's, redirects included.
        let deadline = ContinuousClock.now + request.timeout
        let origin = Origin(request.url)
        var url = request.url
        for _ in 0...maximumRedirects {
            let hop = try perform(request, url: url, sendsCredentials: origin != nil && Origin(url) == origin, sink: sink, deadline: deadline)
            guard let location = hop.redirect else { return hop.response }
            guard location.lowercased().hasPrefix("https://") else {
                throw TransferError(kind: .permanent, message: "refused a redirect or URL that is not https: a redirect to \(location.prefix(200))")
            }
            url = location
        }
        throw TransferError(kind: .permanent, message: "more than \(maximumRedirects) redirects")
    }

    /// One request of a transfer: its response, and where it redirects to, if it does.
    /// - Parameter sendsCredentials: whether the token and the configured headers go with it (the request's own origin).
    private static func perform(_ request: TransferRequest, url: String, sendsCredentials: Bool, sink: ResponseSink,
                                deadline: ContinuousClock.Instant) throws(TransferError) -> (response: TransferResponse, redirect: String?) {
        guard let handle = ccurl_easy_init() else { throw TransferError(kind: .transient, message: "libcurl could not start a transfer") }
        defer { ccurl_easy_cleanup(handle) }
        var headerList: UnsafeMutablePointer<curl_slist>?
        defer { ccurl_slist_free_all(headerList) }
        for header in requestHeaders(for: request, sendsCredentials: sendsCredentials) {
            headerList = ccurl_slist_append(headerList, header)
        }
        let protocols = request.allowsInsecureLoopback ? "https,http" : "https"
        let remaining = max(1, (deadline - .now).wholeMilliseconds)
        let context = Unmanaged.passUnretained(sink).toOpaque()
        var setup: [CURLcode] = [
            ccurl_set_string(handle, CURLOPT_URL, url),
            ccurl_set_string(handle, CURLOPT_PROTOCOLS_STR, protocols),
            ccurl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0),
            ccurl_set_long(handle, CURLOPT_SSL_VERIFYPEER, 1),
            ccurl_set_long(handle, CURLOPT_SSL_VERIFYHOST, 2),
            ccurl_set_long(handle, CURLOPT_SSLVERSION, CURL_SSLVERSION_TLSv1_2),
            ccurl_set_string(handle, CURLOPT_ACCEPT_ENCODING, "gzip"),
            ccurl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Int(min(request.connectTimeout.wholeMilliseconds, remaining))),
            ccurl_set_long(handle, CURLOPT_TIMEOUT_MS, Int(remaining)),
            ccurl_set_long(handle, CURLOPT_LOW_SPEED_LIMIT, request.lowSpeedBytesPerSecond),
            ccurl_set_long(handle, CURLOPT_LOW_SPEED_TIME, request.lowSpeedSeconds),
            ccurl_set_offset(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maximumBytes)),
            ccurl_set_long(handle, CURLOPT_NOSIGNAL, 1),
            ccurl_set_list(handle, CURLOPT_HTTPHEADER, headerList),
            ccurl_set_data_callback(handle, CURLOPT_WRITEFUNCTION, ResponseSink.receiveBody),
            ccurl_set_pointer(handle, CURLOPT_WRITEDATA, context),
            ccurl_set_data_callback(handle, CURLOPT_HEADERFUNCTION, ResponseSink.receiveHeader),
            ccurl_set_pointer(handle, CURLOPT_HEADERDATA, context),
            ccurl_set_long(handle, CURLOPT_NOPROGRESS, sink.reportsProgress ? 0 : 1),
            ccurl_set_progress_callback(handle, ResponseSink.reportProgress),
            ccurl_set_pointer(handle, CURLOPT_XFERINFODATA, context),
        ]
        if let caFile = request.caFile { setup.append(ccurl_set_string(handle, CURLOPT_CAINFO, caFile)) }
        if let failed = setup.first(where: { $0 != CURLE_OK }) {
            throw TransferError(kind: .permanent, message: "libcurl refused an option: \(String(cString: ccurl_easy_strerror(failed)))")
        }
        let code = ccurl_easy_perform(handle)
        if code != CURLE_OK { throw error(for: code, sink: sink, request: request) }
        var status = 0
        _ = ccurl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
        if redirectStatuses.contains(status) {
            var location: UnsafeMutablePointer<CChar>?
            // libcurl's own resolution of `Location` against the URL asked for.
            if ccurl_get_string(handle, CURLINFO_REDIRECT_URL, &location) == CURLE_OK, let location {
                return (sink.response(status: status), String(cString: location))
            }
        }
        if let problem = sink.shapeProblem { throw TransferError(kind: .malformed, message: problem) }
        return (sink.response(status: status), nil)
    }

    private static func requestHeaders(for request: TransferRequest, sendsCredentials: Bool) -> [String] {
        var headers: [String] = []
        if sendsCredentials {
            headers = request.headers.map { "\($0.name): \($0.value)" }
            if let token = request.token { headers.append("Authorization: \(token.authorizationHeaderValue)") }
        }
        if let tag = CacheValidator.usable(request.entityTag) { headers.append("If-None-Match: \(tag)") }
        if let date = CacheValidator.usable(request.lastModified) { headers.append("If-Modified-Since: \(date)") }
        return headers
    }

    /// HTTPS only; plain HTTP only to a loopback host and only when allowed.
    private static func checkScheme(of request: TransferRequest) throws(TransferError) {
        let lowered = request.url.lowercased()
        if lowered.hasPrefix("https://") { return }
        if lowered.hasPrefix("http://"), request.allowsInsecureLoopback, isLoopback(lowered.dropFirst("http://".count)) { return }
        throw TransferError(kind: .permanent, message: "refused \(request.url): only https:// is allowed")
    }

    private static func isLoopback(_ rest: Substring) -> Bool {
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if authority.hasPrefix("[::1]") { return true }
        let host = authority.prefix { $0 != ":" }
        return host == "localhost" || host.hasPrefix("127.")
    }

    private static func error(for code: CURLcode, sink: ResponseSink, request: TransferRequest) -> TransferError {
        let reason = String(cString: ccurl_easy_strerror(code))
        if let writeError = sink.writeError {
            return TransferError(kind: .local, message: "cannot write the body to \(sink.path): \(String(cString: strerror(writeError)))")
        }
        if let problem = sink.shapeProblem, sink.refusedShape {
            return TransferError(kind: .malformed, message: problem)
        }
        if sink.exceededLimit || code == CURLE_FILESIZE_EXCEEDED {
            return TransferError(kind: .oversize, message: "the body is larger than the limit of \(request.maximumBytes) bytes")
        }
        switch code {
        case CURLE_UNSUPPORTED_PROTOCOL:
            return TransferError(kind: .permanent, message: "refused a redirect or URL that is not https: \(reason)")
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CONNECT_ERROR:
            return TransferError(kind: .permanent, message: "TLS verification failed: \(reason)")
        case CURLE_TOO_MANY_REDIRECTS:
            return TransferError(kind: .permanent, message: "more than \(maximumRedirects) redirects")
        case CURLE_URL_MALFORMAT:
            return TransferError(kind: .permanent, message: "malformed URL")
        case CURLE_PARTIAL_FILE:
            return TransferError(kind: .transient, message: "the body was cut short (\(sink.byteCount) bytes received)")
        case CURLE_OPERATION_TIMEDOUT:
            return TransferError(kind: .transient, message: "timed out or stalled: \(reason)")
        default:
            return TransferError(kind: .transient, message: reason)
        }
    }
}
