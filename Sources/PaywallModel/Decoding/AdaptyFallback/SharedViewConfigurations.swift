/// The top-level `ui_builder` map of format 10 and later: flows' UI schemas keyed by `flow_version_id`
/// (format 10) or `flow_layout_id` (format 11). Each is read once, when a flow first refers to it, so
/// that its problems are listed once; entries no flow refers to are left unread.
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

    /// The configuration named `id`; nil when it does not decode, or when there is none (reported at
    /// `reference`).
    func content(for id: String, referencedAt reference: JSONPointer) -> PaywallBuilderContent? {
        if let known = decoded[id] { return known }
        guard let entry = entries[id] else {
            decoder.issues.report(reference, "no UI schema '\(id)' in \(pointer)")
            return nil
        }
        let content = FieldReader(entry, at: pointer.appending(id), issues: decoder.issues).flatMap { decoder.decode($0, as: .uiSchema) }
        decoded[id] = content
        return content
    }
}
