import PaywallModel
import PaywallStore

/// `/console/snapshots`: every snapshot the store keeps, newest first, and what changed between two of them
/// (`?from=&to=`, keys as listed), as `paywalls diff` says it.
public struct SnapshotsPage {
    /// At most this many listed.
    public static let listed = 200

    public let snapshots: [SnapshotInfo]
    /// The two compared, and the changes `paywalls diff` prints; nil before two are chosen.
    public let comparison: (from: SnapshotInfo, to: SnapshotInfo, changes: [String])?

    public init(snapshots: [SnapshotInfo], comparison: (from: SnapshotInfo, to: SnapshotInfo, changes: [String])?) {
        self.snapshots = snapshots
        self.comparison = comparison
    }

    public var rendered: ConsolePage {
        ConsolePage(title: "Snapshots") { html in
            form(&html)
            if let comparison { changes(comparison, &html) }
            html.element("h2", text: "Kept")
            html.element("table") { html in
                html.columnHeadings(["Snapshot", "Source", "Revision", "Exported", "Synced"])
                html.element("tbody") { html in
                    for snapshot in snapshots.prefix(Self.listed) {
                        html.element("tr", ["data-snapshot": snapshot.key]) { html in
                            html.element("th", ["scope": "row"]) { $0.element("code") { $0.isolated(snapshot.key) } }
                            html.element("td") { $0.isolated(snapshot.source) }
                            html.element("td", ["class": "number"], text: String(snapshot.revision))
                            html.element("td") { $0.isolated(snapshot.exportedAt) }
                            html.element("td") { $0.isolated(snapshot.importedAt) }
                        }
                    }
                }
            }
        }
    }

    private func form(_ html: inout HTML) {
        html.element("form", ["class": "filters", "method": "get", "action": "/console/snapshots"]) { html in
            for (label, name, chosen) in [("From", "from", comparison?.from.key), ("To", "to", comparison?.to.key)] {
                html.element("label") { html in
                    html.text(label)
                    html.element("select", ["name": name]) { html in
                        for snapshot in snapshots.prefix(Self.listed) {
                            html.element("option", ["value": snapshot.key, "selected": chosen == snapshot.key ? "" : nil],
                                         text: "\(snapshot.key) (\(snapshot.source), revision \(snapshot.revision))")
                        }
                    }
                }
            }
            html.element("button", ["type": "submit"], text: "Compare")
        }
    }

    private func changes(_ comparison: (from: SnapshotInfo, to: SnapshotInfo, changes: [String]), _ html: inout HTML) {
        html.element("h2") { html in
            html.text("Changes from ")
            html.element("code") { $0.isolated(comparison.from.key) }
            html.text(" to ")
            html.element("code") { $0.isolated(comparison.to.key) }
        }
        guard !comparison.changes.isEmpty else { return html.element("p", ["data-changes": "0"], text: "No changes.") }
        html.element("ul", ["data-changes": String(comparison.changes.count)]) { html in
            for change in comparison.changes { html.element("li") { $0.isolated(change) } }
        }
    }
}
