/// Reads an export document in any supported format into the model, or says everything that is
/// wrong with it (SPEC §4): the entry point of import and sync.
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

    public func decode(_ bytes: UnsafeRawBufferPointer, format: Format = .auto) throws(InvalidExport) -> PaywallExport {
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes, limits: jsonLimits)
        } catch {
            throw InvalidExport(issues: [ValidationIssue(.root, "not valid JSON: \(error)")], truncated: false)
        }
        return try decode(document, format: format)
    }

    public func decode(_ document: JSONValue, format: Format = .auto) throws(InvalidExport) -> PaywallExport {
        let issues = IssueCollector(limit: issueLimit)
        guard let root = FieldReader(document, at: .root, issues: issues) else { throw InvalidExport(issues: issues.issues, truncated: false) }
        let decoded: PaywallExport?
        if try Self.resolve(format, root) == .paywallExport {
            try checkHeader(root, issues: issues)
            let decoder = PaywallExportV1Decoder(issues: issues, localeProblem: localeProblem)
            let result = decoder.decode(root)
            if let result { CrossReferenceChecks(issues: issues).check(result.located) }
            decoded = result?.export
        } else {
            decoded = try AdaptyFallbackDecoder(issues: issues, localeProblem: localeProblem, jsonLimits: jsonLimits).decode(root)
        }
        try issues.check()
        guard let decoded else { throw InvalidExport(issues: issues.issues, truncated: false) }
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
