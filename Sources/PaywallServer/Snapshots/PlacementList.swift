import HTTPServer
import PaywallModel
import PaywallResolver

/// The list `GET /v1/placements` answers, made once when the snapshots are loaded rather than per request: every
/// placement served, in answer order, each as its JSON object, one after another with commas between them. The whole
/// list is one kept body; a page is a slice of the same bytes.
final class PlacementList: Sendable {
    /// A page's entries when `limit` is not given, and at most.
    static let defaultPage = 1_000
    static let largestPage = 10_000
    /// Past any list a store holds: an offset beyond the end gets an empty page, a larger one a 400.
    static let largestOffset = 1_000_000_000

    /// Every entry, joined by commas.
    private let entries: [UInt8]
    /// Where each entry starts in `entries`, and, last, where the bytes end (plus one, as if a comma followed).
    private let starts: [Int]
    /// `{"placements": [ … ]}` of them all, sent to every request for the whole list.
    let whole: KeptBody

    var count: Int { starts.count - 1 }

    init(_ compiled: CompiledSnapshots) {
        var entries: [UInt8] = [], starts: [Int] = []
        for snapshot in compiled.snapshots {
            for id in snapshot.placementIDs() {
                starts.append(entries.count)
                JSONValue.object(JSONObject(["id": .string(id), "source": .string(snapshot.snapshot.source),
                                             "snapshot": .string(snapshot.snapshot.key)])).render(into: &entries)
                entries.append(UInt8(ascii: ","))
            }
        }
        starts.append(entries.count)
        if !entries.isEmpty { entries.removeLast() }
        self.entries = entries
        self.starts = starts
        whole = KeptBody(Array(#"{"placements":["#.utf8) + entries + Array("]}".utf8))
        // Its gzip form made here, on the reloader's thread: a large list would take the event loop milliseconds.
        _ = whole.representation(accepting: "gzip")
    }

    /// `{"placements": [ … ], "total", "nextOffset"}` of the `limit` entries from `offset` (fewer at the end); the next
    /// page's offset is left out after the last.
    func page(offset: Int, limit: Int) -> [UInt8] {
        let start = min(offset, count), end = min(count, start + limit)
        var body = Array(#"{"placements":["#.utf8)
        if end > start { body += entries[starts[start]..<(starts[end] - 1)] }
        body += Array(#"],"total":\#(count)"#.utf8)
        if end < count { body += Array(#","nextOffset":\#(end)"#.utf8) }
        body.append(UInt8(ascii: "}"))
        return body
    }
}
