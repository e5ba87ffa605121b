import Digests
import LocaleKit
import PaywallModel

/// One vendor fallback file per locale (SPEC §4.2), built from a snapshot's export: each placement's
/// default-audience variations carry the remote config and Paywall Builder localization resolved for
/// the file's locale (strings merged along the `cldr` chain, as `resolve` does), plus the manifest
/// apps read to pick a file. Built in memory; `FallbackDirectoryWriter` puts it on disk.
///
/// Keys the model does not keep (layouts, styles, unknown vendor keys) are written only when the
/// export carries the vendor document it was imported from (`sourceDocument`) and the set is written
/// in that document's own format version: each file is then that document with only the localized
/// parts of its variations replaced (see `RawDocumentWriter`), and a variation whose file locale
/// resolves to the localization it already carries is kept as it was, so the file for the document's
/// own locale is the same JSON value as the document. Otherwise the files are built from the model.
public struct FallbackFileSet: Sendable {
    public static let supportedVersions = 8...11
    public static let defaultVersion = 9

    public enum Platform: String, CaseIterable, Sendable {
        case ios, android
    }

    public struct File: Sendable, Equatable {
        /// The canonical tag, lower-cased (`zh-hant`).
        public let locale: String
        /// `fallback.<locale>.json`.
        public let name: String
        public let contents: String
        public var bytes: Int { contents.utf8.count }
        public var sha256: String { Digest.hex(Digest.bytes(of: contents, using: .sha256)) }
    }

    public let files: [File]
    /// `manifest.json`'s text.
    public let manifest: String
    /// What was left out, and why (placements without a default audience, locales given twice).
    public let warnings: [String]

    public enum BuildError: Error, Equatable, CustomStringConvertible {
        case unsupportedVersion(Int)
        case invalidLocale(String, reason: String)
        case noLocales

