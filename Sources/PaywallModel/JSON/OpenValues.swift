/// The members or elements of the containers a parser has open, innermost last, in one buffer that grows
/// as needed: when a container closes, its values are moved (not copied, so not retained and released
/// again) into an array of their own, with room for exactly them.
final class OpenValues<Element> {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    func append(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    /// The values from `start` on, valid until the next change.
    func values(from start: Int) -> UnsafeBufferPointer<Element> {
        UnsafeBufferPointer(start: base + start, count: count - start)
    }

    /// The values from `start` on, moved into an array; the buffer then ends at `start`.
    func moveOut(from start: Int) -> [Element] {
        let moved = count - start
        guard moved > 0 else { return [] }
        let array = [Element](unsafeUninitializedCapacity: moved) { buffer, initialized in
            buffer.baseAddress!.moveInitialize(from: base + start, count: moved)
            initialized = moved
        }
        count = start
        return array
    }

    /// Drops the values from `start` on, if any are left (a container an error left open).
    func discard(from start: Int) {
        guard count > start else { return }
        (base + start).deinitialize(count: count - start)
        count = start
    }

    private func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }
}
