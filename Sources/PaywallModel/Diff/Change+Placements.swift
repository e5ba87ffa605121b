extension Change {
    /// Placements by id and their kind, their audiences by name, and the audiences' variations by id.
    static func placements(from old: [Placement], to new: [Placement]) -> [Change] {
        matching(old, new, by: \.id, item: Item.placement) { placement, old, new in
            let kind = old.kind == new.kind ? [] : [Change.placementKind(placement: placement, from: old.kind, to: new.kind)]
            let oldKind = old.kind, newKind = new.kind
            return kind + matching(old.audiences, new.audiences, by: \.name, item: { .audience(placement: placement, name: $0) }) { name, old, new in
                audienceChanges(name, in: placement, from: old, showing: oldKind, to: new, showing: newKind)
            }
        }
    }

    /// - Parameters:
    ///   - oldKind: what the placement's variations show in the old export.
    ///   - newKind: and in the new one.
    private static func audienceChanges(_ name: String, in placement: String, from old: Audience, showing oldKind: PlacementKind,
                                        to new: Audience, showing newKind: PlacementKind) -> [Change] {
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
            let oldContent = Content(oldKind, old.contentKey), newContent = Content(newKind, new.contentKey)
            if oldContent != newContent {
                changes.append(.contentSwap(placement: placement, audience: name, variation: id, from: oldContent, to: newContent))
            }
            return changes
        }
        return changes + variations
    }
}
