import Dispatch
import Foundation
import PaywallModel
@testable import PaywallResolver
import PaywallStore
import Synchronization
import Testing

/// What a compiled snapshot keeps stays within its budget whatever requests send, and threads sharing
/// one compiled snapshot get what one thread alone gets.
@Suite struct CompiledSnapshotCachesTests {
    static func compiled(_ fixture: PublishedFixture, budget: Int) throws -> CompiledSnapshots {
        try CompiledSnapshots(fixture.store.currentSnapshots().map { try CompiledSnapshot(store: fixture.store, snapshot: $0, cacheBudget: budget) })
    }

    /// Resident memory in bytes, from /proc/self/statm.
    static func residentBytes() -> Int {
        let fields = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8))?.split(separator: " ") ?? []
        return (fields.count > 1 ? Int(fields[1]) ?? 0 : 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    @Test func oneHundredThousandJunkLocalesStayWithinTheBudget() throws {
        let fixture = try PublishedFixture("sync-config/sample-export.json", asImported: true)
        let budget = 1 << 20
        let compiled = try Self.compiled(fixture, budget: budget)
        let resolver = PaywallResolver(store: fixture.store)
        let before = Self.residentBytes()
        for index in 0..<100_000 {
            let junk = ["x-junk\(index)", "pt-BR-x-\(index % 99_991)", "q\(index)", String(repeating: "z", count: index % 40)][index % 4]
            _ = try compiled.bundleBytes(ResolutionRequest(placementID: "onboarding", locales: [junk, "de"], profileID: "p\(index)"))
        }
        let usage = compiled.cacheUsage
        #expect(usage.cost <= budget, "\(usage)")
        #expect(usage.count < budget / 256, "\(usage)")
        // The process's resident memory: suites running beside this one add to it (up to some 70 MB seen in a
        // full run, 5 MB alone), where caches that kept every answer add some 240 MB over this loop.
        #expect(Self.residentBytes() - before < 160 << 20, "resident memory grew by \((Self.residentBytes() - before) >> 20) MB")
        // What was let go of is made again, alike.
        let request = ResolutionRequest(placementID: "onboarding", locales: ["x-junk7", "de"], profileID: "p7")
        #expect(try compiled.bundleBytes(request) == Array(resolver.resolve(request).json().rendered().utf8))
    }

    /// Eight threads on one compiled snapshot whose caches start empty and are small enough to let go
    /// of entries while they work.
    @Test func threadsSharingOneCompiledSnapshotGetWhatOneThreadGets() throws {
        let fixture = try PublishedFixture("sync-config/sample-export.json", asImported: true)
        try fixture.publish(PublishedFixture.decode("Tests/Fixtures/adapty-fallback/format-11.json"), as: "flows", asImported: true)
        let current = try fixture.store.currentSnapshots()
        var placements: [String] = []
        for snapshot in current { placements += try fixture.store.reader(of: snapshot).placementIDs() }
        var generator = RandomRequests(seed: 5)
        let requests = (0..<600).map { _ in generator.next(placements: placements, sources: current.map(\.source)) }
        @Sendable func answer(_ compiled: CompiledSnapshots, _ request: ResolutionRequest) -> String {
            do {
                let bundle = try compiled.renderedBundle(request)
                return bundle.entityTag + String(decoding: bundle.joinedBytes, as: UTF8.self)
            } catch {
                return "\(error)"
            }
        }
        let alone = try Self.compiled(fixture, budget: RenderingCaches.defaultBudget)
        let expected = requests.map { answer(alone, $0) }
        let shared = try Self.compiled(fixture, budget: 96 << 10)
        let threads = 8
        let answers = Mutex([[String?]](repeating: [String?](repeating: nil, count: requests.count), count: threads))
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            // Each thread in its own order, so that they miss and fill the caches at different times.
            for index in requests.indices.shuffled() {
                let answer = answer(shared, requests[index])
                answers.withLock { $0[thread][index] = answer }
            }
        }
        for (thread, got) in answers.withLock({ $0 }).enumerated() {
            #expect(got == expected.map(Optional.some), "thread \(thread)")
        }
    }
}
