import ArgumentKit
import LocaleKit
import PaywallModel

/// `paywalls locale explain TAG`: how a tag is read, as JSON.
enum LocaleExplainCommand: Command {
    static let spec = CommandSpec(
        name: "explain",
        abstract: "Show how a language tag is read: canonical form, likely subtags, parent and fallback chain.",
        discussion: """
            Prints JSON with the input, its canonical BCP-47 tag (CLDR aliases applied: iw-IL -> he-IL,
            sh -> sr-Latn), language, script, region, the tag with likely subtags added (maximized) and
            removed (minimized), its CLDR parent and the fallback chain used by `--mode cldr`, which ends at
            the policy's default locale. An invalid tag exits 65 with the reason.
            """,
        arguments: [ArgumentSpec("tag", help: "A language tag, in any case, with '-' or '_' (pt_BR, zh-Hant-TW, iw).")],
        examples: [CommandExample("How an Android locale is read, and the chain it falls back along:", ["locale", "explain", "pt_BR"])]
    )

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        let policy = try context.localePolicy(arguments)
        let input = arguments.arguments[0]
        let tag: LanguageTag
        do {
            tag = try policy.languageTag(for: input)
        } catch {
            throw CommandFailure(exitCode: .dataError, message: error.description)
        }
        let chain = FallbackChain(for: tag).elements.map(\.identifier)
        let json = JSONValue.object(JSONObject([
            "input": .string(input),
            "tag": .string(tag.identifier),
            "language": .string(tag.language),
            "script": .optional(tag.script),
            "region": .optional(tag.region),
            "hasVariantsOrExtensions": .bool(tag.hasVariantsOrExtensions),
            "maximized": .string(tag.maximized.description),
            "minimized": .string(tag.minimized),
            "parent": .optional(chain.dropFirst().first),
            "chain": .strings(chain.last == policy.defaultLocale ? chain : chain + [policy.defaultLocale]),
        ]))
        context.standardOutput.writeJSON(json)
    }
}
