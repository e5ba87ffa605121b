import LocaleKit
import PaywallModel
import PaywallResolver

/// `/console/coverage`: each paywall and flow the placements show × the device locales, as a heat map of what each
/// device's users get (an exact localization, a fallback, the default), a page of contents at a time; first, the
/// device locales that fall to the default somewhere, most often first.
public struct CoveragePage {
    public static let pageSize = 40

    public let snapshots: CompiledSnapshots
    public let coverage: DeviceCoverage
    /// From 1.
    public let page: Int

    public init(snapshots: CompiledSnapshots, coverage: DeviceCoverage, page: Int) {
        self.snapshots = snapshots
        self.coverage = coverage
        self.page = page
    }

    /// A paywall or flow some placement shows, and what each device locale gets of it.
    struct Content {
        let source: String
        let kind: PlacementKind
        let name: String
        let outcomes: [MatchOutcome]
    }

    /// Every content the placements show, each once, in answer order.
    private var contents: [Content] {
        let served = snapshots.snapshots.map(\.snapshot.key)
        var seen: Set<[String]> = []
        var contents: [Content] = []
        for snapshot in snapshots.snapshots {
            for id in snapshot.placementIDs() {
                guard let placement = snapshot.placement(id)?.placement else { continue }
                for variation in placement.audiences.flatMap(\.variations)
                where seen.insert([snapshot.snapshot.key, placement.kind.rawValue, variation.contentKey]).inserted {
                    guard let outcomes = coverage.outcomes(variation.contentKey, of: placement.kind, in: snapshot, served: served) else { continue }
                    let name = placement.kind == .flow ? snapshot.flow(variation.contentKey)?.name : snapshot.paywall(variation.contentKey)?.name
                    contents.append(Content(source: snapshot.snapshot.source, kind: placement.kind, name: name ?? variation.contentKey, outcomes: outcomes))
                }
            }
        }
        return contents
    }

    public var rendered: ConsolePage {
        let contents = contents
        let devices = coverage.deviceLocales
        return ConsolePage(title: "Coverage") { html in
            html.element("h2", text: "Device locales that get the default")
            let defaults = devices.indices.map { index in (devices[index], contents.count { $0.outcomes[index] == .default }) }
                .filter { $0.1 > 0 }.sorted { $0.1 > $1.1 }
            if defaults.isEmpty {
                html.element("p", text: "Every device locale gets a localization of its own of every paywall and flow.")
            } else {
                html.element("ul", ["class": "columns"]) { html in
                    for (device, count) in defaults {
                        html.element("li", ["data-default-locale": device, "data-count": String(count)]) { html in
                            html.isolated(device)
                            html.text(": the default for \(count) of \(contents.count)")
                        }
                    }
                }
            }
            html.element("h2", ["id": "heat-map"], text: "Paywalls and flows × device locales")
            html.element("p", text: "Each cell: what users of that device locale get. exact: their own; fb: a fallback along the chain; def: the default.")
            let pageCount = max(1, (contents.count + Self.pageSize - 1) / Self.pageSize)
            let shown = min(page, pageCount)
            let slice = contents[min(contents.count, (shown - 1) * Self.pageSize)..<min(contents.count, shown * Self.pageSize)]
            html.element("div", ["class": "wide", "role": "region", "aria-labelledby": "heat-map", "tabindex": "0"]) { html in
                html.element("table", ["class": "heat"]) { html in
                    html.element("thead") { html in
                        html.element("tr") { html in
                            html.element("th", ["scope": "col"], text: "Content")
                            for device in devices { html.element("th", ["scope": "col"]) { $0.isolated(device) } }
                        }
                    }
                    html.element("tbody") { html in
                        for content in slice {
                            html.element("tr", ["data-content": content.name, "data-kind": content.kind.rawValue]) { html in
                                html.element("th", ["scope": "row"]) { html in
                                    html.isolated(content.name)
                                    html.element("span", ["class": "from"], text: "\(content.kind.rawValue), \(content.source)")
                                }
                                for (device, outcome) in zip(devices, content.outcomes) {
                                    html.element("td", ["class": "result-\(outcome.rawValue)", "data-locale": device, "data-result": outcome.rawValue],
                                                 text: Self.abbreviation(outcome))
                                }
                            }
                        }
                    }
                }
            }
            guard pageCount > 1 else { return }
            html.element("nav", ["class": "pages", "aria-label": "Pages of contents"]) { html in
                html.text("Page \(shown) of \(pageCount)")
                if shown > 1 { html.element("a", ["href": "/console/coverage?page=\(shown - 1)", "rel": "prev"], text: "Previous page") }
                if shown < pageCount { html.element("a", ["href": "/console/coverage?page=\(shown + 1)", "rel": "next"], text: "Next page") }
            }
        }
    }

    private static func abbreviation(_ outcome: MatchOutcome) -> String {
        switch outcome {
        case .exact: "exact"
        case .fallback: "fb"
        case .default: "def"
        }
    }
}
