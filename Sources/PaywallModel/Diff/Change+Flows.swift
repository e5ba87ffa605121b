extension Change {
    /// Flows by id: their name and version id, their remote configs by language, their layouts by id
    /// with the layouts' localizations, and the paywalls they show by paywall id.
    static func flows(from old: [Flow], to new: [Flow]) -> [Change] {
        matching(old, new, by: \.id, item: Item.flow) { id, old, new in
            let flow = Item.flow(id)
            let layouts = matching(old.layouts, new.layouts, by: \.id, item: { .layout(flow: id, id: $0) }) { layout, old, new in
                localizations(from: old.localizations, to: new.localizations, of: .layout(flow: id, id: layout))
            }
            let paywalls = matching(old.paywalls, new.paywalls, by: \.paywallID, item: { .flowPaywall(flow: id, paywall: $0) }) { _, _, _ in [] }
            return attribute(.name, of: flow, from: old.name, to: new.name)
                + attribute(.versionID, of: flow, from: old.versionID, to: new.versionID)
                + remoteConfigs(from: old.remoteConfigs, to: new.remoteConfigs, of: flow)
                + layouts + paywalls
        }
    }
}
