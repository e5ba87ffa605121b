/// An `ETag` or `Last-Modified` a server gave, which the next sync sends back (`If-None-Match`,
/// `If-Modified-Since`): one that holds a control character (a bare CR would split the request's header) or is
/// longer than any real validator is neither kept nor sent.
enum CacheValidator {
    static let maximumBytes = 1024

    /// `value` when it may be kept and sent back, else nil.
    static func usable(_ value: String?) -> String? {
        guard let value, !value.isEmpty, value.utf8.count <= maximumBytes,
              !value.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return nil }
        return value
    }
}
