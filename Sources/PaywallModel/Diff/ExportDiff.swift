/// What changed between an older and a newer export of one app (`paywalls diff FROM TO`): placements,
/// paywalls, onboardings, flows, products and segments, in that order, each level in ascending id
/// order, so the result does not depend on the order the exports list things in. Export metadata
/// (revision, timestamps) is not compared.
public struct ExportDiff: Sendable, Equatable {
    public let changes: [Change]

    public init(from old: PaywallExport, to new: PaywallExport) {
        changes = Change.placements(from: old.placements, to: new.placements)
            + Change.paywalls(from: old.paywalls, to: new.paywalls)
            + Change.onboardings(from: old.onboardings, to: new.onboardings)
            + Change.flows(from: old.flows, to: new.flows)
            + Change.products(from: old.products, to: new.products)
            + Change.segments(from: old.segments, to: new.segments)
    }

    public var isEmpty: Bool { changes.isEmpty }

    /// One line per change, e.g. `placement onboarding: audience 'All Users': variation v-c weight 100 -> 50`.
    public func summary() -> [String] {
        changes.map(\.description)
    }

    /// The changes as JSON. Every collection is a group of the same shape, present with all three
    /// members once anything in it changed (the six top-level groups always are):
    ///
    ///     {"added": [id...], "removed": [id...], "changed": {id: {what changed}}}
    ///
    /// ```
    /// {
    ///   "placements": {"added": [], "removed": [], "changed": {"<placement id>": {
    ///     "kind": {"from": "paywall", "to": "flow"},
    ///     "audiences": {"added": ["<name>"], "removed": [], "changed": {"<audience name>": {
    ///       "priority": {"from": 100, "to": 90},
    ///       "segmentIds": {"from": ["asa"], "to": ["asa", "br"]},
    ///       "variations": {"added": ["<variation id>"], "removed": [], "changed": {"<variation id>": {
    ///         "weight": {"from": 100, "to": 50},
    ///         "paywallId": {"from": "pw1", "to": "pw2"}}}}}}}}}},
    ///   "paywalls": {"added": [], "removed": [], "changed": {"<paywall id>": {
    ///     "localizations": {"added": ["<locale>"], "removed": [], "changed": {"<locale>": {
    ///       "strings": {"added": ["<string id>"], "removed": [], "changed": ["<string id>"]}}}}}}},
    ///   "onboardings": {"added": [], "removed": [], "changed": {"<onboarding id>": {
    ///     "name": {"from": "Welcome A", "to": "Welcome"},
    ///     "configUrl": {"from": "https://...", "to": "https://..."},
    ///     "builderLocale": {"from": "en", "to": "de"},
    ///     "remoteConfigs": {"added": ["<language>"], "removed": [], "changed": {"<language>": {
    ///       "keys": {"added": ["<key>"], "removed": [], "changed": ["<key>"]}}}}}}},
    ///   "flows": {"added": [], "removed": [], "changed": {"<flow id>": {
    ///     "name": {"from": "Sleep", "to": "Sleep flow"},
    ///     "versionId": {"from": "fver-7", "to": "fver-8"},
    ///     "remoteConfigs": {...as for onboardings...},
    ///     "layouts": {"added": ["<layout id>"], "removed": [], "changed": {"<layout id>": {
    ///       "localizations": {...as for paywalls...}}}},
    ///     "paywalls": {"added": ["<paywall id>"], "removed": ["<paywall id>"], "changed": {}}}}},
    ///   "products": {"added": [], "removed": [], "changed": {"<product id>": {
    ///     "prices": {"<country>": {"from": {"currency": "BRL", "amount": "49.90"}, "to": null}}}}},
    ///   "segments": {"added": [], "removed": [], "changed": {"<segment id>": {
    ///     "conditions": {"from": [{"attribute": "country", "op": "in", "values": ["BR"]}], "to": [...]}}}}
    /// }
    /// ```
    ///
    /// Members of a changed entry appear only when they changed; `from`/`to` hold the old and new
    /// values (a price, or a flow's version id, is `null` on the side that has none); amounts stay
    /// decimal strings as exported. A variation names what it shows by its placement's kind:
    /// `paywallId`, `onboardingId` or `flowId`; when the placement's kind changed, both kinds' members
    /// appear, each `null` on the side of the other kind (`"paywallId": {"from": "pw1", "to": null},
    /// "flowId": {"from": null, "to": "flow-1"}`). An onboarding has one remote config at most, so a
    /// new language is one added and one removed. A flow's paywalls are compared by id only.
    public func json() -> JSONValue {
        var document = DiffDocument()
        for change in changes {
            change.record(in: &document)
        }
        return document.value
    }
}
