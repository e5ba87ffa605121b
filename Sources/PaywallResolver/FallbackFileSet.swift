import Digests
import LocaleKit
import PaywallModel

/// One vendor fallback file per locale (docs/contracts.md, "Fallback files"), built from a snapshot's export:
/// each placement's default-audience variations as the file's locale gets them, plus the manifest apps
/// read to pick a file. Each file's text is made when asked for (`File.contents`), so that
/// `FallbackDirectoryWriter` holds one file at a time: a set can be far larger than the export.
///
/// Each format version holds the kinds of placement the vendor's SDKs of that version read
/// (`PlacementKind.fallbackFormats`): paywalls in 8 and 9, onboardings in 8 to 11, flows in 10 and 11.
/// A placement of a kind the version does not hold is left out with a warning; when none is left, the
/// set is not built. Per kind, the file for a locale carries: a paywall's remote config and Paywall
/// Builder strings merged along the locale's `cldr` chain, as `resolve` merges them; an onboarding as
/// it is (the vendor's web builder localizes it); a flow with every language, reordered and defaulted
/// for the locale (`FlowInLocale`).
///
/// Every file holds what the vendor's SDKs of its version require (docs/formats.md). A snapshot
/// imported from a vendor file is written from the document it was imported from, in any version
/// (`RawDocumentWriter`): every key it had is kept (layouts, styles, offers, unknown keys), converted
/// where the target version names it otherwise, and only what the file's locale changes is replaced;
/// so the file in the document's own version for its own locale (for flows, their default locale) is
/// the same JSON value as the document. Other exports are written from the model
/// (`ModelDocumentWriter`): a paywall-export names no Paywall Builder layout, and its paywalls carry
/// none.
public struct FallbackFileSet {
    public static let supportedVersions = 8...11
    public static let defaultVersion = 9

    public enum Platform: String, CaseIterable, Sendable {
        case ios, android
    }

    public struct File {
        /// The canonical tag, lower-cased (`zh-hant`).
        public let locale: String
        /// `fallback.<locale>.json`.
        public let name: String
        fileprivate let render: (String) -> JSONValue

        /// The file's text, made anew on each call.
        public var contents: String { render(locale).rendered(pretty: false) + "\n" }
    }

    /// What the manifest says of a file, from its text.
    public struct FileSummary: Sendable, Equatable {
        public let locale: String
        public let name: String
        public let bytes: Int
        public let sha256: String

        public init(_ file: File, contents: String) {
            locale = file.locale
            name = file.name
            bytes = contents.utf8.count
            sha256 = Digest.hex(Digest.bytes(of: contents, using: .sha256))
        }
    }

    public let files: [File]
    private let snapshotKey: String
    private let platform: Platform
    private let version: Int
    private let defaultName: String
    /// The manifest's `lookup`.
    private let lookup: JSONObject
    /// What was left out, and why (placements without a default audience or of a kind the version
    /// does not hold, layouts format 10 has no place for, locales given twice).
    public let warnings: [String]

    public enum BuildError: Error, Equatable, CustomStringConvertible {
        case unsupportedVersion(Int)
        case invalidLocale(String, reason: String)
        case noLocales
        /// Every placement was left out: the warnings that say why.
        case nothingToWrite(version: Int, leftOut: [String])

        public var description: String {
            switch self {
            case let .unsupportedVersion(version):
                return "unsupported fallback format version \(version) (supported: \(supportedVersions.lowerBound) to \(supportedVersions.upperBound))"
            case let .invalidLocale(input, reason): return "invalid locale '\(input)': \(reason)"
            case .noLocales: return "no locale to write a file for (the content this format version holds has no language)"
            case let .nothingToWrite(version, leftOut):
                let shown = leftOut.prefix(3).joined(separator: "; ") + (leftOut.count > 3 ? "; and \(leftOut.count - 3) more" : "")
                return "nothing to write in format \(version): " + (leftOut.isEmpty ? "the snapshot has no placement" : shown)
            }
        }
    }

    /// The format version of a snapshot imported from a vendor file (`adapty-fallback v10`), else nil.
    public static func importedVersion(format: String) -> Int? {
        let prefix = "adapty-fallback v"
        guard format.hasPrefix(prefix), let version = Int(format.dropFirst(prefix.count)), supportedVersions.contains(version) else { return nil }
        return version
    }

