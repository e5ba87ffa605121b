/// What matching needs to know of an available locale: its canonical base tag, its likely subtags and
/// the language CLDR's matching data reads it as. Worked out with ICU once, when an export is imported,
/// and kept as text, so that a resolve does not parse every localization key of a paywall again.
public struct LocaleIdentity: Sendable, Equatable {
    /// The canonical tag without variants or extensions (`pt-BR` for `pt_br`).
    public let identifier: String
    public let maximized: MaximizedLocale
    /// `no` for `nb`, else the language itself (see `matchingLanguage(for:)`): asking ICU's matcher
    /// data costs a cold process more than the rest of its resolution.
    public let matchingLanguage: String

    public init(_ tag: LanguageTag) {
        identifier = tag.base.identifier
        maximized = tag.base.maximized
        matchingLanguage = LocaleKit.matchingLanguage(for: maximized.language)
    }

    /// The identity of a locale key as an export spells it (CLDR rules only: policy aliases are applied
    /// when matching), or nil when it cannot take part in matching.
    public init?(of key: String) {
        guard let tag = try? LocalePolicy.standard.matchableTag(for: key) else { return nil }
        self.init(tag)
    }

    /// `nb|nb|Latn|NO|no`.
    public var serialized: String {
        [identifier, maximized.language, maximized.script, maximized.region, matchingLanguage].joined(separator: "|")
    }

    /// Reads `serialized`, or the four fields kept before the matching language was (worked out again).
    public init?(serialized: String) {
        // Split as bytes: splitting on Characters cost a cold resolve 0.4M instructions for 40 locales.
        let fields = serialized.utf8.split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        guard fields.count == 4 || (fields.count == 5 && !fields[4].isEmpty), !fields[0].isEmpty else { return nil }
        identifier = fields[0]
        maximized = MaximizedLocale(language: fields[1], script: fields[2], region: fields[3])
        matchingLanguage = fields.count == 5 ? fields[4] : LocaleKit.matchingLanguage(for: maximized.language)
    }
}
