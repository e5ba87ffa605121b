import Foundation
import PaywallEvents
import PaywallStore
import Testing

/// A report taken on one connection while another commits events with names never seen before: each report is of
/// one state of the file, every placement and variation named, every batch counted whole or not at all.
@Suite struct ReportDuringIngestTests {
    static let batches = 300
    static let eventsPerBatch = 20

    @Test func aReportDuringASteadyIngestNeverShowsAPhantomVariation() throws {
        let directory = NSTemporaryDirectory() + "report-ingest-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let reader = try SQLiteEventStore.open(inStore: directory)
        let ingest = Ingest(directory: directory)
        let thread = Thread { ingest.run() }
        thread.start()
        var reports = 0
        while !ingest.isFinished {
            let tallies = try reader.conversionTallies(ReportQuery())
            reports += 1
            for (key, sums) in tallies.sums {
                #expect(key.placementID.hasPrefix("pl-") && key.variationID.hasPrefix("v-"), "a phantom in report \(reports): \(key)")
                #expect(sums.exposures == Self.eventsPerBatch, "\(key) counted \(sums.exposures) exposures")
            }
        }
        #expect(ingest.failure == nil)
        #expect(try reader.conversionTallies(ReportQuery()).sums.count == Self.batches)
        #expect(reports > 1)
    }

    /// Commits `batches` batches, each of a new placement and variation, on a connection of its own.
    final class Ingest: @unchecked Sendable {
        private let directory: String
        private let lock = NSLock()
        private var finished = false
        private(set) var failure: (any Error)?

        init(directory: String) { self.directory = directory }

        var isFinished: Bool { lock.withLock { finished } }

        func run() {
            defer { lock.withLock { finished = true } }
            do {
                let store = try SQLiteEventStore.open(inStore: directory)
                for batch in 0..<ReportDuringIngestTests.batches {
                    _ = try store.append((0..<ReportDuringIngestTests.eventsPerBatch).map { index in
                        Event(id: "e-\(batch)-\(index)", kind: .shown, createdAtMilliseconds: 1_000, profileID: "p-\(batch)-\(index)",
                              placementID: "pl-\(batch)", variationID: "v-\(batch)")
                    })
                }
            } catch {
                failure = error
            }
        }
    }
}