    /// - Parameters:
    ///   - locales: the locales to write files for, as given; nil for every language of the content the
    ///     version holds (`contentLocales`). Each is canonicalized, and files are named from the
    ///     canonical tags only.
    ///   - snapshotKey: what the manifest names the snapshot by.
    ///   - deviceLocales: the lookup's keys (every locale ICU knows, and their minimized and language-region
    ///     spellings, by default).
    public init(export: PaywallExport, snapshotKey: String, platform: Platform = .ios, version: Int = defaultVersion,
                locales: [String]? = nil, policy: LocalePolicy = .standard,
                deviceLocales: [String] = FallbackLookup.deviceLocaleKeys()) throws(BuildError) {
        guard Self.supportedVersions.contains(version) else { throw .unsupportedVersion(version) }
        var warnings: [String] = []
        let placements = Self.placements(of: export, version: version, warnings: &warnings)
        guard !placements.isEmpty else { throw .nothingToWrite(version: version, leftOut: warnings) }

        let requested = locales ?? Self.contentLocales(of: export, version: version)
        var fileLocales: [String] = []
        var tagByFileLocale: [String: String] = [:]
        for input in requested {
            let tag: LanguageTag
            do {
                tag = try policy.languageTag(for: input).base
            } catch {
                // Every localization key of a stored export was checked at import: only --locales gets here.
                guard locales != nil else { continue }
                throw .invalidLocale(input, reason: error.description)
            }
            if tag.language == "und" {
                guard locales != nil else { continue }
                throw .invalidLocale(input, reason: "names no language")
            }
            let fileLocale = tag.identifier.lowercased()
            if tagByFileLocale[fileLocale] != nil {
                if locales != nil { warnings.append("locale '\(input)' is \(fileLocale), already listed") }
                continue
            }
            tagByFileLocale[fileLocale] = tag.identifier
            fileLocales.append(fileLocale)
        }
        guard !fileLocales.isEmpty else { throw .noLocales }

        let content = FallbackContent(export: export, version: version, placements: placements, policy: policy)
        warnings += content.warnings
        let document: (String) -> JSONValue
        if case let .adaptyFallback(sourceVersion) = export.format, case let .object(root)? = export.sourceDocument {
            document = RawDocumentWriter(content: content, root: root, sourceVersion: sourceVersion).document(locale:)
        } else {
            document = ModelDocumentWriter(content: content).document(locale:)
        }
        files = fileLocales.map { locale in File(locale: locale, name: "fallback.\(locale).json", render: document) }

        // The default's file: the export's default locale when it has a file, else the first file.
        let defaultFile = (try? policy.languageTag(for: export.defaultLocale).base.identifier.lowercased())
            .flatMap { tagByFileLocale[$0] != nil ? $0 : nil } ?? fileLocales[0]
        let matcher = FallbackLookup(fileLocales: fileLocales, defaultLocale: defaultFile, policy: policy)
        let names = Dictionary(files.map { ($0.locale, $0.name) }, uniquingKeysWith: { first, _ in first })
        var table = JSONObject()
        var seen: Set<String> = []
        for device in deviceLocales where seen.insert(device).inserted {
            table.append(device, .string(names[matcher.fileLocale(for: device)] ?? names[defaultFile]!))
        }
        self.snapshotKey = snapshotKey
        self.platform = platform
        self.version = version
        defaultName = names[defaultFile]!
        self.lookup = table
        self.warnings = warnings
    }

    /// `manifest.json`'s text, for `files` as they were written.
    public func manifest(describing files: [FileSummary]) -> String {
        JSONValue.object(JSONObject([
            "snapshot": .string(snapshotKey),
            "platform": .string(platform.rawValue),
            "format_version": .number(String(version)),
            "default": .string(defaultName),
            "files": .array(files.map { file in
                .object(JSONObject([
                    "locale": .string(file.locale),
                    "path": .string(file.name),
                    "bytes": .number(String(file.bytes)),
                    "sha256": .string(file.sha256),
                ]))
            }),
            "lookup": .object(lookup),
        ])).rendered(pretty: true) + "\n"
    }

    /// The placements a file of `version` holds, each with its default audience; the others are named
    /// in `warnings`, with the formats that hold them.
    private static func placements(of export: PaywallExport, version: Int,
                                   warnings: inout [String]) -> [(placement: Placement, audience: Audience)] {
        export.placements.compactMap { placement in
            guard placement.kind.fallbackFormats.contains(version) else {
                warnings.append("placement '\(placement.id)' shows \(placement.kind.rawValue)s, which \(placement.kind.fallbackFormatsDescription) hold, "
                                + "not format \(version): left out")
                return nil
            }
            guard let audience = placement.audiences.filter(\.isDefault).min(by: { $0.priority < $1.priority }) else {
                warnings.append("placement '\(placement.id)' has no default audience: left out")
                return nil
            }
            return (placement, audience)
        }
    }

    /// The languages of the content `version` holds, as spelled, in export order: paywalls'
    /// localizations, flows' languages (each flow carries all of them), and onboardings' builder and
    /// remote config languages, so that a snapshot of onboardings only still has a file.
    static func contentLocales(of export: PaywallExport, version: Int) -> [String] {
        var locales: [String] = []
        if PlacementKind.paywall.fallbackFormats.contains(version) {
            locales += export.paywalls.flatMap { $0.localizations.map(\.locale) }
        }
        if PlacementKind.flow.fallbackFormats.contains(version) {
            locales += export.flows.flatMap(\.locales)
        }
        if PlacementKind.onboarding.fallbackFormats.contains(version) {
            locales += export.onboardings.flatMap { [$0.builderLocale] + ($0.remoteConfig.map { [$0.locale] } ?? []) }
        }
        return locales
    }
}
