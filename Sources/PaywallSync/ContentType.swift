/// The media types an export may come as. Anything else (an HTML error or login page, say) is not an
/// export, whatever its status.
enum ContentType {
    private static let accepted: Set = ["application/json", "text/json", "application/octet-stream", "binary/octet-stream"]

    /// Nil when `header` (a Content-Type value, or nil when the server sent none) is acceptable, else why not.
    static func problem(with header: String?) -> String? {
        guard let header else { return nil }
        let mediaType = header.split(separator: ";", maxSplits: 1).first.map { $0.filter { $0 != " " && $0 != "\t" }.lowercased() } ?? ""
        if accepted.contains(mediaType) || (mediaType.hasPrefix("application/") && mediaType.hasSuffix("+json")) { return nil }
        return "the server sent \(mediaType.isEmpty ? "an empty content type" : mediaType), not JSON"
    }
}
