import PaywallModel

/// `/console/report`: the conversion report `GET /v1/report` answers, drawn. Per placement, the health banner first
/// (sample-ratio mismatch with its p-value, too few exposures, profiles shown several variations), then a row per
/// variation with its interval on one shared axis and its chance to be best; with `by`, the split as a forest plot,
/// marked observational. Every chart has its numbers in a table beside it; `?format=csv` gives them as CSV.
public struct ReportPage {
    /// Fewer exposures than this in a variation: too few to read its rate.
    public static let minimumExposures = 100

    /// The report's JSON, as the JSON route answers it.
    public let report: JSONValue
    public let placement: String?
    public let groupBy: String?
    public let since: String?
    public let until: String?

    public init(report: JSONValue, placement: String?, groupBy: String?, since: String?, until: String?) {
        self.report = report
        self.placement = placement
        self.groupBy = groupBy
        self.since = since
        self.until = until
    }

    /// A variation's row as the report has it; numbers kept as the JSON writes them.
    struct Row {
        let variationID: String
        let exposures: String
        let conversions: String
        let rate: String
        let low: String
        let high: String
        let chance: String
        /// `49.99 USD, 12 EUR`.
        let revenue: String
        /// First exposures per UTC day, in the order of the days.
        let exposuresPerDay: [(day: String, exposures: String)]

        init(_ object: JSONObject) {
            let number = { (key: String) -> String in
                if case let .number(text)? = object[key] { return text }
                return ""
            }
            variationID = object["variationId"]?.stringValue ?? ""
            exposures = number("exposures")
            conversions = number("conversions")
            rate = number("rate")
            let interval = (object["interval"]?.arrayValue ?? []).map { value -> String in
                if case let .number(text) = value { return text }
                return ""
            }
            low = interval.first ?? ""
            high = interval.count > 1 ? interval[1] : ""
            chance = number("chanceToBeBest")
            revenue = (object["revenue"]?.objectValue?.members ?? []).map { member in
                if case let .number(amount) = member.value { return "\(amount) \(member.key)" }
                return member.key
            }.joined(separator: ", ")
            exposuresPerDay = (object["exposuresPerDay"]?.objectValue?.members ?? []).map { member in
                if case let .number(count) = member.value { return (member.key, count) }
                return (member.key, "")
            }
        }
    }

    var placements: [JSONObject] {
        (report.objectValue?["placements"]?.arrayValue ?? []).compactMap(\.objectValue)
    }

    public var rendered: ConsolePage {
        ConsolePage(title: placement.map { "Report: \($0)" } ?? "Report") { html in
            form(&html)
            html.element("p") { html in
                html.element("a", ["href": ConsoleLinks.path("/console/report", query: queryItems + [("format", "csv")]), "download": "report.csv"],
                             text: "The same numbers as CSV")
                html.text(" · ")
                html.element("a", ["href": ConsoleLinks.path("/console/report", query: queryItems + [("format", "daily-csv")]),
                                   "download": "exposures-per-day.csv"], text: "First exposures per day as CSV")
            }
            if placements.isEmpty { html.element("p", ["class": "notice"], text: "No exposures yet: the report is empty.") }
            for placement in placements { section(placement, &html) }
        }
    }

    private var queryItems: [(String, String?)] {
        [("placement", placement), ("by", groupBy), ("since", since), ("until", until)]
    }

    private func form(_ html: inout HTML) {
        html.element("form", ["class": "filters", "method": "get", "action": "/console/report"]) { html in
            html.element("label") { html in
                html.text("Placement")
                html.open("input", ["type": "text", "name": "placement", "value": placement ?? ""])
            }
            html.element("label") { html in
                html.text("Split by")
                html.element("select", ["name": "by"]) { html in
                    for value in ["", "locale", "locale-result", "country", "platform"] {
                        html.element("option", ["value": value, "selected": (groupBy ?? "") == value ? "" : nil], text: value.isEmpty ? "nothing" : value)
                    }
                }
            }
            html.element("button", ["type": "submit"], text: "Show")
        }
    }

