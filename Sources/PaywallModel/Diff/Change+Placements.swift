extension Change {
    /// Placements by id, their audiences by name, and the audiences' variations by id.
    static func placements(from old: [Placement], to new: [Placement]) -> [Change] {
        matching(old, new, by: \.id, item: Item.placement) { placement, old, new in
            matching(old.audiences, new.audiences, by: \.name, item: { .audience(placement: placement, name: $0) }) { name, old, new in
                audienceChanges(name, in: placement, from: old, to: new)
            }
        }
    }

    private static func audienceChanges(_ name: String, in placement: String, from old: Audience, to new: Audience) -> [Change] {
        var changes: [Change] = []
        if old.priority != new.priority {
            changes.append(.audiencePriority(placement: placement, audience: name, from: old.priority, to: new.priority))
        }
        let oldSegments = old.segmentIDs.sorted(), newSegments = new.segmentIDs.sorted()
        if oldSegments != newSegments {
            changes.append(.audienceSegments(placement: placement, audience: name, from: oldSegments, to: newSegments))
        }
        let variations = matching(old.variations, new.variations, by: \.variationID,
                                  item: { .variation(placement: placement, audience: name, id: $0) }) { id, old, new in
            var changes: [Change] = []
            if old.weight != new.weight {
                changes.append(.variationWeight(placement: placement, audience: name, variation: id, from: old.weight, to: new.weight))
            }
            if old.paywallID != new.paywallID {
                changes.append(.paywallSwap(placement: placement, audience: name, variation: id, from: old.paywallID, to: new.paywallID))
            }
            return changes
        }
        return changes + variations
    }
}
