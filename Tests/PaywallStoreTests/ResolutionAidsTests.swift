@testable import PaywallStore
import Testing

/// What import keeps for cold resolves (schema 5), prices and periods formatted and ICU's answers about
/// locales: kept per snapshot as given, read back, gone with their snapshot; a version 4 store gains the
/// tables and its snapshots have neither.
@Suite final class ResolutionAidsTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    static let texts = [
        FormattedText(locale: "pt-BR", key: "price BRL 49.90", text: "R$ 49,90"),
        FormattedText(locale: "pt-BR", key: "period 1 month", text: "1 mês"),
        FormattedText(locale: "de", key: "price BRL 49.90", text: "49,90 R$"),
    ]

    @Test func textsAreReadBackByLocaleAndKey() throws {
        let store = try PaywallStore.open(at: directory.store, create: true)
        let snapshot = try store.publish(Fixture.export(), source: "local", contentHash: Fixture.hash(1), importedAt: "2026-12-01T08:00:00Z",
                                         formattedTexts: Self.texts).snapshot
        #expect(try store.reader(of: snapshot).formattedTexts(for: "pt-BR", keys: ["price BRL 49.90", "period 1 month", "period 7 day"])
            == ["price BRL 49.90": "R$ 49,90", "period 1 month": "1 mês"])
        #expect(try store.reader(of: snapshot).formattedTexts(for: "de", keys: ["price BRL 49.90"]) == ["price BRL 49.90": "49,90 R$"])
        #expect(try store.reader(of: snapshot).formattedTexts(for: "fr", keys: ["price BRL 49.90"]).isEmpty)
    }

    @Test func localeFactsAreReadBackAsGiven() throws {
        let store = try PaywallStore.open(at: directory.store, create: true)
        let with = try store.publish(Fixture.export(), source: "local", contentHash: Fixture.hash(1), importedAt: "2026-12-01T08:00:00Z",
                                     localeFacts: "m\tnb\tno\n").snapshot
        let without = try store.publish(hash: 2, source: "other").snapshot
        #expect(try store.reader(of: with).localeFacts() == "m\tnb\tno\n")
        #expect(try store.reader(of: without).localeFacts() == nil)
    }

    /// The aids cost an ICU call per (locale, price): content already current is told apart before any of
    /// them is worked out.
    @Test func contentAlreadyCurrentWorksOutNoAid() throws {
        let store = try PaywallStore.open(at: directory.store, create: true)
        var worked: [String] = []
        func texts(_ run: String) -> [FormattedText] { worked.append("texts \(run)"); return Self.texts }
        func facts(_ run: String) -> String { worked.append("facts \(run)"); return "m\tnb\tno\n" }
        let first = try store.publish(Fixture.export(), source: "local", contentHash: Fixture.hash(1), importedAt: "2026-12-01T08:00:00Z",
                                      formattedTexts: texts("first"), localeFacts: facts("first"))
        let again = try store.publish(Fixture.export(), source: "local", contentHash: Fixture.hash(1), importedAt: "2026-12-01T08:00:01Z",
                                      formattedTexts: texts("again"), localeFacts: facts("again"))
        #expect(again == .unchanged(first.snapshot))
        #expect(worked == ["texts first", "facts first"])
    }

    @Test func aidsGoWithTheirSnapshot() throws {
        let store = try PaywallStore.open(at: directory.store, create: true)
        let old = try store.publish(Fixture.export(), source: "local", contentHash: Fixture.hash(1), importedAt: "2026-12-01T08:00:00Z",
                                    formattedTexts: Self.texts, localeFacts: "m\tnb\tno\n").snapshot
        _ = try store.publish(Fixture.export(), source: "local", contentHash: Fixture.hash(2), importedAt: "2026-12-01T08:00:01Z",
                              retention: 1, formattedTexts: Self.texts, localeFacts: "m\tnb\tno\n")
        let raw = try directory.rawConnection()
        #expect(try raw.rowCount(in: "formatted_texts", snapshotID: old.id) == 0)
        #expect(try raw.rowCount(in: "locale_facts", snapshotID: old.id) == 0)
        #expect(try raw.count("SELECT count(*) FROM formatted_texts") == Self.texts.count)
        #expect(try raw.count("SELECT count(*) FROM locale_facts") == 1)
    }

    @Test func aVersion4StoreMigratesAndItsSnapshotsHaveNoAids() throws {
        let store = try PaywallStore.open(at: directory.store, create: true)
        let old = try store.publish(hash: 1).snapshot
        let raw = try directory.rawConnection()
        try raw.execute("ALTER TABLE sources DROP COLUMN origin; DROP TABLE formatted_texts; DROP TABLE locale_facts; PRAGMA user_version = 4")
        #expect(try raw.count("SELECT count(*) FROM sqlite_master WHERE name IN ('formatted_texts', 'locale_facts')") == 0)

        let reopened = try PaywallStore.open(at: directory.store, create: false)
        #expect(try raw.count("PRAGMA user_version") == PaywallStore.schemaVersion)
        #expect(try raw.count("SELECT count(*) FROM sqlite_master WHERE name IN ('formatted_texts', 'locale_facts')") == 2)
        #expect(try reopened.export(of: old) == Fixture.export())
        #expect(try reopened.reader(of: old).formattedTexts(for: "pt-BR", keys: ["price BRL 49.90"]).isEmpty)
        #expect(try reopened.reader(of: old).localeFacts() == nil)
        let new = try reopened.publish(Fixture.export(), source: "local", contentHash: Fixture.hash(2), importedAt: "2026-12-01T08:00:02Z",
                                       formattedTexts: Self.texts).snapshot
        #expect(try reopened.reader(of: new).formattedTexts(for: "pt-BR", keys: ["price BRL 49.90"]) == ["price BRL 49.90": "R$ 49,90"])
    }
}
