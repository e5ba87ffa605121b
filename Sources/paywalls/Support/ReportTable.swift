import PaywallEvents

/// A conversion report for people: a table of variations per placement (and per group with `--by`).
struct ReportTable {
    let report: ConversionReport

    init(_ report: ConversionReport) {
        self.report = report
    }

    var text: String {
        guard !report.placements.isEmpty else { return "no exposures (no shown events) in the events the report covers\n" }
        var lines: [String] = []
        if let key = report.query.groupBy {
            lines.append("Split by \(key.rawValue), taken from each profile's first exposure: observational, as \(key.rawValue) is not randomized.")
            lines.append("")
        }
        for placement in report.placements {
            let srm = placement.sampleRatio.map { "SRM p = \(Self.fixed($0.pValue, 4))" + ($0.mismatch ? ": MISMATCH, exposures do not follow the weights" : "") }
                ?? "SRM: no audience with these variations"
            lines.append("\(placement.placementID): \(placement.exposures) exposures, \(placement.conversions) conversions, "
                + "\(placement.multipleExposures) multiple exposures; \(srm)")
            lines += Self.table(placement.variations, indent: "  ")
            for group in placement.groups where report.query.groupBy != nil {
                lines.append("  \(report.query.groupBy!.rawValue) \(group.value ?? "(none)"):")
                lines += Self.table(group.variations, indent: "    ")
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    private static func table(_ variations: [ConversionReport.Variation], indent: String) -> [String] {
        let header = ["variation", "exposures", "conversions", "rate", "95% interval", "best", "revenue"]
        let rows = variations.map { variation in
            [variation.variationID, String(variation.exposures), String(variation.conversions), percent(variation.rate),
             "\(percent(variation.interval.lowerBound)) to \(percent(variation.interval.upperBound))", percent(variation.chanceToBeBest),
             variation.revenueMicros.sorted { $0.key < $1.key }.map { "\($0.key) \(ConversionReport.Variation.decimal(micros: $0.value))" }
                .joined(separator: ", ")]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        return ([header] + rows).map { cells in
            indent + zip(cells, widths).map { $0.padding($1) }.joined(separator: "  ").trimmingTrailingSpaces
        }
    }

    /// `0.16666` as `16.67%`.
    static func percent(_ value: Double) -> String {
        fixed(value * 100, 2) + "%"
    }

    /// `value` with `digits` decimals, rounded half away from zero.
    static func fixed(_ value: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int64((abs(value) * scale).rounded())
        let (whole, fraction) = scaled.quotientAndRemainder(dividingBy: Int64(scale))
        let decimals = String(fraction)
        return (value < 0 && scaled != 0 ? "-" : "") + "\(whole)." + String(repeating: "0", count: digits - decimals.count) + decimals
    }
}

private extension String {
    func padding(_ width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }

    var trimmingTrailingSpaces: String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
