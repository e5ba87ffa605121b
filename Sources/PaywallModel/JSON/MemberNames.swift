/// The member names of one object as the parser reads them, to tell a name given twice. Most objects are small and
/// their names differ in length or first byte: a 64-bit filter on those two answers most names at once, and only a
/// name that passes it is compared with the members read. Past `setThreshold` members, a set keeps the check linear.
struct MemberNames {
    private static let setThreshold = 16
    private var filter: UInt64 = 0
    private var set: Set<String>?

    /// Adds `name` to the names of `members` (those read so far); true when one of them has it already.
    mutating func insert(_ name: String, members: UnsafeBufferPointer<JSONObject.Member>) -> Bool {
        if set != nil { return !set!.insert(name).inserted }
        if members.count >= Self.setThreshold {
            set = Set(members.map(\.key))
            return !set!.insert(name).inserted
        }
        let utf8 = name.utf8
        let bit: UInt64 = 1 << ((UInt64(truncatingIfNeeded: utf8.count) &* 31 &+ UInt64(utf8.first ?? 0)) & 63)
        defer { filter |= bit }
        guard filter & bit != 0 else { return false }
        return members.contains { $0.key == name }
    }
}