    private func section(_ placement: JSONObject, _ html: inout HTML) {
        let id = placement["placementId"]?.stringValue ?? ""
        let rows = (placement["variations"]?.arrayValue ?? []).compactMap(\.objectValue).map(Row.init)
        html.element("section", ["data-placement": id, "aria-label": "Placement \(id)"]) { html in
            html.element("h2") { html in
                html.text("Placement ")
                html.isolated(id)
            }
            banner(placement, rows: rows, &html)
            html.element("div", ["class": "chart"]) { html in
                ReportChart(rows: rows.map { ($0.variationID, $0) }, label: "Conversion rate of each variation, with its 95% interval").draw(&html)
                variationTable(rows, &html)
            }
            DailyExposures(rows: rows).draw(&html)
            groups(placement, &html)
        }
    }

    /// The health banner: `data-srm` is `mismatch`, `ok`, or `none` when the report has no test to make.
    private func banner(_ placement: JSONObject, rows: [Row], _ html: inout HTML) {
        let srm = placement["srm"]?.objectValue
        let mismatch = srm?["mismatch"] == .bool(true)
        let state = srm == nil ? "none" : mismatch ? "mismatch" : "ok"
        let pValue: String = if case let .number(text)? = srm?["pValue"] { text } else { "" }
        let few = rows.filter { (Int($0.exposures) ?? 0) < Self.minimumExposures }.map(\.variationID)
        let multiple: String = if case let .number(text)? = placement["multipleExposures"] { text } else { "0" }
        let severity = mismatch ? "bad" : (few.isEmpty && multiple == "0" ? "good" : "warning")
        html.element("div", ["class": "notice \(severity)", "role": "status", "data-srm": state, "data-p-value": srm == nil ? nil : pValue]) { html in
            html.element("p") { html in
                switch state {
                case "mismatch": html.text("Sample ratio mismatch: exposures do not follow the variations' weights (p = \(pValue)). Do not trust these rates until the cause is found.")
                case "ok": html.text("Sample ratio as weighted (p = \(pValue)).")
                default: html.text("No sample-ratio test: fewer than two variations were exposed, or no audience has them all.")
                }
            }
            if !few.isEmpty {
                html.element("p", ["data-few": few.joined(separator: " ")]) { html in
                    html.text("Fewer than \(Self.minimumExposures) exposures: ")
                    html.isolated(few.joined(separator: ", "))
                }
            }
            html.element("p", ["data-multiple": multiple], text: "\(multiple) profiles were shown more than one variation.")
        }
    }

    private func variationTable(_ rows: [Row], _ html: inout HTML) {
        html.element("table") { html in
            html.element("caption", text: "Variations")
            html.columnHeadings(["Variation", "Exposures", "Conversions", "Rate", "95% interval", "Chance to be best", "Revenue"])
            html.element("tbody") { html in
                for row in rows {
                    html.element("tr", ["data-variation": row.variationID, "data-exposures": row.exposures, "data-conversions": row.conversions,
                                        "data-rate": row.rate, "data-chance": row.chance]) { html in
                        html.element("th", ["scope": "row"]) { $0.isolated(row.variationID) }
                        html.element("td", ["class": "number"], text: row.exposures)
                        html.element("td", ["class": "number"], text: row.conversions)
                        html.element("td", ["class": "number"], text: Self.percent(row.rate))
                        html.element("td", ["class": "number"], text: "\(Self.percent(row.low)) – \(Self.percent(row.high))")
                        html.element("td", ["class": "number"], text: Self.percent(row.chance))
                        html.element("td") { $0.isolated(row.revenue) }
                    }
                }
            }
        }
    }

