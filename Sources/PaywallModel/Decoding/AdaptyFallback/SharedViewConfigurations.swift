/// The top-level `ui_builder` map of format 10 and later: flows' UI schemas keyed by `flow_version_id`
/// (format 10) or `flow_layout_id` (format 11). Each is read once, when a flow first refers to it, so
/// that its problems are listed once; entries no flow refers to are left unread.
///
/// The vendor's 4.x SDKs read a UI schema only when they show it: one that is missing or does not decode costs
/// the app that layout, not the file, and not the placement. So its problems are warnings at their pointers, and
/// the layout is kept without strings, its entry left in the document as it came.
final class SharedViewConfigurations {
    private let pointer: JSONPointer
    private let entries: [String: JSONValue]
    private let decoder: PaywallBuilderDecoder
    private var decoded: [String: PaywallBuilderContent?] = [:]

    init(_ map: JSONObject, at pointer: JSONPointer, decoder: PaywallBuilderDecoder) {
        self.pointer = pointer
        entries = Dictionary(map.members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        self.decoder = decoder
    }

    /// The configuration named `id`; nil, with warnings, when the SDK could not show it: there is none (said at
    /// `reference`), or it does not decode.
    func content(for id: String, referencedAt reference: JSONPointer) -> PaywallBuilderContent? {
        if let known = decoded[id] { return known }
        let issues = decoder.issues
        guard let entry = entries[id] else {
            issues.warn(reference, "no UI schema '\(id)' in \(pointer): the vendor's SDK cannot show this layout")
            return nil
        }
        let problems = IssueCollector(limit: issues.limit, repeatedMembers: issues.repeatedMembers)
        let entryDecoder = PaywallBuilderDecoder(issues: problems, localeProblem: decoder.localeProblem)
        let content = FieldReader(entry, at: pointer.appending(id), issues: problems).flatMap { entryDecoder.decode($0, as: .uiSchema) }
        for problem in problems.issues { issues.warn(problem.pointer, "\(problem.reason) (the vendor's SDK would not show this layout)") }
        for warning in problems.warnings { issues.warn(warning.pointer, warning.reason) }
        decoded[id] = content
        return content
    }
}
