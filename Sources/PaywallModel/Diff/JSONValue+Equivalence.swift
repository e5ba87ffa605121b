extension JSONValue {
    /// Equal as data: object members may come in any order, since a re-export may reorder the keys
    /// of a rich-text item without changing what it says.
    func isEquivalent(to other: JSONValue) -> Bool {
        switch (self, other) {
        case let (.array(elements), .array(others)):
            return elements.count == others.count && zip(elements, others).allSatisfy { $0.isEquivalent(to: $1) }
        case let (.object(object), .object(otherObject)):
            let members = object.members.sorted { $0.key < $1.key }
            let others = otherObject.members.sorted { $0.key < $1.key }
            return members.count == others.count
                && zip(members, others).allSatisfy { $0.key == $1.key && $0.value.isEquivalent(to: $1.value) }
        default:
            return self == other
        }
    }
}
