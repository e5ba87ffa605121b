import Foundation
import Glibc
import PaywallModel
@testable import PaywallStore
import Testing

/// `<store>/resolution.image`: written by every change to what resolution reads, read as the store reads,
/// and never trusted past what it can prove of itself.
@Suite final class ResolutionImageTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    var imagePath: String { directory.store + "/resolution.image" }

    func image() throws -> ResolutionImage {
        try #require(ResolutionImage.open(inStore: directory.store), "no readable resolution image")
    }

    /// Every read the image answers, as the store answers it, for each id of the fixture and some it lacks.
    func expectReadsAlike(_ store: PaywallStore, _ image: ResolutionImage) throws {
        for snapshot in try store.currentSnapshots() {
            let (fromImage, fromStore) = (try image.reader(of: snapshot), store.reader(of: snapshot))
            #expect(try fromImage.placementIDs() == fromStore.placementIDs())
            for id in try fromStore.placementIDs() + ["missing"] {
                #expect(try fromImage.placement(id) == fromStore.placement(id))
            }
            let paywallIDs = Fixture.paywalls.map(\.id) + ["missing"]
            for id in paywallIDs {
                #expect(try fromImage.paywall(id) == fromStore.paywall(id))
                let locales = ["en", "pt-br", "ar", "fr", "de"]
                #expect(try fromImage.localizations(ofPaywall: id, locales: locales) == fromStore.localizations(ofPaywall: id, locales: locales))
            }
            let productKeys = Fixture.products.map(\.id) + ["missing"]
            #expect(try fromImage.products(productKeys) == fromStore.products(productKeys))
            #expect(try fromImage.localeFacts() == fromStore.localeFacts())
            let keys = ["prod_monthly/price", "prod_yearly/price", "missing"]
            #expect(try fromImage.formattedTexts(for: "en", keys: keys) == fromStore.formattedTexts(for: "en", keys: keys))
        }
    }

    @Test func aPublishWritesTheImageOfTheCurrentSnapshots() throws {
        let store = try PaywallStore.open(at: directory.store, create: true)
        #expect(ResolutionImage.open(inStore: directory.store) == nil)
        _ = try store.publish(hash: 1)
        let second = try store.publish(Fixture.export(revision: 43), hash: 2).snapshot
        #expect(try image().snapshots == [second])
        try expectReadsAlike(store, try image())
        let production = try store.publish(Fixture.export(revision: 7), source: "production", contentHash: Fixture.hash(3),
                                           importedAt: "2026-12-01T09:00:00Z", formattedTexts: [FormattedText(locale: "en", key: "prod_monthly/price", text: "$9.99")],
                                           localeFacts: "facts of production").snapshot
        #expect(try image().snapshots == [second, production])
        try expectReadsAlike(store, try image())
        #expect(try image().reader(of: production).formattedTexts(for: "en", keys: ["prod_monthly/price"]) == ["prod_monthly/price": "$9.99"])
        #expect(try image().reader(of: production).localeFacts() == "facts of production")
        #expect(try image().reader(of: second).localeFacts() == nil)
    }

    /// The image holds the current snapshots alone: an older one is refused by name, not read as another.
    @Test func aSnapshotTheImageDoesNotHoldIsRefused() throws {
        let store = try PaywallStore.open(at: directory.store, create: true)
        let first = try store.publish(hash: 1).snapshot
        _ = try store.publish(Fixture.export(revision: 43), hash: 2)
        #expect(throws: StoreError(kind: .missing, message: "snapshot \(first.key) is not in the resolution image \(imagePath)")) {
            try self.image().reader(of: first)
        }
        #expect(try store.reader(of: first).placementIDs() == Fixture.export().placements.map(\.id))
    }

    @Test func answerOrderFollowsArrangedSources() throws {
        let store = try PaywallStore.open(at: directory.store, create: true)
        let local = try store.publish(hash: 1).snapshot
        let production = try store.publish(hash: 2, source: "production").snapshot
        #expect(try image().snapshots == [local, production])
        try store.arrangeSources(["production", "local"])
        #expect(try image().snapshots == [production, local])
        #expect(try image().snapshots == store.currentSnapshots())
    }

    /// Where a snapshot repeats an id, the first in export order wins, in the image as in the store.
    @Test func theFirstOfARepeatedIDWins() throws {
        let store = try PaywallStore.open(at: directory.store, create: true)
        var export = Fixture.export()
        var renamed = export.paywalls[1]
        renamed.id = export.paywalls[0].id
        export.paywalls.append(renamed)
        export.products.append(Product(id: "prod_monthly", vendorProductID: "second", accessLevelID: nil, period: nil, trial: nil,
                                       titles: [:], prices: []))
        export.placements.append(Placement(id: Fixture.onboarding, audiences: []))
        _ = try store.publish(export, hash: 1)
        try expectReadsAlike(store, try image())
        let snapshot = try #require(try store.currentSnapshot())
        #expect(try image().reader(of: snapshot).products(["prod_monthly"]).first?.vendorProductID == "lumen.premium.monthly")
    }

    @Test func anUnchangedPublishRestoresALostImage() throws {
        let store = try PaywallStore.open(at: directory.store, create: true)
        let first = try store.publish(hash: 1).snapshot
        #expect(unlink(imagePath) == 0)
        #expect(try store.publish(hash: 1) == .unchanged(first))
        #expect(try image().snapshots == [first])
    }

    /// A writer that cannot take the resolution lock changes nothing, and says who holds it.
    @Test func aHeldResolutionLockTurnsAPublishAway() throws {
        let store = try PaywallStore.open(at: directory.store, create: true, busyTimeout: .milliseconds(100))
        let first = try store.publish(hash: 1).snapshot
        let before = try Data(contentsOf: URL(fileURLWithPath: imagePath))
        let lock = try FileLock.acquire(directory.store + "/resolution.lock", wait: .zero)
        #expect(throws: StoreError(kind: .locked, message: "another writer (pid \(getpid())) holds the store at \(directory.databaseFile) "
                                       + "(its resolution lock, \(directory.store)/resolution.lock)")) {
            try store.publish(Fixture.export(revision: 43), hash: 2)
        }
        withExtendedLifetime(lock) {}
        #expect(try store.snapshots() == [first])
        #expect(try Data(contentsOf: URL(fileURLWithPath: imagePath)) == before)
    }

    /// Every cut of a real image is refused whole at open (the store answers then), never read in part.
    @Test func everyTruncationIsRefused() throws {
        let store = try PaywallStore.open(at: directory.store, create: true)
        _ = try store.publish(hash: 1)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: imagePath)))
        for length in 0..<bytes.count {
            try Data(bytes[..<length]).write(to: URL(fileURLWithPath: imagePath))
            #expect(ResolutionImage.open(inStore: directory.store) == nil, "a cut at \(length) of \(bytes.count) bytes opened")
        }
    }

    /// Any byte of a real image changed to any of a few values: the image is refused, or every read
    /// answers or fails as damage (naming the file and what to do), never crashes nor loops.
    @Test func everyChangedByteIsReadOrRefusedWithoutACrash() throws {
        let store = try PaywallStore.open(at: directory.store, create: true)
        _ = try store.publish(hash: 1)
        let snapshot = try #require(try store.currentSnapshot())
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: imagePath)))
        var refused = 0, damaged = 0
        for position in 0..<bytes.count {
            for value: UInt8 in [0x00, 0x7F, 0xFF, bytes[position] ^ 0x01] where value != bytes[position] {
                var changed = bytes
                changed[position] = value
                try Data(changed).write(to: URL(fileURLWithPath: imagePath))
                guard let image = ResolutionImage.open(inStore: directory.store) else {
                    refused += 1
                    continue
                }
                for read in reads(of: image, snapshot: image.snapshots.first ?? snapshot) {
                    do {
                        try read()
                    } catch let error as StoreError {
                        #expect(error.kind == .corrupt || error.kind == .missing, "\(error)")
                        #expect(error.message.contains(imagePath), "\(error)")
                        damaged += 1
                    }
                }
            }
        }
        #expect(refused > 0 && damaged > 0, "refused \(refused), damaged \(damaged)")
    }

    private func reads(of image: ResolutionImage, snapshot: SnapshotInfo) -> [() throws -> Void] {
        [
            { () throws in _ = try image.reader(of: snapshot).placementIDs() },
            { () throws in for id in [Fixture.onboarding, Fixture.promo] { _ = try image.reader(of: snapshot).placement(id) } },
            { () throws in for paywall in Fixture.paywalls { _ = try image.reader(of: snapshot).paywall(paywall.id) } },
            { () throws in
                for paywall in Fixture.paywalls { _ = try image.reader(of: snapshot).localizations(ofPaywall: paywall.id, locales: ["en", "pt-br", "ar"]) }
            },
            { () throws in _ = try image.reader(of: snapshot).products(Fixture.products.map(\.id)) },
        ]
    }

    /// A file of another format or version is not read: the store answers.
    @Test func anotherFormatIsNotRead() throws {
        let store = try PaywallStore.open(at: directory.store, create: true)
        _ = try store.publish(hash: 1)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: imagePath)))
        bytes[7] = UInt8(ascii: "2")
        try Data(bytes).write(to: URL(fileURLWithPath: imagePath))
        #expect(ResolutionImage.open(inStore: directory.store) == nil)
    }
}

extension ResolutionImageTests {
    /// An image a newer `paywalls` wrote beside its newer schema is not read: the store then says what is wrong.
    @Test func anotherSchemasImageIsNotRead() throws {
        let store = try PaywallStore.open(at: directory.store, create: true)
        _ = try store.publish(hash: 1)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: imagePath)))
        bytes[48] = 99
        try Data(bytes).write(to: URL(fileURLWithPath: imagePath))
        #expect(ResolutionImage.open(inStore: directory.store) == nil)
    }
}
