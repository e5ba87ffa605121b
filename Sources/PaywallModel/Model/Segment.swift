/// A named set of conditions on the user's context; it matches when all of them hold.
public struct Segment: Sendable, Equatable {
    public var id: String
    public var conditions: [Condition]

    public init(id: String, conditions: [Condition]) {
        self.id = id
        self.conditions = conditions
    }
}

public struct Condition: Sendable, Equatable {
    public enum Operator: String, CaseIterable, Sendable {
        case `in`, notIn = "not_in", eq, gte, lte, exists

        /// How many operands the operator takes: a list (`in`, `not_in`), one value, or none.
        public var operands: Operands {
            switch self {
            case .in, .notIn: return .list
            case .eq, .gte, .lte: return .single
            case .exists: return .none
            }
        }

        public enum Operands: Sendable {
            case list, single, none
        }
    }

    /// `country`, `platform`, `app_version`, `attribution_source`, or a custom attribute.
    public var attribute: String
    public var op: Operator
    /// The operands: several for `in`/`not_in`, one for `eq`/`gte`/`lte`, none for `exists`.
    public var values: [String]

    public init(attribute: String, op: Operator, values: [String]) {
        self.attribute = attribute
        self.op = op
        self.values = values
    }
}
