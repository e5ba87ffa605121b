/// Reads an export document in any supported format into the model, or says everything that is
/// wrong with it (docs/formats.md): the entry point of import and sync.
public struct ExportDecoder {
    public enum Format: String, CaseIterable, Sendable {
        case auto
        case paywallExport = "paywall-export"
        case adaptyFallback = "adapty-fallback"
    }

    /// At most this many problems are listed; the rest are counted as "more".
    public var issueLimit = 50
    public var jsonLimits = JSONParser.Limits()
    /// Says what is wrong with a locale key (nil when it is a valid tag). Locale rules live in
    /// LocaleKit; the caller passes them in, keeping this module free of ICU.
    public var localeProblem: (String) -> String?

    public init(localeProblem: @escaping (String) -> String?) {
        self.localeProblem = localeProblem
    }

    /// Reads a document from its bytes. The elements of a paywall-export's collections are decoded as
    /// they are parsed, so the document is never held whole as a JSON tree.
    /// - Parameter observer: told what the parser reads, all of it.
    /// - Parameter progress: told how many bytes have been read, after each element of a collection.
    public func decode(_ bytes: UnsafeRawBufferPointer, format: Format = .auto, observer: (any JSONObserver)? = nil,
                       progress: ((Int) -> Void)? = nil) throws(InvalidExport) -> PaywallExport {
        let issues = collector()
        let v1 = PaywallExportV1Decoder(issues: issues, localeProblem: localeProblem)
        let streamed = format == .adaptyFallback ? [] : Set(PaywallExportV1Decoder.collections)
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes, limits: jsonLimits, streaming: streamed, observer: observer) { element in
                v1.take(element.key, index: element.index, element: element.value)
                progress?(element.endOffset)
            }
        } catch {
            // A value past a bound is valid JSON, refused where it is; anything else is a syntax error of the file.
            let issue = error.pointer.map { ValidationIssue($0, "\(error.reason) (line \(error.line), column \(error.column))") }
                ?? ValidationIssue(.root, "not valid JSON: \(error)")
            throw InvalidExport(issues: [issue], truncated: false)
        }
        return try decode(document, format: format, issues: issues, v1: v1)
    }

    public func decode(_ document: JSONValue, format: Format = .auto) throws(InvalidExport) -> PaywallExport {
        let issues = collector()
        return try decode(document, format: format, issues: issues, v1: PaywallExportV1Decoder(issues: issues, localeProblem: localeProblem))
    }

    /// Where one reading's problems and warnings go. A member named twice is read as the vendor's SDK reads it.
    private func collector() -> IssueCollector {
        IssueCollector(limit: issueLimit, repeatedMembers: .warnAndReadFirst)
    }

    /// - Parameter v1: holds the collections already decoded while parsing, if any. A document that
    ///   turns out not to be a paywall-export discards them and its problems.
    private func decode(_ document: JSONValue, format: Format, issues streamedIssues: IssueCollector,
                        v1: PaywallExportV1Decoder) throws(InvalidExport) -> PaywallExport {
        guard let root = FieldReader(document, at: .root, issues: streamedIssues) else {
            throw InvalidExport(issues: streamedIssues.issues, truncated: false)
        }
        let issues: IssueCollector
        let decoded: PaywallExport?
        if try Self.resolve(format, root) == .paywallExport {
            issues = streamedIssues
            try checkHeader(root, issues: issues)
            let result = v1.decode(root)
            if let result { CrossReferenceChecks(issues: issues).check(result.located) }
            decoded = result?.export
        } else {
            issues = collector()
            let fallbackRoot = FieldReader(document, at: .root, issues: issues)!
            var fallback = try AdaptyFallbackDecoder(issues: issues, localeProblem: localeProblem, jsonLimits: jsonLimits).decode(fallbackRoot)
            // Kept whole so that writing the file back carries what the model does not keep.
            fallback?.sourceDocument = document
            decoded = fallback
        }
        try issues.check()
        guard var decoded else { throw InvalidExport(issues: issues.issues, truncated: false) }
        decoded.warnings = issues.warnings + decoded.warnings
        return decoded
    }

    /// The format to read `root` as: detected from the content for `.auto`; an explicit format that the
    /// content contradicts is refused.
    static func resolve(_ requested: Format, _ root: FieldReader) throws(InvalidExport) -> Format {
        guard requested != .auto else { return try detectFormat(root) }
        guard let detected = try? detectFormat(root), detected != requested else { return requested }
        let (pointer, found) = detected == .paywallExport
            ? (root.at("format"), "a \"paywall-export\" document")
            : (JSONPointer.root, "a vendor fallback file (\"data\" and \"meta\", no \"format\")")
        let expected = requested == .paywallExport ? "a \"paywall-export\" document" : "a vendor fallback file"
        throw InvalidExport(issues: [ValidationIssue(pointer, "expected \(expected), found \(found)")], truncated: false)
    }

    /// `paywall-export` documents say so in `format`; vendor fallback files have `data` and `meta` and
    /// no `format` (either one is enough to read the file as one and say what is wrong with it).
    static func detectFormat(_ root: FieldReader) throws(InvalidExport) -> Format {
        if let format = root.object["format"] {
            if format == .string(Format.paywallExport.rawValue) { return .paywallExport }
            throw InvalidExport(issues: [ValidationIssue(root.at("format"), "unknown export format \(format.rendered()) "
                + "(this build reads \"paywall-export\" documents and the vendor's fallback files)")], truncated: false)
        }
        if root.object["data"] != nil || root.object["meta"] != nil { return .adaptyFallback }
        throw InvalidExport(issues: [ValidationIssue(.root, "not an export: expected \"format\": \"paywall-export\", "
            + "or \"data\" and \"meta\" as in the vendor's fallback files")], truncated: false)
    }

    private func checkHeader(_ root: FieldReader, issues: IssueCollector) throws(InvalidExport) {
        guard let format = root.string("format") else { try issues.check(); return }
        guard format == "paywall-export" else {
            throw InvalidExport(issues: [ValidationIssue(root.at("format"), "expected \"paywall-export\", found \"\(format)\"")], truncated: false)
        }
        guard let version = root.integer("version", in: 0...Int(Int32.max)) else { try issues.check(); return }
        guard version == 1 else {
            throw InvalidExport(issues: [ValidationIssue(root.at("version"), "unsupported paywall-export version \(version) (this build reads version 1)")],
                                truncated: false)
        }
    }
}
