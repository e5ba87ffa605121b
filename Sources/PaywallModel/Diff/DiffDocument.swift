/// The JSON layout of a diff, filled in change by change. Every collection is a group
/// `{"added": [...], "removed": [...], "changed": {...}}`, and members keep the order in which they
/// were first filled in, so sorted changes give sorted output.
struct DiffDocument {
    private indirect enum Node {
        case value(JSONValue)
        case object([(key: String, node: Node)])
    }

    private static let emptyGroup = Node.object([
        ("added", .value(.array([]))), ("removed", .value(.array([]))), ("changed", .object([])),
    ])

    private var root = Node.object(["placements", "paywalls", "onboardings", "flows", "products", "segments"].map { ($0, emptyGroup) })

    /// Names `item` in its group's `added` or `removed` list.
    mutating func list(_ item: Change.Item, as list: String) {
        let (path, group, id) = item.location
        let steps = Self.steps(path) + [(group, Self.emptyGroup), (list, Node.value(.array([])))]
        Self.modify(&root, along: steps[...]) { node in
            if case var .value(.array(ids)) = node {
                ids.append(.string(id))
                node = .value(.array(ids))
            }
        }
    }

    /// Sets the member at `keys` in the `changed` entry of `item`.
    mutating func set(_ value: JSONValue, at keys: [String], in item: Change.Item) {
        let (path, group, id) = item.location
        let steps = Self.steps(path + [(group, id)]) + keys.map { ($0, Node.object([])) }
        Self.modify(&root, along: steps[...]) { $0 = .value(value) }
    }

    var value: JSONValue {
        Self.json(root)
    }

    /// The members leading through each group to the entry of an id, with what to create when missing.
    private static func steps(_ path: [(group: String, id: String)]) -> [(key: String, empty: Node)] {
        path.flatMap { [($0.group, emptyGroup), ("changed", .object([])), ($0.id, .object([]))] }
    }

    private static func modify(_ node: inout Node, along steps: ArraySlice<(key: String, empty: Node)>, _ body: (inout Node) -> Void) {
        guard let (key, empty) = steps.first else { return body(&node) }
        guard case var .object(members) = node else { preconditionFailure("a diff path leads through a value") }
        let index = members.firstIndex { $0.key == key } ?? members.endIndex
        if index == members.endIndex { members.append((key, empty)) }
        modify(&members[index].node, along: steps.dropFirst(), body)
        node = .object(members)
    }

    private static func json(_ node: Node) -> JSONValue {
        switch node {
        case let .value(value): return value
        case let .object(members): return .object(JSONObject(members.map { JSONObject.Member(key: $0.key, value: json($0.node)) }))
        }
    }
}

private extension Change.Item {
    /// The groups above the item, each with the id changed there, then the item's own group and id.
    var location: (path: [(group: String, id: String)], group: String, id: String) {
        switch self {
        case let .placement(id): return ([], "placements", id)
        case let .audience(placement, name): return Self.placement(placement).child(in: "audiences", name)
        case let .variation(placement, audience, id): return Self.audience(placement: placement, name: audience).child(in: "variations", id)
        case let .paywall(id): return ([], "paywalls", id)
        case let .onboarding(id): return ([], "onboardings", id)
        case let .flow(id): return ([], "flows", id)
        case let .layout(flow, id): return Self.flow(flow).child(in: "layouts", id)
        case let .flowPaywall(flow, paywall): return Self.flow(flow).child(in: "paywalls", paywall)
        case let .localization(owner, locale): return owner.child(in: "localizations", locale)
        case let .remoteConfig(owner, locale): return owner.child(in: "remoteConfigs", locale)
        case let .product(id): return ([], "products", id)
        case let .segment(id): return ([], "segments", id)
        }
    }

    /// The location of an item in `group` of this item's entry.
    func child(in group: String, _ id: String) -> (path: [(group: String, id: String)], group: String, id: String) {
        let parent = location
        return (parent.path + [(parent.group, parent.id)], group, id)
    }
}
