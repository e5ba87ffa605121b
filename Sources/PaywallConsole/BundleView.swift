import LocaleKit
import PaywallModel
import PaywallResolver

/// A bundle as the JSON route answers it (`ResolvedBundle.json()`), read for a card: the console shows the members
/// the app gets, not a second account of them.
struct BundleView {
    /// Strings with the localization each came from: a paywall's view, or one layout of a flow.
    struct Strings {
        let title: String?
        let values: [(key: String, value: JSONValue, from: String)]
    }

    let json: JSONObject
    /// What `--explain` prints of the decision: audiences tried, the bucket, the locale chain.
    let explanation: [String]

    init(_ bundle: ResolvedBundle) {
        json = bundle.json().objectValue ?? JSONObject()
        explanation = bundle.explanation
    }

    var kind: String { json["kind"]?.stringValue ?? "" }
    private var locale: JSONObject { json["locale"]?.objectValue ?? JSONObject() }
    var matched: String { locale["matched"]?.stringValue ?? "" }
    var result: String { locale["result"]?.stringValue ?? "none" }
    var chain: [String] { (locale["chain"]?.arrayValue ?? []).compactMap(\.stringValue) }
    var audience: String { json["audience"]?.objectValue?["name"]?.stringValue ?? "" }
    var variationID: String { json["variationId"]?.stringValue ?? "" }
    var snapshotID: String { json["snapshot"]?.objectValue?["id"]?.stringValue ?? "" }
    var remoteConfig: JSONValue? { json["remoteConfig"].flatMap { $0 == .null ? nil : $0 } }

    /// The paywall's strings, or each layout's of a flow.
    var strings: [Strings] {
        if let view = json["viewConfiguration"]?.objectValue { return [Self.strings(in: view, title: nil)] }
        return (json["layouts"]?.arrayValue ?? []).compactMap(\.objectValue).map { layout in
            Self.strings(in: layout, title: "Layout " + (layout["id"]?.stringValue ?? ""))
        }
    }

    private static func strings(in object: JSONObject, title: String?) -> Strings {
        let from = object["stringLocales"]?.objectValue ?? JSONObject()
        return Strings(title: title, values: (object["strings"]?.objectValue?.members ?? []).map { member in
            (member.key, member.value, from[member.key]?.stringValue ?? "")
        })
    }

    /// Products with the paywall they are sold on (a flow's `paywalls[]`; nil for a paywall's own).
    var products: [(paywall: String?, product: JSONObject)] {
        if let own = json["products"]?.arrayValue { return own.compactMap(\.objectValue).map { (nil, $0) } }
        return (json["paywalls"]?.arrayValue ?? []).compactMap(\.objectValue).flatMap { paywall in
            (paywall["products"]?.arrayValue ?? []).compactMap(\.objectValue).map { (paywall["paywallName"]?.stringValue, $0) }
        }
    }

    /// What the app loads for an onboarding: `configUrl` and the `acceptLanguage` to send with it.
    var onboarding: JSONObject? { json["onboarding"]?.objectValue }

    /// The languages the strings came from, when more than one: a card that shows them mixes languages.
    var mixedLanguages: [String] {
        var languages: [String] = []
        for from in strings.flatMap(\.values).map(\.from) {
            guard let language = try? LanguageTag(parsing: from).language, !languages.contains(language) else { continue }
            languages.append(language)
        }
        return languages.count > 1 ? languages : []
    }

    /// A string's value as text: a string as it is, anything else as its JSON.
    static func text(_ value: JSONValue) -> String {
        value.stringValue ?? value.rendered()
    }
}
