/// The first exposures per UTC day of a placement: all variations together as bars on inline SVG drawn here, and
/// beside them a table of each variation's count per day.
struct DailyExposures {
    let rows: [ReportPage.Row]

    private static let width = 460.0
    private static let plotStart = 50.0
    private static let plotEnd = 450.0
    private static let plotHeight = 90.0

    /// The days any variation has, in order (a date sorts as its text).
    var days: [String] {
        Set(rows.flatMap { $0.exposuresPerDay.map(\.day) }).sorted()
    }

    func draw(_ html: inout HTML) {
        let days = days
        guard !days.isEmpty else { return }
        let counts = rows.map { Dictionary($0.exposuresPerDay, uniquingKeysWith: { first, _ in first }) }
        let totals = days.map { day in counts.reduce(0) { $0 + (Int($1[day] ?? "") ?? 0) } }
        html.element("h3", text: "First exposures per day")
        html.element("div", ["class": "chart"]) { html in
            bars(days: days, totals: totals, &html)
            html.element("table") { html in
                html.element("caption", text: "First exposures per day (UTC)")
                html.element("thead") { html in
                    html.element("tr") { html in
                        html.element("th", ["scope": "col"], text: "Day")
                        for row in rows { html.element("th", ["scope": "col"]) { $0.isolated(row.variationID) } }
                        html.element("th", ["scope": "col"], text: "All")
                    }
                }
                html.element("tbody") { html in
                    for (day, total) in zip(days, totals) {
                        html.element("tr", ["data-day": day, "data-exposures": String(total)]) { html in
                            html.element("th", ["scope": "row"], text: day)
                            for count in counts { html.element("td", ["class": "number"], text: count[day] ?? "0") }
                            html.element("td", ["class": "number"], text: String(total))
                        }
                    }
                }
            }
        }
    }

    private func bars(days: [String], totals: [Int], _ html: inout HTML) {
        let highest = max(1, totals.max() ?? 1)
        let step = (Self.plotEnd - Self.plotStart) / Double(days.count)
        let label = "First exposures per day, from \(days[0]) to \(days[days.count - 1]), at most \(highest) a day"
        html.element("svg", ["role": "img", "aria-label": label, "viewBox": "0 0 \(Int(Self.width)) \(Int(Self.plotHeight) + 30)",
                             "width": String(Int(Self.width)), "height": String(Int(Self.plotHeight) + 30)]) { html in
            html.element("title", text: label)
            for (index, total) in totals.enumerated() {
                let height = Double(total) / Double(highest) * Self.plotHeight
                html.element("rect", ["class": "bar", "x": ReportChart.format(Self.plotStart + Double(index) * step + step * 0.1),
                                      "y": ReportChart.format(Self.plotHeight - height + 4), "width": ReportChart.format(step * 0.8),
                                      "height": ReportChart.format(height)]) { _ in }
            }
            let axisY = ReportChart.format(Self.plotHeight + 4)
            html.element("line", ["class": "axis", "x1": ReportChart.format(Self.plotStart), "x2": ReportChart.format(Self.plotEnd),
                                  "y1": axisY, "y2": axisY]) { _ in }
            html.element("text", ["x": "4", "y": "14"], text: String(highest))
            html.element("text", ["x": ReportChart.format(Self.plotStart), "y": axisY, "dy": "16"], text: days[0])
            if days.count > 1 {
                html.element("text", ["x": ReportChart.format(Self.plotEnd), "y": axisY, "dy": "16", "text-anchor": "end"], text: days[days.count - 1])
            }
        }
    }
}
