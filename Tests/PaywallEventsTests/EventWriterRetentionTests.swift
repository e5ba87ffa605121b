import Foundation
import PaywallEvents
import PaywallStore
import Synchronization
import Testing

/// Retention through the writer takes its queue one step at a time: batches submitted during a long pass are committed
/// and acknowledged between its steps, not after it.
@Suite struct EventWriterRetentionTests {
    /// What the store did, in order: "commit" or "step".
    final class Journal: Sendable {
        private let entries = Mutex<[String]>([])

        func note(_ entry: String) -> Int { entries.withLock { $0.append(entry); return $0.count { $0 == entry } } }
        var all: [String] { entries.withLock { $0 } }
        var steps: Int { all.count { $0 == "step" } }
    }

    /// A store whose retention takes `steps` steps of `stepTime` each.
    final class SlowRetentionStore: EventStore {
        static let steps = 20
        static let stepTime = 0.02
        let journal: Journal

        init(journal: Journal) { self.journal = journal }

        func append(batches: [[Event]]) throws(StoreError) -> [AppendedEvents] {
            _ = journal.note("commit")
            return batches.map { AppendedEvents(accepted: $0.count, duplicates: 0) }
        }

        func deleteStep(createdBefore milliseconds: Int64, batch: Int) throws(StoreError) -> RetentionStep {
            Thread.sleep(forTimeInterval: Self.stepTime)
            return RetentionStep(deletedEvents: batch, isLast: journal.note("step") == Self.steps)
        }

        func conversionTallies(_ query: ReportQuery) throws(StoreError) -> ConversionTallies { ConversionTallies() }
    }

    @Test func batchesAreCommittedBetweenTheStepsOfAPass() throws {
        let journal = Journal()
        let writer = EventWriter { () throws(StoreError) in SlowRetentionStore(journal: journal) }
        let pass = Thread { _ = writer.deleteEvents(createdBefore: 1_000, batch: 10) }
        pass.start()
        while journal.all.isEmpty { Thread.sleep(forTimeInterval: 0.001) }
        let acknowledged = DispatchSemaphore(value: 0)
        let event = Event(id: "e", kind: .shown, createdAtMilliseconds: 1, profileID: "p", placementID: "pl", variationID: "v")
        #expect(writer.submit([event]) { _ in acknowledged.signal() } == .queued)
        #expect(acknowledged.wait(timeout: .now() + 5) == .success)
        #expect(journal.all.prefix { $0 != "commit" }.count < SlowRetentionStore.steps / 2, "\(journal.all)")
        while journal.steps < SlowRetentionStore.steps { Thread.sleep(forTimeInterval: 0.005) }
        writer.drain()
    }
}
