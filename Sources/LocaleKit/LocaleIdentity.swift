/// What matching needs to know of an available locale: its canonical base tag and its likely subtags.
/// Worked out with ICU once, when an export is imported, and kept as text, so that a resolve does not
/// parse every localization key of a paywall again.
public struct LocaleIdentity: Sendable, Equatable {
    /// The canonical tag without variants or extensions (`pt-BR` for `pt_br`).
    public let identifier: String
    public let maximized: MaximizedLocale

    public init(_ tag: LanguageTag) {
        identifier = tag.base.identifier
        maximized = tag.base.maximized
    }

    /// The identity of a locale key as an export spells it (CLDR rules only: policy aliases are applied
    /// when matching), or nil when it cannot take part in matching.
    public init?(of key: String) {
        guard let tag = try? LocalePolicy.standard.matchableTag(for: key) else { return nil }
        self.init(tag)
    }

    /// `pt-BR|pt|Latn|BR`.
    public var serialized: String {
        [identifier, maximized.language, maximized.script, maximized.region].joined(separator: "|")
    }

    public init?(serialized: String) {
        let fields = serialized.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 4, !fields[0].isEmpty else { return nil }
        identifier = fields[0]
        maximized = MaximizedLocale(language: fields[1], script: fields[2], region: fields[3])
    }
}
