/// The media types an export may come as. Anything else (an HTML error or login page, say) is not an
/// export, whatever its status.
enum ContentType {
    private static let accepted: Set = ["application/json", "text/json", "application/octet-stream", "binary/octet-stream"]

    /// Nil when `header` (a Content-Type value, or nil when the server sent none) is acceptable, else why not.
    static func problem(with header: String?) -> String? {
        guard let header else { return nil }
        let type = mediaType(header)
        if accepted.contains(type) || (type.hasPrefix("application/") && type.hasSuffix("+json")) { return nil }
        return "the server sent \(type.isEmpty ? "an empty content type" : type), not JSON"
    }

    /// The same for the vendor's API, which always sends `application/json` (its CLI refuses anything else).
    static func problem(withJSON header: String?) -> String? {
        let type = header.map(mediaType) ?? ""
        if type == "application/json" { return nil }
        return "the server sent \(type.isEmpty ? "no content type" : type), not application/json"
    }

    private static func mediaType(_ header: String) -> String {
        header.split(separator: ";", maxSplits: 1).first.map { $0.filter { $0 != " " && $0 != "\t" }.lowercased() } ?? ""
    }
}
