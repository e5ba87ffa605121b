import LocaleKit
import PaywallModel

/// A value of a resolution request that cannot be used: which field, what was given and what is expected.
/// Callers name the field their own way (`--app-version` on the command line, `app_version` in a query).
public struct RequestProblem: Error, Sendable, Equatable {
    public enum Field: Sendable, Equatable {
        case placement, locale, appVersion, attribute, profileID, mode
    }

    public let field: Field
    public let value: String
    public let expected: String
}

extension ResolutionRequest {
    /// More preferences than any user has: what one request may list, once lists are split.
    public static let maximumLocales = 32

    /// The preferences `values` give (each a list or an Accept-Language value), and how many locales they count
    /// as against `maximumLocales`: the entries as given count too, since an empty one adds no preference, yet a
    /// list of more is no user's.
    public static func localePreferences(of values: [String]) -> (preferences: [String], count: Int) {
        let preferences = values.flatMap(LocaleKit.localePreferences(in:))
        return (preferences, max(values.count, preferences.count))
    }
    /// Profile ids are UUIDs or the app's own ids; this bounds what a request may make the resolver hash.
    public static let maximumProfileIDBytes = 256

    /// A request from values as callers spell them, each checked: `locales` may hold lists or
    /// Accept-Language values (`da, en-GB;q=0.8`), `attributes` are keys and values, kept apart from
    /// how the caller wrote them (an `=` may be part of either), `mode` a `MatchMode` name. The CLI's
    /// options, the service's query string and its POST items all come here.
    public init(placementID: String, locales: [String], country: String?, platform: String?, appVersion: String?,
                attributionSources: [String], attributes: [(key: String, value: String)], profileID: String?, defaultAudienceOnly: Bool,
                mode: String?, source: String?) throws(RequestProblem) {
        if let problem = FieldReader.placementIDProblem(placementID) {
            throw RequestProblem(field: .placement, value: problem.shown, expected: problem.expected)
        }
        let (preferences, localeCount) = Self.localePreferences(of: locales)
        guard localeCount <= Self.maximumLocales else {
            throw RequestProblem(field: .locale, value: "\(localeCount) locales", expected: "at most \(Self.maximumLocales)")
        }
        if let appVersion, DottedVersion(appVersion) == nil {
            throw RequestProblem(field: .appVersion, value: appVersion, expected: "a dotted version such as 2.4.1")
        }
        if let profileID, profileID.utf8.count > Self.maximumProfileIDBytes {
            throw RequestProblem(field: .profileID, value: String(profileID.prefix(32)) + "…",
                                 expected: "at most \(Self.maximumProfileIDBytes) bytes")
        }
        var matchMode = MatchMode.cldr
        if let mode {
            guard let parsed = MatchMode(rawValue: mode) else {
                throw RequestProblem(field: .mode, value: mode, expected: MatchMode.allCases.map(\.rawValue).spelledAsChoices)
            }
            matchMode = parsed
        }
        var keyed: [String: String] = [:]
        for (key, value) in attributes {
            guard !key.isEmpty else { throw RequestProblem(field: .attribute, value: "=" + value, expected: "a key and a value") }
            keyed[key] = value
        }
        self.init(placementID: placementID, locales: preferences, mode: matchMode,
                  context: UserContext(country: country, platform: platform, appVersion: appVersion,
                                       attributionSources: attributionSources, attributes: keyed),
                  defaultAudienceOnly: defaultAudienceOnly, profileID: profileID, source: source)
    }
}

extension ResolutionRequest {
    /// A `key=value` attribute as the command line writes it: split at its first `=`.
    public static func attribute(_ text: String) throws(RequestProblem) -> (key: String, value: String) {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
            throw RequestProblem(field: .attribute, value: text, expected: "key=value")
        }
        return (String(text[..<equals]), String(text[text.index(after: equals)...]))
    }
}

extension [String] {
    /// `a, b or c`.
    var spelledAsChoices: String {
        count < 2 ? joined() : dropLast().joined(separator: ", ") + " or " + last!
    }
}
