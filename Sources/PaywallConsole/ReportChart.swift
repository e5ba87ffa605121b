/// Rates with their intervals on one shared axis, as inline SVG drawn here: a line from each interval's low to its
/// high, a dot at the rate. The axis runs from 0 to the highest interval's end, rounded up to a tenth.
struct ReportChart {
    let rows: [(label: String, row: ReportPage.Row)]
    /// What the chart shows, for those who cannot see it (the table beside it has the numbers).
    let label: String

    private static let width = 460.0
    /// Past the labels' column: `labelLength` characters of 11px text, about 7px each at most.
    private static let plotStart = 200.0
    private static let plotEnd = 440.0
    private static let labelLength = 26
    private static let rowHeight = 22.0

    func draw(_ html: inout HTML) {
        let highest = rows.compactMap { Double($0.row.high) }.max() ?? 0
        let axisEnd = max(0.1, (highest * 10).rounded(.up) / 10)
        let height = Double(rows.count) * Self.rowHeight + 34
        func x(_ text: String) -> String {
            let value = min(max(Double(text) ?? 0, 0), axisEnd)
            return Self.format(Self.plotStart + value / axisEnd * (Self.plotEnd - Self.plotStart))
        }
        html.element("svg", ["role": "img", "aria-label": label, "viewBox": "0 0 \(Self.format(Self.width)) \(Self.format(height))",
                             "width": Self.format(Self.width), "height": Self.format(height)]) { html in
            html.element("title", text: label)
            for (index, (label, row)) in rows.enumerated() {
                let y = Self.format(Double(index) * Self.rowHeight + 14)
                html.element("text", ["x": "4", "y": y, "dy": "4"], text: Self.shortened(label))
                html.element("line", ["class": "interval", "x1": x(row.low), "x2": x(row.high), "y1": y, "y2": y]) { _ in }
                html.element("circle", ["class": "point", "cx": x(row.rate), "cy": y, "r": "4"]) { _ in }
            }
            let axisY = Self.format(Double(rows.count) * Self.rowHeight + 6)
            html.element("line", ["class": "axis", "x1": Self.format(Self.plotStart), "x2": Self.format(Self.plotEnd), "y1": axisY, "y2": axisY]) { _ in }
            for fraction in [0.0, 0.5, 1.0] {
                let value = axisEnd * fraction
                html.element("text", ["x": Self.format(Self.plotStart + fraction * (Self.plotEnd - Self.plotStart)), "y": axisY, "dy": "16",
                                      "text-anchor": fraction == 0 ? "start" : fraction == 1 ? "end" : "middle"],
                             text: ReportPage.percent(String(value)))
            }
        }
    }

    /// `label` within the labels' column: cut, with an ellipsis, when longer (the table beside has it whole).
    private static func shortened(_ label: String) -> String {
        label.count <= labelLength ? label : label.prefix(labelLength - 1) + "…"
    }

    /// One decimal, for coordinates.
    static func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(abs(tenths % 10))"
    }
}
