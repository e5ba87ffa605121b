import Digests
import FixtureSupport
import Foundation
import LocaleKit
import PaywallModel
import PaywallResolver
import Testing

/// `FallbackFileSet`: per-locale vendor fallback files built from the sample export, read back through
/// the project's own importer; `FallbackDirectoryWriter`: the set on disk, replaced as a whole.
@Suite struct FallbackFileSetTests {
    static func decode(path: String) throws -> PaywallExport {
        let data = try Data(contentsOf: Repository.file(path))
        return try data.withUnsafeBytes { bytes throws(InvalidExport) in
            try ExportDecoder(localeProblem: { localeKeyProblem($0) }).decode(bytes)
        }
    }

    static func decode(text: String) throws -> PaywallExport {
        try Array(text.utf8).withUnsafeBytes { bytes throws(InvalidExport) in
            try ExportDecoder(localeProblem: { localeKeyProblem($0) }).decode(bytes, format: .adaptyFallback)
        }
    }

    static let sample = try! decode(path: "sync-config/sample-export.json")

    static func manifest(_ set: FallbackFileSet) throws -> [String: Any] {
        let manifest = set.manifest(describing: set.files.map { FallbackFileSet.FileSummary($0, contents: $0.contents) })
        let value = try JSONSerialization.jsonObject(with: Data(manifest.utf8))
        return try #require(value as? [String: Any])
    }

    /// The localization a `cldr` chain for `locale` takes the paywall's remote config from.
    static func remoteConfigSource(of paywall: Paywall, for locale: String) -> Localization? {
        let matcher = LocaleMatcher(available: paywall.localizations.map(\.locale), defaultLocale: paywall.defaultLocale, mode: .cldr)
        return matcher.match([locale]).fallbackOrder.map { paywall.localizations[$0] }.first { $0.remoteConfig != nil }
    }

    /// Formats 8 and 9 hold paywalls (formats 10 and 11 have none: `FallbackKindsTests`). A
    /// paywall-export names no Paywall Builder layout: each file carries the remote config the file's
    /// locale gets, labelled with the localization it came from, and no builder.
    @Test(arguments: [8, 9])
    func eachFileParsesBackWithItsPlacementsWeightsAndLocale(version: Int) throws {
        let set = try FallbackFileSet(export: Self.sample, snapshotKey: "000001-abc", version: version, deviceLocales: ["zh-TW"])
        #expect(set.files.map(\.locale) == ["en", "pt-br", "pt", "zh-hant", "zh", "es-419", "es", "de", "ar", "ja"])
        for file in set.files {
            #expect(file.name == "fallback.\(file.locale).json")
            let back = try Self.decode(text: file.contents)
            #expect(back.format == .adaptyFallback(version: version))
            #expect(back.placements.map(\.id) == Self.sample.placements.filter { $0.audiences.contains(where: \.isDefault) }.map(\.id))
            for placement in back.placements {
                let audience = Self.sample.placements.first { $0.id == placement.id }?.audiences.first { $0.isDefault }
                let original = try #require(audience)
                #expect(placement.audiences.count == 1)
                #expect(placement.audiences[0].versionID == original.versionID)
                #expect(placement.audiences[0].variations == original.variations)
            }
            for paywall in back.paywalls {
                let original = try #require(Self.sample.paywalls.first { $0.id == paywall.id })
                let source = try #require(Self.remoteConfigSource(of: original, for: file.locale))
                #expect(paywall.localizations.map(\.locale) == [source.locale], "\(paywall.id) in \(file.name)")
                #expect(paywall.localizations[0].remoteConfig == source.remoteConfig)
                #expect(paywall.view == nil)
            }
        }
    }

