import PaywallModel

extension ReportQuery {
    /// An option of a report that cannot be used: which, what was given and what is expected. Each front end
    /// names the option its own way (`--since` on the command line, `since` in a query).
    public struct OptionProblem: Error, Sendable, Equatable {
        /// As `optionNames` has it.
        public let option: String
        public let value: String
        public let expected: String

        /// `invalid value 'yesterday' for --since: expected …`, with the option called `name`.
        public func message(calling name: String) -> String {
            "invalid value '\(value.prefix(64))' for \(name): expected \(expected)"
        }
    }

    /// The options a report is asked with: `paywalls report`'s (`--placement`) and `GET /v1/report`'s query
    /// parameters (`placement=`) alike.
    public static let optionNames = ["placement", "since", "until", "by"]

    /// A query from its options as given, by their `optionNames` (a name not given is not there), each checked.
    public init(options: [String: String]) throws(OptionProblem) {
        func time(_ name: String, example: String) throws(OptionProblem) -> Int64? {
            guard let text = options[name] else { return nil }
            guard let milliseconds = epochMilliseconds(iso8601: text) else {
                throw OptionProblem(option: name, value: text, expected: "an RFC 3339 time such as \(example)")
            }
            return Int64(milliseconds)
        }
        let placementID = options["placement"]
        if let placementID, let problem = FieldReader.placementIDProblem(placementID) {
            throw OptionProblem(option: "placement", value: problem.shown, expected: problem.expected)
        }
        self.init(placementID: placementID, since: try time("since", example: "2026-11-01T00:00:00Z"),
                  until: try time("until", example: "2026-12-01T00:00:00Z"))
        if let key = options["by"] {
            guard let groupBy = GroupKey(rawValue: key) else {
                throw OptionProblem(option: "by", value: key, expected: "locale, locale-result, country or platform")
            }
            self.groupBy = groupBy
        }
    }
}
