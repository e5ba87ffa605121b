import CICUBridge

/// The language that stands for `language` when matching, from CLDR: `no` for `nb`, which CLDR's
/// matching data makes one language with its parent `no` (docs/locales.md, Matching modes: `no`, `nb` and their regional
/// forms serve each other); `language` itself for every other (`nn` only falls back to `no`).
func matchingLanguage(for language: String) -> String {
    LocaleFacts.shared.matchingLanguage(of: language) {
        var buffer = [CChar](repeating: 0, count: Int(PW_SUBTAG_CAPACITY))
        pw_locale_matching_language(language, &buffer)
        let matching = string(fromCBuffer: buffer)
        return matching.isEmpty ? language : matching
    }
}
