extension Change {
    /// The attribute's change, when its text differs.
    static func attribute(_ attribute: Attribute, of item: Item, from old: String?, to new: String?) -> [Change] {
        old == new ? [] : [.attribute(of: item, attribute, from: old, to: new)]
    }
}
