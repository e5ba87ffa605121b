import PaywallModel

/// What `paywalls sync` does, read from the sync config file (issue 4; the fields and their defaults
/// are documented in `sync-config/README.md`). Other tools generate these files, so the JSON names are
/// fixed. Unknown keys are ignored; `null` counts as absent. Every problem is reported at its JSON
/// pointer, all at once.
public struct SyncConfiguration: Sendable, Equatable {
    public static let defaultDeadlineSeconds = 300
    public static let deadlineRange = 1...86_400

    /// Where snapshots go, resolved against the config's folder; nil when the config does not say
    /// (the CLI then uses `--store`, `$PAYWALLS_STORE`, else `./.paywalls`).
    public let store: String?
    /// The locale policy file, resolved against the config's folder; nil when the config does not say
    /// (the CLI then uses `--locale-policy`, `$PAYWALLS_LOCALE_POLICY`, else the shipped policy).
    public let localePolicy: String?
    /// The whole run, retries included, ends within this many seconds.
    public let deadlineSeconds: Int
    public let retry: Retry
    /// In config order, which is also the order in which sources answer a resolve without `--source`.
    public let sources: [Source]

    public struct Retry: Sendable, Equatable {
        public static let defaultMaxAttempts = 4
        public static let defaultBaseDelayMilliseconds = 500
        public static let defaultMaxDelayMilliseconds = 8_000
        public static let maxAttemptsRange = 1...20
        public static let baseDelayRange = 1...60_000
        public static let maxDelayRange = 1...600_000

        /// Tries per source, the first included.
        public let maxAttempts: Int
        public let baseDelayMilliseconds: Int
        public let maxDelayMilliseconds: Int

        public init(maxAttempts: Int = defaultMaxAttempts, baseDelayMilliseconds: Int = defaultBaseDelayMilliseconds,
                    maxDelayMilliseconds: Int = defaultMaxDelayMilliseconds) {
            self.maxAttempts = maxAttempts
            self.baseDelayMilliseconds = baseDelayMilliseconds
            self.maxDelayMilliseconds = maxDelayMilliseconds
        }
    }

    public struct Source: Sendable, Equatable {
        public static let defaultTimeoutSeconds = 30
        public static let defaultMaxBytes = 268_435_456
        public static let timeoutRange = 1...3_600
        public static let maxBytesRange = 1...(1 << 34)

        /// 1-64 characters of `[A-Za-z0-9._-]`, unique in the config: used in logs and as the store's
        /// source name.
        public let name: String
        /// Where the export comes from.
        public let origin: Origin
        public let format: ExportDecoder.Format
        public let token: TokenSource
        /// A PEM bundle of CAs to trust instead of the system's, resolved against the config's folder.
        public let caFile: String?
        public let timeoutSeconds: Int
        public let maxBytes: Int
        /// Extra request headers, in the order written (never `Authorization`).
        public let headers: [Header]
    }

    /// A source's `url`, or its `adapty` app, whose fallback file the vendor's admin API serves.
    public enum Origin: Sendable, Equatable, CustomStringConvertible {
        case url(SourceURL)
        case adapty(AdaptyApp)

        public var description: String {
            switch self {
            case let .url(url): return url.text
            case let .adapty(app): return app.description
            }
        }
    }

    public struct Header: Sendable, Equatable {
        public let name: String
        public let value: String
    }

    /// Where a source's bearer token comes from. Holds names only, never the token.
    public enum TokenSource: Sendable, Equatable {
        /// No `Authorization` header is sent.
        case none
        /// The value of this environment variable.
        case environment(String)
        /// The contents of this file (resolved against the config's folder), less a trailing newline.
        case file(String)
    }

