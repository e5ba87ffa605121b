import PaywallModel

extension ConversionReport {
    /// The report as `paywalls report --json` prints it and `GET /v1/report` answers it (docs/contracts.md).
    public var json: JSONValue {
        .object(JSONObject(["placements": .array(placements.map { $0.json(groupedBy: query.groupBy) })]))
    }
}

extension ConversionReport.Placement {
    func json(groupedBy key: ReportQuery.GroupKey?) -> JSONValue {
        var object = JSONObject([
            "placementId": .string(placementID), "exposures": .integer(exposures), "conversions": .integer(conversions),
            "multipleExposures": .integer(multipleExposures), "variations": .array(variations.map(\.json)),
            "srm": sampleRatio.map { .object(JSONObject(["pValue": .number(String($0.pValue)), "mismatch": .bool($0.mismatch)])) } ?? .null,
        ])
        if let key {
            object.append("groups", .array(groups.map { group in
                .object(JSONObject(["key": .string(key.rawValue), "value": group.value.map(JSONValue.string) ?? .null,
                                    "variations": .array(group.variations.map(\.json))]))
            }))
        }
        return .object(object)
    }
}

extension ConversionReport.Variation {
    var json: JSONValue {
        .object(JSONObject([
            "variationId": .string(variationID), "exposures": .integer(exposures), "conversions": .integer(conversions),
            "rate": .number(String(rate)), "interval": .array([.number(String(interval.lowerBound)), .number(String(interval.upperBound))]),
            "chanceToBeBest": .number(String(chanceToBeBest)),
            "revenue": .object(JSONObject(revenueMicros.sorted { $0.key < $1.key }.map {
                JSONObject.Member(key: $0.key, value: .number(Self.decimal(micros: $0.value)))
            })),
            "exposuresPerDay": .object(JSONObject(exposuresPerDay.sorted { $0.key < $1.key }.map {
                JSONObject.Member(key: $0.key, value: .integer($0.value))
            })),
        ]))
    }

    /// 49,990,000 millionths as `49.99`: exact, without trailing zeros.
    public static func decimal(micros: Int128) -> String {
        let (whole, fraction) = micros.magnitude.quotientAndRemainder(dividingBy: 1_000_000)
        let sign = micros < 0 ? "-" : ""
        guard fraction != 0 else { return sign + String(whole) }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 6 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(sign)\(whole).\(digits)"
    }
}
