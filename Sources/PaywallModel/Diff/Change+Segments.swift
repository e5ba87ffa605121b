extension Change {
    /// Segments by id and their conditions.
    static func segments(from old: [Segment], to new: [Segment]) -> [Change] {
        matching(old, new, by: \.id, item: Item.segment) { segment, old, new in
            let from = normalized(old.conditions), to = normalized(new.conditions)
            return from == to ? [] : [.segmentConditions(segment: segment, from: from, to: to)]
        }
    }

    /// All conditions must hold and list operands are sets, so neither order is a change.
    private static func normalized(_ conditions: [Condition]) -> [Condition] {
        conditions.map { condition in
            var condition = condition
            if condition.op.operands == .list { condition.values.sort() }
            return condition
        }.sorted { first, second in
            if first.attribute != second.attribute { return first.attribute < second.attribute }
            if first.op != second.op { return first.op.rawValue < second.op.rawValue }
            return first.values.lexicographicallyPrecedes(second.values)
        }
    }
}