    /// Reads a config from the file's bytes.
    /// - Parameters:
    ///   - directory: the config file's folder; relative `store`, `locale_policy`, `token_file` and
    ///     `ca_file` resolve against it.
    ///   - allowInsecureLoopback: allow `http://` URLs whose host is a loopback address
    ///     (`--allow-insecure-loopback`, for tests).
    public init(parsing bytes: UnsafeRawBufferPointer, directory: String,
                allowInsecureLoopback: Bool) throws(SyncConfigurationError) {
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw SyncConfigurationError(issues: [ValidationIssue(.root, "not valid JSON: \(error)")], truncated: false)
        }
        let issues = IssueCollector(limit: 50)
        let parsed = Self.read(document, directory: directory, allowInsecureLoopback: allowInsecureLoopback, issues: issues)
        if !issues.issues.isEmpty { throw SyncConfigurationError(issues: issues.issues, truncated: issues.truncated) }
        guard let parsed else {
            throw SyncConfigurationError(issues: [ValidationIssue(.root, "invalid configuration")], truncated: false)
        }
        self = parsed
    }

    init(store: String?, localePolicy: String?, deadlineSeconds: Int, retry: Retry, sources: [Source]) {
        self.store = store
        self.localePolicy = localePolicy
        self.deadlineSeconds = deadlineSeconds
        self.retry = retry
        self.sources = sources
    }

    /// The config, or nil when something was reported.
    private static func read(_ document: JSONValue, directory: String, allowInsecureLoopback: Bool,
                             issues: IssueCollector) -> SyncConfiguration? {
        guard let root = FieldReader(document, at: .root, issues: issues, membersRequired: false) else { return nil }
        let store = root.path("store", directory: directory)
        let localePolicy = root.path("locale_policy", directory: directory)
        let deadline = root.integer("deadline_seconds", in: deadlineRange) ?? defaultDeadlineSeconds
        var retry = Retry()
        if let reader = root.reader("retry") {
            let attempts = reader.integer("max_attempts", in: Retry.maxAttemptsRange) ?? Retry.defaultMaxAttempts
            let base = reader.integer("base_delay_ms", in: Retry.baseDelayRange) ?? Retry.defaultBaseDelayMilliseconds
            let maximum = reader.integer("max_delay_ms", in: Retry.maxDelayRange) ?? Retry.defaultMaxDelayMilliseconds
            if maximum < base {
                issues.report(reader.at("max_delay_ms"), "\(maximum) is less than base_delay_ms (\(base))")
            }
            retry = Retry(maxAttempts: attempts, baseDelayMilliseconds: base, maxDelayMilliseconds: maximum)
        }
        var sources: [Source] = []
        if let elements = root.array("sources", required: true) {
            if elements.isEmpty { issues.report(root.at("sources"), "at least one source is required") }
            var seen: [String: JSONPointer] = [:]
            for (pointer, value) in elements {
                guard let reader = FieldReader(value, at: pointer, issues: issues, membersRequired: false) else { continue }
                if let name = reader.string("name", required: true) {
                    if let first = seen[name] {
                        issues.report(reader.at("name"), "duplicate source name \"\(name)\" (also at \(first))")
                    } else {
                        seen[name] = reader.at("name")
                    }
                }
                if let source = readSource(reader, directory: directory, allowInsecureLoopback: allowInsecureLoopback) {
                    sources.append(source)
                }
            }
        }
        guard issues.issues.isEmpty else { return nil }
        return SyncConfiguration(store: store, localePolicy: localePolicy, deadlineSeconds: deadline, retry: retry, sources: sources)
    }

    private static func readSource(_ reader: FieldReader, directory: String, allowInsecureLoopback: Bool) -> Source? {
        let issues = reader.issues
        let before = issues.reportCount
        var name = reader.object["name"]?.stringValue
        if let text = name, let problem = sourceNameProblem(text) {
            issues.report(reader.at("name"), problem)
            name = nil
        }
        let origin = readOrigin(reader, allowInsecureLoopback: allowInsecureLoopback)
        var format = ExportDecoder.Format.auto
        if let text = reader.string("format") {
            if let known = ExportDecoder.Format(rawValue: text) {
                format = known
            } else {
                let names = ExportDecoder.Format.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                issues.report(reader.at("format"), "unknown format \"\(text)\" (expected one of \(names))")
            }
        }
        if case .adapty? = origin, format != .auto, format != .adaptyFallback {
            issues.report(reader.at("format"), "an adapty source serves the vendor's fallback files (\"auto\" or \"adapty-fallback\")")
        }
        let variable = reader.string("token_env")
        if let variable, !isEnvironmentName(variable) {
            issues.report(reader.at("token_env"), "not an environment variable name (letters, digits and _, not starting with a digit)")
        }
        let tokenFile = reader.path("token_file", directory: directory)
        var token = TokenSource.none
        if variable != nil, tokenFile != nil {
            issues.report(reader.at("token_file"), "give at most one of token_env and token_file")
        } else if let variable {
            token = .environment(variable)
        } else if let tokenFile {
            token = .file(tokenFile)
        } else if case .adapty? = origin {
            // The vendor's API wants one; its CLI reads the same variable.
            token = .environment(AdaptyApp.defaultTokenVariable)
        }
        let caFile = reader.path("ca_file", directory: directory)
        let timeout = reader.integer("timeout_seconds", in: Source.timeoutRange) ?? Source.defaultTimeoutSeconds
        let maxBytes = reader.integer("max_bytes", in: Source.maxBytesRange) ?? Source.defaultMaxBytes
        let headers = readHeaders(reader)
        guard issues.reportCount == before, let name, let origin else { return nil }
        return Source(name: name, origin: origin, format: format, token: token, caFile: caFile, timeoutSeconds: timeout,
                      maxBytes: maxBytes, headers: headers)
    }

    /// The source's `url`, or its `adapty` app: exactly one of the two.
    private static func readOrigin(_ reader: FieldReader, allowInsecureLoopback: Bool) -> Origin? {
        let issues = reader.issues
        func url(_ key: String, in reader: FieldReader) -> SourceURL? {
            guard let text = reader.string(key) else { return nil }
            do throws(SourceURL.Problem) {
                return try SourceURL(parsing: text, allowInsecureLoopback: allowInsecureLoopback)
            } catch {
                issues.report(reader.at(key), error.reason)
                return nil
            }
        }
        switch (reader.isAbsent("url"), reader.isAbsent("adapty")) {
        case (true, true):
            issues.report(reader.at("url"), "required (or name the vendor's app in adapty)")
            return nil
        case (false, false):
            issues.report(reader.at("adapty"), "give either url or adapty, not both")
            return nil
        case (false, true):
            return url("url", in: reader).map(Origin.url)
        case (true, false):
            guard let app = reader.reader("adapty") else { return nil }
            let before = issues.reportCount
            let appID = app.string("app_id", required: true)
            if let appID, let problem = AdaptyApp.appIDProblem(appID) { issues.report(app.at("app_id"), problem) }
            let platformName = app.string("platform", required: true)
            let platform = platformName.flatMap(AdaptyApp.Platform.init(rawValue:))
            if let platformName, platform == nil {
                issues.report(app.at("platform"), "unknown platform \"\(platformName)\" (expected \"ios\" or \"android\")")
            }
            var format: Int?
            let sdkVersion = app.string("sdk_version", required: true)
            if let sdkVersion {
                switch AdaptyApp.formatVersion(ofSDK: sdkVersion) {
                case let .success(version): format = version
                case let .failure(problem): issues.report(app.at("sdk_version"), problem.reason)
                }
            }
            let apiURL = url("api_url", in: app)
            guard issues.reportCount == before, let appID, let platform, let sdkVersion, let format else { return nil }
            return .adapty(AdaptyApp(appID: appID, platform: platform, sdkVersion: sdkVersion, formatVersion: format, apiURL: apiURL))
        }
    }

    private static func readHeaders(_ reader: FieldReader) -> [Header] {
        guard let object = reader.objectValue("headers") else { return [] }
        var headers: [Header] = []
        var seen: [String: String] = [:]
        for member in object.members {
            let pointer = reader.at("headers").appending(member.key)
            if let problem = headerNameProblem(member.key) {
                reader.issues.report(pointer, problem)
                continue
            }
            if member.key.lowercased() == "authorization" {
                reader.issues.report(pointer, "Authorization may not be set in headers (the token from token_env or token_file is sent as Authorization: Bearer)")
                continue
            }
            if let first = seen[member.key.lowercased()] {
                // A name given twice as it is was reported by the reader already.
                if first != member.key { reader.issues.report(pointer, "duplicate header (also given as \"\(first)\"; names are case-insensitive)") }
                continue
            }
            seen[member.key.lowercased()] = member.key
            guard case let .string(value) = member.value else {
                reader.issues.report(pointer, "expected a string, found \(member.value.kind)")
                continue
            }
            if value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) {
                reader.issues.report(pointer, "header value contains CR, LF or NUL")
                continue
            }
            headers.append(Header(name: member.key, value: value))
        }
        return headers
    }

    /// Why `name` cannot name a source, or nil. Source names appear in logs, status output and file
    /// names: short, printable, no path separators.
    public static func sourceNameProblem(_ name: String) -> String? {
        let allowed = name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
        guard !name.isEmpty, name.utf8.count <= 64, allowed else {
            return "a source name is 1-64 characters of A-Z, a-z, 0-9, '.', '_' and '-'"
        }
        if name == "." || name == ".." { return "a source name may not be \".\" or \"..\"" }
        return nil
    }

    /// RFC 9110 token characters.
    static func headerNameProblem(_ name: String) -> String? {
        let extra = Set("!#$%&'*+-.^_`|~".utf8)
        let valid = !name.isEmpty && name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || extra.contains(byte)
        }
        return valid ? nil : "not a valid header name (letters, digits and !#$%&'*+-.^_`|~; no spaces, colons, CR or LF)"
    }

    static func isEnvironmentName(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(first >= 0x30 && first <= 0x39) else { return false }
        return name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_")
        }
    }

    /// `path` if absolute, else `directory/path` (not normalized: `..` is left to the file system,
    /// which knows about symbolic links).
    static func resolve(_ path: String, against directory: String) -> String {
        if path.hasPrefix("/") || directory.isEmpty { return path }
        return directory.hasSuffix("/") ? directory + path : directory + "/" + path
    }
}

/// A sync config.
public enum SyncConfigurationDocument: RefusableDocument {
    public static let subject = "invalid sync configuration"
}

/// A config that could not be used: every problem found, each at its JSON pointer. The CLI exits 78.
public typealias SyncConfigurationError = InvalidDocument<SyncConfigurationDocument>
