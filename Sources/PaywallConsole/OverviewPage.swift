import LocaleKit
import PaywallModel
import PaywallResolver
import PaywallStore

/// `/console/`: each source with its snapshot, its age and its last sync; then the placements served, filtered by
/// `q` (a part of the id, in any case) and a page at a time.
public struct OverviewPage {
    public static let pageSize = 50

    public let sources: [StoreStatus.Source]
    public let snapshots: CompiledSnapshots
    public let coverage: DeviceCoverage
    public let filter: String
    /// From 1.
    public let page: Int
    /// Epoch milliseconds, for the ages.
    public let now: Int

    public init(sources: [StoreStatus.Source], snapshots: CompiledSnapshots, coverage: DeviceCoverage, filter: String, page: Int, now: Int) {
        self.sources = sources
        self.snapshots = snapshots
        self.coverage = coverage
        self.filter = filter
        self.page = page
        self.now = now
    }

    public var rendered: ConsolePage {
        ConsolePage(title: "Placements") { html in
            sourcesSection(&html)
            placementsSection(&html)
        }
    }

    private func sourcesSection(_ html: inout HTML) {
        html.element("h2", text: "Sources")
        html.element("table") { html in
            html.columnHeadings(["Source", "Snapshot", "Revision", "Exported", "Synced", "Age", "Last sync"])
            html.element("tbody") { html in
                for source in sources {
                    html.element("tr", ["data-source": source.state.name]) { html in
                        html.element("th", ["scope": "row"]) { $0.isolated(source.state.name) }
                        let current = source.current
                        html.element("td") { $0.isolated(current?.key ?? "none") }
                        html.element("td", ["class": "number"], text: current.map { String($0.revision) } ?? "")
                        html.element("td") { $0.isolated(current?.exportedAt ?? "") }
                        html.element("td") { $0.isolated(current?.importedAt ?? "") }
                        html.element("td", text: current.flatMap { age(since: $0.importedAt) } ?? "")
                        html.element("td") { html in
                            guard source.state.checkedAt != nil else { return html.text("never") }
                            html.isolated(source.state.outcome ?? "")
                            html.text(" at ")
                            html.isolated(source.state.checkedAt ?? "")
                            if let message = source.state.message {
                                html.text(": ")
                                html.isolated(message)
                            }
                        }
                    }
                }
            }
        }
        if sources.isEmpty { html.element("p", ["class": "muted"], text: "The store has no source yet: import or sync an export.") }
    }

    /// How long ago `timestamp` was, in whole units: `3 d 4 h`, `12 min`.
    private func age(since timestamp: String) -> String? {
        guard let then = epochMilliseconds(iso8601: timestamp), now >= then else { return nil }
        let minutes = (now - then) / 60_000
        let (days, hours) = (minutes / 1_440, minutes / 60 % 24)
        if days > 0 { return "\(days) d \(hours) h" }
        if hours > 0 { return "\(hours) h \(minutes % 60) min" }
        return "\(minutes) min"
    }

    private func placementsSection(_ html: inout HTML) {
        html.element("h2", text: "Placements")
        html.element("form", ["class": "filters", "method": "get", "action": "/console/", "role": "search"]) { html in
            html.element("label") { html in
                html.text("Id contains")
                html.open("input", ["type": "search", "name": "q", "value": filter])
            }
            html.element("button", ["type": "submit"], text: "Filter")
        }
        let needle = filter.lowercased()
        let matching = snapshots.snapshots.flatMap { snapshot in
            snapshot.placementIDs().lazy.filter { needle.isEmpty || $0.lowercased().contains(needle) }.map { (snapshot, $0) }
        }
        let pageCount = max(1, (matching.count + Self.pageSize - 1) / Self.pageSize)
        let shown = min(page, pageCount)
        let slice = matching[min(matching.count, (shown - 1) * Self.pageSize)..<min(matching.count, shown * Self.pageSize)]
        html.element("p", ["id": "placement-count"], text: "\(matching.count) placements; page \(shown) of \(pageCount). "
                     + "Coverage: of the \(coverage.deviceLocales.count) device locales, those that get a translation of their own.")
        html.element("table", ["aria-describedby": "placement-count"]) { html in
            html.columnHeadings(["Placement", "Source", "Kind", "Audiences", "Variations", "Locales", "Coverage"])
            let served = snapshots.snapshots.map(\.snapshot.key)
            html.element("tbody") { html in
                for (snapshot, id) in slice {
                    guard let summary = PlacementSummary(id: id, in: snapshot, coverage: coverage, served: served) else { continue }
                    row(summary, &html)
                }
            }
        }
        pageLinks(current: shown, count: pageCount, &html)
    }

    private func row(_ summary: PlacementSummary, _ html: inout HTML) {
        let coverage = summary.covered.map { "\($0) of \(self.coverage.deviceLocales.count)" }
        html.element("tr", ["data-placement": summary.id, "data-kind": summary.kind.rawValue, "data-coverage": coverage]) { html in
            html.element("th", ["scope": "row"]) { html in
                html.element("a", ["href": ConsoleLinks.placement(summary.id, source: summary.source)]) { $0.isolated(summary.id) }
            }
            html.element("td") { $0.isolated(summary.source) }
            html.element("td", text: summary.kind.rawValue)
            html.element("td") { html in
                for (index, audience) in summary.audiences.enumerated() {
                    if index > 0 { html.text(", ") }
                    html.isolated(audience)
                }
            }
            html.element("td", ["class": "number"], text: String(summary.variationCount))
            html.element("td", ["data-locales": String(summary.locales.count)]) { html in
                html.text("\(summary.locales.count): ")
                html.isolated(summary.locales.joined(separator: ", "))
            }
            html.element("td", ["class": "number"], text: coverage ?? "—")
        }
    }

    private func pageLinks(current: Int, count: Int, _ html: inout HTML) {
        guard count > 1 else { return }
        html.element("nav", ["class": "pages", "aria-label": "Pages of placements"]) { html in
            if current > 1 { html.element("a", ["href": link(page: current - 1), "rel": "prev"], text: "Previous page") }
            if current < count { html.element("a", ["href": link(page: current + 1), "rel": "next"], text: "Next page") }
        }
    }

    private func link(page: Int) -> String {
        ConsoleLinks.path("/console/", query: [("q", filter.isEmpty ? nil : filter), ("page", String(page))])
    }
}
