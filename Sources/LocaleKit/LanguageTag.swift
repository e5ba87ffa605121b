import CICUBridge

/// A BCP-47 language tag, parsed strictly and canonicalized with full CLDR data through ICU.
///
/// `pt_BR`, `pt-br` and `PT-BR` all parse to `pt-BR`; legacy codes take their CLDR replacements
/// (`iw` -> `he`, `sh` -> `sr-Latn`, `tl` -> `fil`).
public struct LanguageTag: Hashable, Sendable, CustomStringConvertible {
    public static let maximumLength = Int(PW_TAG_CAPACITY) - 1

    /// The canonical BCP-47 spelling, variants and extensions included.
    public let identifier: String
    /// The input in BCP-47 syntax but not canonicalized (`sh`, `und-x-bork`, `en-PSCRACK`): what ICU's
    /// own matcher is given in `--mode icu`, which canonicalizes in its own way.
    public let asWritten: String
    /// The language subtag, `und` when the tag names none.
    public let language: String
    public let script: String?
    public let region: String?
    public let hasVariantsOrExtensions: Bool
    /// The tag with likely subtags added to language, script and region.
    public let maximized: MaximizedLocale

    public init(parsing input: String) throws(LanguageTagError) {
        if let known = LocaleFacts.shared.tag(for: input) {
            self = known
            return
        }
        try self.init(askingICU: input)
        LocaleFacts.shared.record(self, for: input)
    }

    init(askingICU input: String) throws(LanguageTagError) {
        if input.isEmpty { throw .empty }
        if input.utf8.count > Self.maximumLength { throw .tooLong(input: input) }
        // A NUL would end the C string early and hide the rest of the input from the parser.
        if let nul = input.utf8.firstIndex(of: 0) {
            throw .malformed(input: input, offset: input.utf8.distance(from: input.utf8.startIndex, to: nul))
        }
        var info = PWLocaleInfo()
        let status = input.withCString { pw_locale_parse($0, &info) }
        switch status {
        case PWLocaleOK: break
        case PWLocaleTooLong: throw .tooLong(input: input)
        case PWLocaleNotALanguage: throw .notALanguage(input: input)
        case PWLocaleMalformed: throw .malformed(input: input, offset: Int(info.bad_offset))
        default: throw .icuFailure(input: input)
        }
        identifier = string(fromCCharacters: info.tag)
        asWritten = string(fromCCharacters: info.as_written)
        let language = string(fromCCharacters: info.language)
        self.language = language.isEmpty ? "und" : language
        script = string(fromCCharacters: info.script).nonEmpty
        region = string(fromCCharacters: info.region).nonEmpty
        hasVariantsOrExtensions = info.has_variants_or_extensions != 0
        maximized = MaximizedLocale(
            language: string(fromCCharacters: info.max_language),
            script: string(fromCCharacters: info.max_script),
            region: string(fromCCharacters: info.max_region)
        )
    }

    /// The parse as `LocaleFacts` keeps it.
    var facts: [String] {
        [identifier, asWritten, language, script ?? "", region ?? "", hasVariantsOrExtensions ? "1" : "0", maximized.language,
         maximized.script, maximized.region]
    }

    /// Reads `facts` back; nil for fields that cannot be.
    init?(facts: [String]) {
        guard facts.count == 9, !facts[0].isEmpty, !facts[2].isEmpty else { return nil }
        identifier = facts[0]
        asWritten = facts[1]
        language = facts[2]
        script = facts[3].nonEmpty
        region = facts[4].nonEmpty
        hasVariantsOrExtensions = facts[5] == "1"
        maximized = MaximizedLocale(language: facts[6], script: facts[7], region: facts[8])
    }

    /// Language, script and region only: variants and extensions never take part in matching.
    public var base: LanguageTag {
        guard hasVariantsOrExtensions else { return self }
        let subtags = [language, script, region].compactMap { $0 }.joined(separator: "-")
        // Subtags of a canonical tag always re-parse.
        return (try? LanguageTag(parsing: subtags)) ?? self
    }

    /// The shortest tag that maximizes to the same locale (`zh-Hant-TW` -> `zh-TW`); variants and
    /// extensions left out.
    public var minimized: String {
        var buffer = [CChar](repeating: 0, count: Int(PW_TAG_CAPACITY))
        pw_locale_minimize(maximized.language, maximized.script, maximized.region, &buffer)
        return string(fromCBuffer: buffer)
    }

    /// The parent CLDR names explicitly for this tag's region (`es-MX` -> `es-419`), or for a bare
    /// language when it is another language (`nb` and `nn` -> `no`), if any.
    public var explicitParent: LanguageTag? {
        let asked: (language: String, script: String, region: String)
        if region != nil {
            asked = (maximized.language, maximized.script, maximized.region)
        } else if script == nil {
            asked = (language, "", "")
        } else {
            return nil
        }
        let tag = LocaleFacts.shared.parent(of: "\(asked.language)|\(asked.script)|\(asked.region)") {
            var buffer = [CChar](repeating: 0, count: Int(PW_TAG_CAPACITY))
            pw_locale_explicit_parent(asked.language, asked.script, asked.region, &buffer)
            return string(fromCBuffer: buffer)
        }
        return tag.isEmpty ? nil : try? LanguageTag(parsing: tag)
    }

    /// Whether `script` is the script the language is written in by default (`Latn` for `pt`).
    public var hasDefaultScript: Bool {
        guard let languageOnly = try? LanguageTag(parsing: maximized.language) else { return false }
        return languageOnly.maximized.script == maximized.script
    }

    public var description: String { identifier }
}

extension String {
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
