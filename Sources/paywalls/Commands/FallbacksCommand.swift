import ArgumentKit
import PaywallModel
import PaywallResolver
import PaywallStore

/// `paywalls fallbacks --out DIR`: one vendor fallback file per locale, and a manifest apps read.
enum FallbacksCommand: Command {
    static let spec = CommandSpec(
        name: "fallbacks",
        abstract: "Write one vendor fallback file per locale from the current snapshot, with a manifest.",
        discussion: """
            Writes fallback.<locale>.json for each locale (default: every language of the content the
            format version holds), each placement's default-audience variations as a user of that locale
            gets them: paywalls (formats 8 and 9) with their remote config and Paywall Builder strings
            merged along the locale's chain, each `lang` naming the localization its content came from;
            onboardings (8 to 11) as they are, since the vendor's web builder localizes them; flows (10
            and 11) with every language, the locale's remote config first and its localizations the
            layouts' defaults. A placement of a kind the version does not hold is left out with a
            warning. Plus manifest.json: the files with their sizes and SHA-256, and `lookup`, which maps
            every locale ICU knows to the file an app on that device locale should load. The set is
            written beside DIR and renamed into place: DIR is replaced as a whole.

            Every file holds what the vendor's SDK of its version requires (docs/formats.md): in every
            version the placement's developer_id, audience_name, placement_audience_version_id,
            revision and ab_test_name, and epoch-millisecond response_created_at; products'
            adapty_product_id and vendor_product_id, from format 9 their access_level_id and
            product_type; a Paywall Builder layout whole (template_id, template_revision, styles) or
            none; a UI schema's format and screens. A snapshot imported from a vendor file is written
            from the imported document, in any version: every key it had is kept, what the version
            names otherwise is converted (format 8's products gain an access level, `premium` when
            none is named, and a type; format 10's flow schema becomes format 11's one layout, shown
            everywhere; format 11 written as 10 keeps each flow's first layout). A paywall-export names
            no Paywall Builder layout: its paywalls carry their remote config and no builder. The format
            version defaults to the snapshot's own when it was imported from a vendor file, else 9.
            """,
        options: [
            .source,
            .required("out", "dir", help: "The directory to write, replaced as a whole."),
            .value("platform", "name", help: "ios (default) or android."),
            .value("format-version", "n", help: "The vendor's fallback format: 8, 9, 10 or 11."),
            .value("locales", "list", help: "Comma-separated locales to write files for."),
        ],
        examples: [
            CommandExample("Write fallback files for every locale of the content, and their manifest.json, to ./fallbacks:",
                           ["fallbacks", "--out", "fallbacks"]),
            CommandExample("Android files of the vendor's format 8, for three locales:",
                           ["fallbacks", "--out", "fallbacks-android", "--platform", "android", "--format-version", "8", "--locales", "en,pt-BR,de"]),
        ]
    )

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        let out = arguments.requiredValue("out")
        guard !out.isEmpty else {
            throw UsageError(commandPath: arguments.commandPath, message: "missing --out <dir>")
        }
        let platform = try arguments.value("platform", expected: "ios or android", FallbackFileSet.Platform.init(rawValue:)) ?? .ios
        let requestedVersion = try arguments.value("format-version", expected: "8, 9, 10 or 11") { text in
            Int(text).flatMap { FallbackFileSet.supportedVersions.contains($0) ? $0 : nil }
        }
        let locales = try arguments.localeList()
        let policy = try context.localePolicy(arguments)
        let (snapshot, export) = try context.currentExport(arguments)
        let version = requestedVersion ?? FallbackFileSet.importedVersion(format: snapshot.format) ?? FallbackFileSet.defaultVersion
        let set: FallbackFileSet
        do {
            set = try FallbackFileSet(export: export, snapshotKey: snapshot.key, platform: platform, version: version,
                                      locales: locales, policy: policy)
        } catch {
            throw CommandFailure(exitCode: .dataError, message: error.description)
        }
        set.warnings.forEach(context.warn)
        let written: [FallbackFileSet.FileSummary]
        do {
            written = try FallbackDirectoryWriter.write(set, to: out)
        } catch {
            throw CommandFailure(exitCode: error.kind == .tooLarge ? .dataError : .ioError, message: error.message)
        }
        for file in written {
            context.standardOutput.writeLine("\(file.name)  \(file.locale)  \(file.bytes) bytes")
        }
        context.standardOutput.writeLine("wrote \(written.count) files and \(FallbackDirectoryWriter.manifestName) to \(out) "
                                         + "(snapshot \(snapshot.key), format \(version), \(platform.rawValue))")
    }
}
