/// An event loop's connections and what each is watched for, by descriptor: descriptors are small numbers the
/// system hands out lowest first, so a list indexed by them finds a connection without hashing, as every event does.
struct ConnectionTable {
    private var slots: [(connection: Connection, interest: EventLoop.Interest)?] = []
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// The connections, with their descriptors, as they are now (the table may change while they are gone through).
    var all: [(descriptor: Int32, connection: Connection)] {
        slots.indices.compactMap { index in slots[index].map { (Int32(index), $0.connection) } }
    }

    subscript(descriptor: Int32) -> Connection? {
        slot(descriptor)?.connection
    }

    func interest(of descriptor: Int32) -> EventLoop.Interest? {
        slot(descriptor)?.interest
    }

    mutating func insert(_ connection: Connection, at descriptor: Int32, watchedFor interest: EventLoop.Interest) {
        let index = Int(descriptor)
        if index >= slots.count { slots += Array(repeating: nil, count: index + 1 - slots.count) }
        if slots[index] == nil { count += 1 }
        slots[index] = (connection, interest)
    }

    /// Sets what the connection at `descriptor` is watched for; false when it was that already (or there is none).
    mutating func setInterest(_ interest: EventLoop.Interest, of descriptor: Int32) -> Bool {
        guard let slot = slot(descriptor), slot.interest != interest else { return false }
        slots[Int(descriptor)] = (slot.connection, interest)
        return true
    }

    /// Takes the connection at `descriptor` out; false when there is none.
    mutating func remove(_ descriptor: Int32) -> Bool {
        guard slot(descriptor) != nil else { return false }
        slots[Int(descriptor)] = nil
        count -= 1
        return true
    }

    private func slot(_ descriptor: Int32) -> (connection: Connection, interest: EventLoop.Interest)? {
        let index = Int(descriptor)
        return slots.indices.contains(index) ? slots[index] : nil
    }
}
