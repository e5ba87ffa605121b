import PaywallResolver

extension PlacementPage {
    /// The device locales (the list given, else `device-locales.txt`) × the placement's localizations: in each row,
    /// the cell of the localization that device's users get, with the result (exact, fallback along the chain,
    /// default, or none when no bundle resolves); under each column, how many rows land there.
    func matrixSection(_ html: inout HTML) {
        let rows = query.locales.isEmpty ? deviceLocales : query.locales
        let answering = snapshots.snapshots.first { $0.placement(query.placementID) != nil && (query.source == nil || $0.snapshot.source == query.source) }
        let columns = answering.flatMap { snapshot in
            snapshot.placement(query.placementID).map { PlacementSummary.localizations(of: $0.placement, in: snapshot) }
        } ?? []
        let outcomes: [(row: String, matched: String, result: String)] = rows.map { row in
            guard let bundle = try? snapshots.resolve(request(locales: [row])) else { return (row, "", "none") }
            let view = BundleView(bundle)
            return (row, view.matched, view.result)
        }
        html.element("h2", ["id": "matrix-heading"], text: "Locale matrix")
        guard !columns.isEmpty else {
            html.element("p", ["class": "muted"], text: "What this placement shows has no localizations in the export (an onboarding is localized by its web page).")
            return
        }
        html.element("table", ["class": "matrix", "aria-labelledby": "matrix-heading"]) { html in
            html.element("thead") { html in
                html.element("tr") { html in
                    html.element("th", ["scope": "col"], text: "Device locale")
                    for column in columns { html.element("th", ["scope": "col", "data-column": column]) { $0.isolated(column) } }
                    html.element("th", ["scope": "col"], text: "none")
                }
            }
            html.element("tbody") { html in
                for outcome in outcomes {
                    html.element("tr") { html in
                        html.element("th", ["scope": "row"]) { $0.isolated(outcome.row) }
                        let landed = columns.contains(outcome.matched)
                        for column in columns + ["none"] {
                            let isOutcome = landed ? column == outcome.matched : column == "none"
                            guard isOutcome else {
                                html.element("td", text: "")
                                continue
                            }
                            html.element("td", ["class": "result-\(landed ? outcome.result : "none")", "data-locale": outcome.row,
                                                "data-result": landed ? outcome.result : "none", "data-matched": outcome.matched],
                                         text: landed ? outcome.result : "none")
                        }
                    }
                }
            }
            html.element("tfoot") { html in
                html.element("tr") { html in
                    html.element("th", ["scope": "row"], text: "Coverage")
                    for column in columns + ["none"] {
                        let count = outcomes.count { columns.contains($0.matched) ? $0.matched == column : column == "none" }
                        html.element("td", ["class": "number", "data-coverage": String(count)], text: "\(count) of \(outcomes.count)")
                    }
                }
            }
        }
    }
}
