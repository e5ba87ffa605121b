import PaywallModel

/// An `adapty` source: an app of the vendor's dashboard, whose fallback file its admin API builds
/// for one platform and SDK version (`GET {base}/apps/{app_id}/fallbacks/?platform=…&sdk_version=…`,
/// as the vendor's CLI, `adapty fallbacks get`, asks for it).
public struct AdaptyApp: Sendable, Equatable, CustomStringConvertible {
    /// The admin API when neither the config's `api_url` nor `$ADAPTY_API_URL` names another.
    public static let defaultAPIURL = "https://api-admin.adapty.io/api/v1/developer"
    public static let apiURLEnvironmentVariable = "ADAPTY_API_URL"
    /// The variable the token comes from when the source names neither `token_env` nor `token_file`.
    public static let defaultTokenVariable = "ADAPTY_TOKEN"

    public enum Platform: String, CaseIterable, Sendable {
        case ios, android

        /// The vendor's name of the store, as its API spells it.
        var apiName: String {
            switch self {
            case .ios: return "iOS"
            case .android: return "Android"
            }
        }
    }

    /// Letters, digits, `-` and `_`: it is a path segment of the request.
    public let appID: String
    public let platform: Platform
    /// `X.Y.Z`, as the app's SDK reports it.
    public let sdkVersion: String
    /// The fallback format the SDK reads, 8 to 11: what the vendor sends for that version.
    public let formatVersion: Int
    /// The config's `api_url`, if it names one.
    public let apiURL: SourceURL?

    public var description: String { "adapty app \(appID) (\(platform.apiName), SDK \(sdkVersion))" }

    /// The fallback format of an SDK version (`3.15.0`), or why there is none: 3.8-3.11 read 8, later
    /// 3.x 9, 4.0 10, 4.1 and later 11.
    static func formatVersion(ofSDK version: String) -> Result<Int, Problem> {
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.count <= 6 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let major = Int(parts[0]), let minor = Int(parts[1]) else {
            return .failure(Problem(reason: "not an SDK version X.Y.Z (such as 3.15.0)"))
        }
        switch (major, minor) {
        case (3, 8...11): return .success(8)
        case (3, 12...): return .success(9)
        case (4, 0): return .success(10)
        case (4, _), (5..., _): return .success(11)
        default: return .failure(Problem(reason: "SDK \(version) reads no fallback format this build reads (8 to 11, SDK 3.8 and later)"))
        }
    }

    /// Why an app id cannot be one, or nil.
    static func appIDProblem(_ id: String) -> String? {
        let allowed = !id.isEmpty && id.utf8.count <= 128 && id.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
        return allowed ? nil : "an app id is 1-128 letters, digits, '-' and '_'"
    }

    struct Problem: Error {
        let reason: String
    }

    init(appID: String, platform: Platform, sdkVersion: String, formatVersion: Int, apiURL: SourceURL?) {
        self.appID = appID
        self.platform = platform
        self.sdkVersion = sdkVersion
        self.formatVersion = formatVersion
        self.apiURL = apiURL
    }

    /// The request's URL under `base` (the API's root, without a trailing slash needed).
    func requestURL(base: String) -> String {
        let root = base.hasSuffix("/") ? String(base.dropLast()) : base
        return "\(root)/apps/\(appID)/fallbacks/?platform=\(platform.apiName)&sdk_version=\(sdkVersion)"
    }
}

extension SyncConfiguration.Origin {
    /// As logs, summaries and `status` name it: `"url": "https://…"`, or `"adapty": {"appId", "platform",
    /// "sdkVersion"}` (the request's URL names no more than that, and the token travels in a header).
    public var jsonMember: (key: String, value: JSONValue) {
        switch self {
        case let .url(url):
            return ("url", .string(url.text))
        case let .adapty(app):
            return ("adapty", .object(JSONObject([
                "appId": .string(app.appID), "platform": .string(app.platform.rawValue), "sdkVersion": .string(app.sdkVersion),
            ])))
        }
    }
}
