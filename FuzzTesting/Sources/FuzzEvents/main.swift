import FuzzSupport
import PaywallEvents
import PaywallModel
import PaywallStore

// A body of `POST /v1/events` (and each of its lines as `paywalls events ingest` reads them) through decoding, into
// an events.sqlite, and out as conversion reports: whatever the bytes, a refusal or events with rejections, stored
// once each, reported in JSON that reads back.

// libFuzzer runs the test on this thread, one input at a time.
nonisolated(unsafe) let store = try! SQLiteEventStore.open(inStore: scratchDirectory("fuzz-events"))

/// Every variation exposed gets half the traffic in the plan the sample ratio test compares with.
func plannedWeights(_ placementID: String, _ snapshot: String?) -> [[(variationID: String, weight: Int)]] {
    [[("a", 50), ("b", 50)]]
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvents(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    for line in bytes.split(separator: UInt8(ascii: "\n")) {
        _ = Event.read(json: UnsafeRawBufferPointer(rebasing: line))
    }
    guard let batch = try? EventBatch.read(bytes) else { return 0 }
    let events = batch.events
    precondition(events.count + batch.rejections.count <= EventBatch.maximumEvents)
    let first = try! store.append(events)
    precondition(first.accepted + first.duplicates == events.count)
    precondition(first.accepted == Set(events.map(\.id)).count, "\(first.accepted) stored of \(Set(events.map(\.id)).count) ids")
    let again = try! store.append(events)
    precondition(again == AppendedEvents(accepted: 0, duplicates: events.count), "the same events stored again: \(again)")
    report(events)
    precondition(try! store.deleteEvents(createdBefore: .max) == first.accepted)
    return 0
}

/// The reports of all the events, and of the first event's placement and time, grouped by one of the keys.
func report(_ events: [Event]) {
    let whole = try! ConversionReport.build(from: store, query: ReportQuery(), weights: plannedWeights)
    checkJSON(whole)
    guard let event = events.first else { return }
    let times = events.map(\.createdAtMilliseconds)
    let query = ReportQuery(placementID: event.placementID, since: times.min(), until: times.max()! + 1,
                            groupBy: ReportQuery.GroupKey.allCases[events.count % ReportQuery.GroupKey.allCases.count])
    let narrowed = try! ConversionReport.build(from: store, query: query, weights: plannedWeights)
    checkJSON(narrowed)
    precondition(narrowed.placements.allSatisfy { $0.placementID == event.placementID })
    let exposures = whole.placements.first { $0.placementID == event.placementID }?.exposures ?? 0
    precondition(narrowed.placements.reduce(0) { $0 + $1.exposures } <= exposures)
}

/// The report's JSON is JSON: it reads back as the same value.
func checkJSON(_ report: ConversionReport) {
    let rendered = report.json.rendered()
    precondition((try? JSONParser.parse(rendered)) == report.json, "the report's JSON does not read back: \(rendered)")
}

runFuzzer(fuzzEvents)