    @Test func remoteConfigsSayTheLocalizationTheyCameFrom() throws {
        let set = try FallbackFileSet(export: Self.sample, snapshotKey: "s", locales: ["pt_BR", "fr-CA", "es-MX"], deviceLocales: [])
        #expect(set.files.map(\.name) == ["fallback.pt-br.json", "fallback.fr-ca.json", "fallback.es-mx.json"])
        let original = try #require(Self.sample.paywalls.first { $0.id == "pw_onboarding_hero" })
        let configs = try set.files.map { file in
            let back = try Self.decode(text: file.contents)
            return try #require(back.paywalls.first { $0.id == "pw_onboarding_hero" }?.localizations.first)
        }
        func config(_ locale: String) -> JSONValue? { original.localizations.first { $0.locale == locale }?.remoteConfig }
        #expect(configs[0].locale == "pt-br")
        #expect(configs[0].remoteConfig == config("pt-br"))
        // No French: the default's content, and it says so, rather than claiming to be French.
        #expect(configs[1].locale == "en")
        #expect(configs[1].remoteConfig == config("en"))
        // es-419 has strings but no remote config: es-MX's comes from es, next along the chain.
        #expect(configs[2].locale == "es")
        #expect(configs[2].remoteConfig == config("es"))
    }

    @Test func theManifestListsTheFilesAndLooksUpEveryDeviceLocale() throws {
        let set = try FallbackFileSet(export: Self.sample, snapshotKey: "000001-abc", platform: .android, version: 8)
        let manifest = try Self.manifest(set)
        #expect(manifest["snapshot"] as? String == "000001-abc")
        #expect(manifest["platform"] as? String == "android")
        #expect(manifest["format_version"] as? Int == 8)
        let files = try #require(manifest["files"] as? [[String: Any]])
        #expect(files.count == set.files.count)
        for (entry, file) in zip(files, set.files) {
            #expect(entry["locale"] as? String == file.locale)
            #expect(entry["path"] as? String == file.name)
            #expect(entry["bytes"] as? Int == file.contents.utf8.count)
            #expect(entry["sha256"] as? String == Digest.hex(Digest.bytes(of: file.contents, using: .sha256)))
        }
        let lookup = try #require(manifest["lookup"] as? [String: String])
        #expect(lookup.count >= knownLocaleTags().count)
        #expect(lookup["zh-TW"] == "fallback.zh-hant.json")
        #expect(lookup["zh-HK"] == "fallback.zh-hant.json")
        #expect(lookup["zh-Hant-TW"] == "fallback.zh-hant.json")
        #expect(lookup["es-MX"] == "fallback.es-419.json")
        #expect(lookup["pt-PT"] == "fallback.pt.json")
        #expect(lookup["pt-BR"] == "fallback.pt-br.json")
        #expect(lookup["fr-CA"] == "fallback.en.json")
        #expect(Set(lookup.values).isSubset(of: Set(set.files.map(\.name))))
    }

    @Test func aVendorFileWritesBackForItsOwnLocale() throws {
        let vendor = try Self.decode(path: "sync-config/sample-adapty-fallback-v9.json")
        let set = try FallbackFileSet(export: vendor, snapshotKey: "s", version: 9, deviceLocales: [])
        let back = try Self.decode(text: set.files[0].contents)
        #expect(back.placements.map(\.id) == vendor.placements.map(\.id))
        #expect(back.placements.flatMap(\.audiences).map(\.variations) == vendor.placements.flatMap(\.audiences).map(\.variations))
        #expect(back.products.map(\.vendorProductID) == vendor.products.map(\.vendorProductID))
    }

    @Test func rejectsBadVersionsAndLocales() {
        #expect(throws: FallbackFileSet.BuildError.unsupportedVersion(7)) {
            try FallbackFileSet(export: Self.sample, snapshotKey: "s", version: 7, deviceLocales: [])
        }
        #expect(throws: FallbackFileSet.BuildError.self) {
            try FallbackFileSet(export: Self.sample, snapshotKey: "s", locales: ["../etc"], deviceLocales: [])
        }
    }
}

@Suite final class FallbackDirectoryWriterTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("fallback-writer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    @Test func writesTheSetAndReplacesAnExistingDirectoryWhole() throws {
        let out = directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try Data("stale".utf8).write(to: out.appendingPathComponent("fallback.xx.json"))
        try Data("{}".utf8).write(to: out.appendingPathComponent("manifest.json"))  // an earlier set
        let set = try FallbackFileSet(export: FallbackFileSetTests.sample, snapshotKey: "s", locales: ["en", "zh-TW"], deviceLocales: ["zh-HK"])
        let written = try FallbackDirectoryWriter.write(set, to: out.path)
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(names == ["fallback.en.json", "fallback.zh-tw.json", "manifest.json"])
        #expect(written.map(\.name) == set.files.map(\.name))
        for file in written {
            let data = try Data(contentsOf: out.appendingPathComponent(file.name))
            #expect(data.count == file.bytes)
            #expect(data.withUnsafeBytes { Digest.hex(Digest.bytes(of: $0, using: .sha256)) } == file.sha256)
        }
        // Nothing left beside it: no temporary or old directory.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out"])
    }

    /// A directory that is neither empty nor an earlier set is the user's: it is refused, not replaced.
    @Test func refusesToReplaceADirectoryItDidNotWrite() throws {
        let out = directory.appendingPathComponent("documents")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: out.appendingPathComponent("notes.txt"))
        let set = try FallbackFileSet(export: FallbackFileSetTests.sample, snapshotKey: "s", locales: ["en"], deviceLocales: [])
        #expect(throws: FallbackDirectoryWriter.WriteError.self) { try FallbackDirectoryWriter.write(set, to: out.path) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["notes.txt"])
        #expect(try String(contentsOf: out.appendingPathComponent("notes.txt"), encoding: .utf8) == "keep me")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["documents"])
    }

    /// Files that together would pass the bound are refused before the one that passes it is written; the earlier
    /// set stays, and nothing is left beside it.
    @Test func refusesASetPastItsBoundAndKeepsTheEarlierSet() throws {
        let out = directory.appendingPathComponent("out")
        let set = try FallbackFileSet(export: FallbackFileSetTests.sample, snapshotKey: "s", locales: ["en", "de", "ja"], deviceLocales: [])
        let earlier = try FallbackDirectoryWriter.write(set, to: out.path)
        let bound = earlier[0].bytes + earlier[1].bytes + earlier[2].bytes - 1
        do {
            try FallbackDirectoryWriter.write(set, to: out.path, maximumBytes: bound)
            Issue.record("a set past its bound was written")
        } catch {
            #expect(error.kind == .tooLarge)
            #expect(error.message.hasPrefix("the fallback files would pass "))
            #expect(error.message.hasSuffix(", the most fallbacks writes, at fallback.ja.json (2 of 3 files): nothing written; choose fewer locales (--locales)"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["fallback.de.json", "fallback.en.json", "fallback.ja.json", "manifest.json"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out"])
    }

    /// A run killed mid-write leaves its temporary directory; the next run removes it, and leaves a running one's alone.
    @Test func removesTheTemporaryDirectoriesOfRunsNoLongerAlive() throws {
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let dead = directory.appendingPathComponent(".out.tmp-\(finished.processIdentifier)-12345")
        let alive = directory.appendingPathComponent(".out.tmp-\(getpid())-67890")
        for leftover in [dead, alive] {
            try FileManager.default.createDirectory(at: leftover, withIntermediateDirectories: true)
            try Data("half a file".utf8).write(to: leftover.appendingPathComponent("fallback.en.json"))
        }
        let set = try FallbackFileSet(export: FallbackFileSetTests.sample, snapshotKey: "s", locales: ["en"], deviceLocales: [])
        try FallbackDirectoryWriter.write(set, to: directory.appendingPathComponent("out").path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [alive.lastPathComponent, "out"])
    }
}

@Suite struct EpochMillisecondsTests {
    @Test(arguments: [
        ("2026-11-29T12:00:00Z", 1_795_953_600_000),
        ("1970-01-01T00:00:00Z", 0),
        ("2026-11-29T14:00:00.250+02:00", 1_795_953_600_250),
        ("2000-02-29T23:59:59.999Z", 951_868_799_999),
    ])
    func readsISO8601(_ text: String, _ expected: Int) {
        #expect(epochMilliseconds(iso8601: text) == expected)
    }

    @Test func isTheInverseOfTheImportersConversion() throws {
        let set = try FallbackFileSet(export: FallbackFileSetTests.sample, snapshotKey: "s", locales: ["en"], deviceLocales: [])
        let back = try FallbackFileSetTests.decode(text: set.files[0].contents)
        #expect(back.exportedAt == FallbackFileSetTests.sample.exportedAt)
        #expect(set.files[0].contents.contains("\"response_created_at\":1795953600000"))
        #expect(epochMilliseconds(iso8601: "not a date") == nil)
    }
}