    /// The split (`by`), one row per value and variation: observational, since a profile's locale or country was
    /// not drawn at random.
    private func groups(_ placement: JSONObject, _ html: inout HTML) {
        guard let groups = placement["groups"]?.arrayValue?.compactMap(\.objectValue), !groups.isEmpty else { return }
        let key = groups.first?["key"]?.stringValue ?? ""
        let rows = groups.flatMap { group in
            (group["variations"]?.arrayValue ?? []).compactMap(\.objectValue).map { ((group["value"]?.stringValue ?? "unknown") + " · " + (Row($0).variationID), Row($0)) }
        }
        html.element("h3", text: "By \(key)")
        html.element("p", ["class": "notice warning", "data-observational": "true"],
                     text: "Observational: users were not assigned a \(key) at random, so a difference between rows may have other causes.")
        html.element("div", ["class": "chart"]) { html in
            ReportChart(rows: rows, label: "Conversion rate by \(key) and variation, with 95% intervals").draw(&html)
            html.element("table") { html in
                html.element("caption", text: "By \(key)")
                html.columnHeadings([key, "Variation", "Exposures", "Conversions", "Rate", "95% interval"])
                html.element("tbody") { html in
                    for group in groups {
                        let value = group["value"]?.stringValue ?? "unknown"
                        for row in (group["variations"]?.arrayValue ?? []).compactMap(\.objectValue).map(Row.init) {
                            html.element("tr", ["data-group": value, "data-variation": row.variationID, "data-exposures": row.exposures,
                                                "data-conversions": row.conversions]) { html in
                                html.element("th", ["scope": "row"]) { $0.isolated(value) }
                                html.element("td") { $0.isolated(row.variationID) }
                                html.element("td", ["class": "number"], text: row.exposures)
                                html.element("td", ["class": "number"], text: row.conversions)
                                html.element("td", ["class": "number"], text: Self.percent(row.rate))
                                html.element("td", ["class": "number"], text: "\(Self.percent(row.low)) – \(Self.percent(row.high))")
                            }
                        }
                    }
                }
            }
        }
    }

    /// `0.1234` as `12.3%`.
    static func percent(_ text: String) -> String {
        guard let value = Double(text) else { return text }
        let tenths = (value * 1_000).rounded()
        return "\(Int(tenths) / 10).\(abs(Int(tenths)) % 10)%"
    }

    /// The report as CSV (RFC 4180): one line per variation, and per group and variation with `by`.
    public var csv: String {
        var lines = ["placement,group,variation,exposures,conversions,rate,interval_low,interval_high,chance_to_be_best,revenue"]
        for placement in placements {
            let id = placement["placementId"]?.stringValue ?? ""
            for row in (placement["variations"]?.arrayValue ?? []).compactMap(\.objectValue).map(Row.init) {
                lines.append(Self.csvLine([id, "", row.variationID, row.exposures, row.conversions, row.rate, row.low, row.high, row.chance, row.revenue]))
            }
            for group in (placement["groups"]?.arrayValue ?? []).compactMap(\.objectValue) {
                let value = group["value"]?.stringValue ?? ""
                for row in (group["variations"]?.arrayValue ?? []).compactMap(\.objectValue).map(Row.init) {
                    lines.append(Self.csvLine([id, value, row.variationID, row.exposures, row.conversions, row.rate, row.low, row.high, row.chance, row.revenue]))
                }
            }
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// The first exposures per day as CSV: one line per placement, variation and day.
    public var dailyCSV: String {
        var lines = ["placement,variation,day,exposures"]
        for placement in placements {
            let id = placement["placementId"]?.stringValue ?? ""
            for row in (placement["variations"]?.arrayValue ?? []).compactMap(\.objectValue).map(Row.init) {
                for (day, exposures) in row.exposuresPerDay { lines.append(Self.csvLine([id, row.variationID, day, exposures])) }
            }
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    private static func csvLine(_ fields: [String]) -> String {
        fields.map { field in
            guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
            var quoted = "\""
            for character in field { quoted += character == "\"" ? "\"\"" : String(character) }
            return quoted + "\""
        }.joined(separator: ",")
    }
}
