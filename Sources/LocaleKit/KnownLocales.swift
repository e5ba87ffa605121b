import CICUBridge

/// Every locale ICU has data for (`uloc_getAvailable`), as BCP-47 tags (`zh-Hant-TW`, `es-419`), in
/// ICU's order, each once. About 800 on a current ICU.
public func knownLocaleTags() -> [String] {
    let count = Int(pw_locale_available_count())
    var tags: [String] = []
    tags.reserveCapacity(count)
    var seen: Set<String> = []
    var buffer = [CChar](repeating: 0, count: Int(PW_TAG_CAPACITY))
    for index in 0..<count {
        guard pw_locale_available_tag(Int32(index), &buffer) > 0 else { continue }
        let tag = string(fromCBuffer: buffer)
        if seen.insert(tag).inserted { tags.append(tag) }
    }
    return tags
}

/// For a set of files written one per locale (multi-locale fallback files), which file an app on a
/// given device locale should load: the `cldr` match of the device locale among the files' locales,
/// else the default's file.
public struct FallbackLookup: Sendable {
    /// The files' locales as spelled.
    public let fileLocales: [String]
    /// The file locale every unmatched device locale gets.
    public let defaultLocale: String
    private let matcher: LocaleMatcher

    public init(fileLocales: [String], defaultLocale: String, policy: LocalePolicy = .standard) {
        self.fileLocales = fileLocales
        self.defaultLocale = defaultLocale
        matcher = LocaleMatcher(available: fileLocales, defaultLocale: defaultLocale, mode: .cldr, policy: policy)
    }

    /// The device locales a lookup table covers: every locale ICU knows (`zh-Hans-CN`), each followed by
    /// its minimized spelling (`zh`, how iOS reports it) and its language-region spelling (`zh-CN`, how
    /// Android reports it) when they differ and are not listed yet.
    public static func deviceLocaleKeys() -> [String] {
        var keys: [String] = []
        var seen: Set<String> = []
        for tag in knownLocaleTags() {
            var spellings = [tag]
            if let parsed = try? LanguageTag(parsing: tag) {
                spellings.append(parsed.minimized)
                if !parsed.maximized.region.isEmpty { spellings.append("\(parsed.maximized.language)-\(parsed.maximized.region)") }
            }
            for spelling in spellings where !spelling.isEmpty && seen.insert(spelling).inserted {
                keys.append(spelling)
            }
        }
        return keys
    }

    /// The file locale (as spelled) for one device locale; the default when nothing matches.
    public func fileLocale(for deviceLocale: String) -> String {
        matcher.match([deviceLocale]).matched
    }

    /// Every tag of `deviceLocales` (by default every locale ICU knows) mapped to its file locale, in
    /// the order of `deviceLocales`.
    public func table(for deviceLocales: [String] = knownLocaleTags()) -> [(deviceLocale: String, fileLocale: String)] {
        deviceLocales.map { ($0, fileLocale(for: $0)) }
    }
}
