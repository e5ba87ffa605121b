import CICUBridge

/// Language, script and region with likely subtags added (`pt-BR` -> `pt-Latn-BR`): two tags that
/// maximize to the same value denote the same locale for matching (`zh-TW` and `zh-Hant`).
public struct MaximizedLocale: Hashable, Sendable, CustomStringConvertible {
    public var language: String
    public var script: String
    public var region: String

    public init(language: String, script: String, region: String) {
        self.language = language
        self.script = script
        self.region = region
    }

    public var description: String {
        [language, script, region].filter { !$0.isEmpty }.joined(separator: "-")
    }

    /// Whether the locale's script is written right to left (`ar`, `he`, `fa`, `ur`), as ICU says.
    public var isRightToLeft: Bool {
        LocaleFacts.shared.direction(of: "\(language)|\(script)|\(region)") { pw_locale_is_right_to_left(language, script, region) != 0 }
    }
}