        public var description: String {
            switch self {
            case let .unsupportedVersion(version):
                return "unsupported fallback format version \(version) (supported: \(supportedVersions.lowerBound) to \(supportedVersions.upperBound))"
            case let .invalidLocale(input, reason): return "invalid locale '\(input)': \(reason)"
            case .noLocales: return "no locale to write a file for (the snapshot's paywalls have no localization)"
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
    ///   - locales: the locales to write files for, as given; nil for every localization locale of the
    ///     export's paywalls. Each is canonicalized, and files are named from the canonical tags only.
    ///   - snapshotKey: what the manifest names the snapshot by.
    ///   - deviceLocales: the lookup's keys (every locale ICU knows, and their minimized spellings, by default).
    public init(export: PaywallExport, snapshotKey: String, platform: Platform = .ios, version: Int = defaultVersion,
                locales: [String]? = nil, policy: LocalePolicy = .standard,
                deviceLocales: [String] = FallbackLookup.deviceLocaleKeys()) throws(BuildError) {
        guard Self.supportedVersions.contains(version) else { throw .unsupportedVersion(version) }
        var warnings: [String] = []
        let requested = locales ?? export.paywalls.flatMap { $0.localizations.map(\.locale) }
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

        let paywalls = Dictionary(export.paywalls.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let products = Dictionary(export.products.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var placements: [(placement: Placement, audience: Audience)] = []
        for placement in export.placements {
            guard let audience = placement.audiences.filter(\.isDefault).min(by: { $0.priority < $1.priority }) else {
                warnings.append("placement '\(placement.id)' has no default audience: left out")
                continue
            }
            placements.append((placement, audience))
        }
        let context = Context(version: version, revision: export.revision, exportedAt: export.exportedAt, paywalls: paywalls,
                              products: products, policy: policy)
        let rawWriter: RawDocumentWriter?
        if let document = export.sourceDocument, export.format == .adaptyFallback(version: version), case let .object(root) = document {
            rawWriter = RawDocumentWriter(context: context, root: root)
        } else {
            rawWriter = nil
        }
        files = fileLocales.map { locale in
            let document = rawWriter?.document(locale: locale) ?? context.document(locale: locale, placements: placements)
            return File(locale: locale, name: "fallback.\(locale).json", contents: document.rendered(pretty: false) + "\n")
        }

        // The default's file: the export's default locale when it has a file, else the first file.
        let defaultFile = (try? policy.languageTag(for: export.defaultLocale).base.identifier.lowercased())
            .flatMap { tagByFileLocale[$0] != nil ? $0 : nil } ?? fileLocales[0]
        let lookup = FallbackLookup(fileLocales: fileLocales, defaultLocale: defaultFile, policy: policy)
        let names = Dictionary(files.map { ($0.locale, $0.name) }, uniquingKeysWith: { first, _ in first })
        var table = JSONObject()
        var seen: Set<String> = []
        for device in deviceLocales where seen.insert(device).inserted {
            table.append(device, .string(names[lookup.fileLocale(for: device)] ?? names[defaultFile]!))
        }
        manifest = JSONValue.object(JSONObject([
            "snapshot": .string(snapshotKey),
            "platform": .string(platform.rawValue),
            "format_version": .number(String(version)),
            "default": .string(names[defaultFile]!),
            "files": .array(files.map { file in
                .object(JSONObject([
                    "locale": .string(file.locale),
                    "path": .string(file.name),
                    "bytes": .number(String(file.bytes)),
                    "sha256": .string(file.sha256),
                ]))
            }),
            "lookup": .object(table),
        ])).rendered(pretty: true) + "\n"
        self.warnings = warnings
    }
}

/// What every file of a set shares.
struct Context {
    let version: Int
    let revision: Int
    let exportedAt: String
    let paywalls: [String: Paywall]
    let products: [String: Product]
    let policy: LocalePolicy

    func document(locale: String, placements: [(placement: Placement, audience: Audience)]) -> JSONValue {
        var data = JSONObject()
        var sharedBuilders = JSONObject()
        for (placement, audience) in placements {
            var variations: [JSONValue] = []
            for variation in audience.variations {
                guard let paywall = paywalls[variation.paywallID] else { continue }
                let content = localizedContent(of: paywall, for: locale)
                // Strings need a builder configuration to travel in, also for a paywall without a view.
                let view = paywall.view ?? (content.strings.members.isEmpty ? nil
                    : ViewConfiguration(templateID: nil, assets: JSONObject(), timers: [], customActions: []))
                let builder = view.map { builderConfig(paywall: paywall, view: $0, content: content, locale: locale) }
                if version >= 10, let builder, sharedBuilders[paywall.id] == nil {
                    sharedBuilders.append(paywall.id, builder)
                }
                variations.append(variationObject(variation, paywall: paywall, content: content, builder: builder, locale: locale))
            }
            var placementMeta = JSONObject()
            placementMeta.append("developer_id", .string(placement.id))
            placementMeta.append("audience_name", .string(audience.name))
            placementMeta.append("placement_audience_version_id", .string(audience.versionID))
            placementMeta.append("revision", .number(String(revision)))
            data.append(placement.id, .object(JSONObject([
                "data": .array(variations),
                "meta": .object(JSONObject(["placement": .object(placementMeta)])),
            ])))
        }
        var root = JSONObject()
        root.append("data", .object(data))
        root.append("meta", .object(JSONObject([
            "version": .number(String(version)),
            // Epoch milliseconds, as the vendor writes them; the text as stated when it does not read as a time.
            "response_created_at": epochMilliseconds(iso8601: exportedAt).map { .number(String($0)) } ?? .string(exportedAt),
            "developer_ids": .array(data.keys.map(JSONValue.string)),
        ])))
        if version >= 10 { root.append("ui_builder", .object(sharedBuilders)) }
        return .object(root)
    }

    /// The paywall's localizations along the `cldr` chain of `locale`, merged as `resolve` merges them.
    func localizedContent(of paywall: Paywall, for locale: String) -> LocalizedContent {
        LocalizedContent(merging: chain(of: paywall, for: locale), view: paywall.view)
    }

    /// The paywall's localizations along the `cldr` chain of `locale`, most specific first.
    func chain(of paywall: Paywall, for locale: String) -> [Localization] {
        let available = paywall.localizations.map(\.locale)
        let match = LocaleMatcher(available: available, defaultLocale: paywall.defaultLocale, mode: .cldr, policy: policy).match([locale])
        return match.fallbackOrder.map { paywall.localizations[$0] }
    }

    private func variationObject(_ variation: Variation, paywall: Paywall, content: LocalizedContent, builder: JSONValue?,
                                 locale: String) -> JSONValue {
        var object = JSONObject()
        object.append("variation_id", .string(variation.variationID))
        object.append("paywall_id", .string(paywall.id))
        object.append("paywall_name", .string(paywall.name))
        object.append("weight", .number(String(variation.weight)))
        object.append("products", .array(paywall.productIDs.map { id in
            var product = JSONObject()
            let known = products[id]
            product.append("vendor_product_id", .string(known?.vendorProductID ?? id))
            product.append("adapty_product_id", .string(id))
            if let accessLevel = known?.accessLevelID { product.append("access_level_id", .string(accessLevel)) }
            return .object(product)
        }))
        if let config = content.remoteConfig {
            let entry = JSONObject([version >= 11 ? "locale" : "lang": .string(locale), "data": .string(config.rendered())])
            if version >= 11 {
                object.append("remote_configs", .array([.object(entry)]))
            } else {
                object.append("remote_config", .object(entry))
            }
        }
        if let builder {
            var paywallBuilder = JSONObject()
            // The model keeps no builder id of its own: the paywall's id names its configuration.
            paywallBuilder.append("paywall_builder_id", .string(paywall.id))
            paywallBuilder.append("lang", .string(locale))
            if version < 10 { paywallBuilder.append("paywall_builder_config", builder) }
            object.append("paywall_builder", .object(paywallBuilder))
        }
        return .object(object)
    }

    /// The Paywall Builder configuration with the one localization resolved for `locale`.
    private func builderConfig(paywall: Paywall, view: ViewConfiguration, content: LocalizedContent, locale: String) -> JSONValue {
        var config = JSONObject()
        config.append("format", .string("4.0.0"))
        if let templateID = view.templateID { config.append("template_id", .string(templateID)) }
        config.append("default_localization", .string(locale))
        config.append("assets", Self.assetList(view.assets))
        var localization = JSONObject()
        localization.append("id", .string(locale))
        localization.append("is_right_to_left", .bool(content.isRightToLeft))
        localization.append("strings", .array(content.strings.members.map { member in
            .object(JSONObject(["id": .string(member.key), "value": member.value]))
        }))
        // The view's assets are at the top; the localization carries those its chain overrides.
        var overridden = JSONObject()
        for member in content.assets.members where view.assets[member.key] != member.value {
            overridden.append(member.key, member.value)
        }
        if !overridden.members.isEmpty { localization.append("assets", Self.assetList(overridden)) }
        config.append("localizations", .array([.object(localization)]))
        if !view.customActions.isEmpty {
            // Where the SDK looks for them does not matter to the importer: any `custom` action counts.
            config.append("custom_actions", .array(view.customActions.map { id in
                .object(JSONObject(["type": .string("custom"), "custom_id": .string(id)]))
            }))
        }
        return .object(config)
    }

    /// Assets as the vendor lists them (objects with an `id`), or keyed by id when one is not an object.
    static func assetList(_ assets: JSONObject) -> JSONValue {
        var list: [JSONValue] = []
        for member in assets.members {
            guard case let .object(fields) = member.value else { return .object(assets) }
            var asset = JSONObject()
            asset.append("id", .string(member.key))
            for field in fields.members where field.key != "id" { asset.append(field.key, field.value) }
            list.append(.object(asset))
        }
        return .array(list)
    }
}
