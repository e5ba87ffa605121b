/// Where a store keeps the exposure state, read and written inside the transaction that stores the events (or
/// deletes them), so that the state and the events commit together.
protocol ExposureLedger {
    associatedtype Failure: Error

    /// The stored states of `keys` (a key without one is left out).
    func states(of keys: Set<ExposureKey>) throws(Failure) -> [ExposureKey: ExposureState]
    /// The stored events of `keys` that `ExposureState.concerns`, the transaction's own included.
    func stateEvents(of keys: Set<ExposureKey>) throws(Failure) -> [ExposureKey: [Event]]
    /// The stored purchases of `keys` that finished as `purchased`, the transaction's own included.
    func purchases(of keys: Set<ExposureKey>) throws(Failure) -> [ExposureKey: [Event]]
    /// Deletes the states of `keys` (those that have one).
    func delete(_ keys: Set<ExposureKey>) throws(Failure)
    /// Stores the states of keys that have none stored.
    func insert(_ states: [ExposureKey: ExposureState]) throws(Failure)
    /// Adds the changes `sums` to the stored sums, and deletes those that came to no profile.
    func apply(_ sums: ExposureSums) throws(Failure)
    /// Up to `limit` keys with stored events, in the store's order of keys, after `key` (from the first when nil).
    func keys(after key: ExposureKey?, limit: Int) throws(Failure) -> [ExposureKey]
}

extension ExposureLedger {
    /// Brings the state and its sums up to date with `events`, those the transaction has just stored (not those it found
    /// stored already) that a state is made of (`ExposureState.concerns`): the store keeps only those for it. Most events
    /// change a state they read. A key without a state has no exposure stored before the transaction's: its state is
    /// made of those and of its stored purchases (which may have come first). An exposure before a key's first is
    /// recounted from the key's stored events.
    func update(with events: [Event]) throws(Failure) {
        guard !events.isEmpty else { return }
        let before = try states(of: Set(events.map(ExposureKey.init)))
        var states = before.mapValues(Optional.some)
        var changed = Set<ExposureKey>(), recounted = Set<ExposureKey>(), firstExposed: [ExposureKey: [Event]] = [:]
        for event in events {
            let key = ExposureKey(of: event)
            guard !recounted.contains(key) else { continue }
            guard var state = states[key] ?? nil else {
                if event.kind == .shown { firstExposed[key, default: []].append(event) }
                continue
            }
            if state.take(event) {
                if state != states[key] { changed.insert(key) }
                states[key] = state
            } else {
                recounted.insert(key)
            }
        }
        var replaced = try recount(recounted)
        for key in changed where !recounted.contains(key) { replaced[key] = states[key] ?? nil }
        var sums = try replace(replaced, before: before)
        // Keys with no state stored, so nothing to delete first (most of a commit's keys, as profiles are new).
        let purchases = firstExposed.isEmpty ? [:] : try purchases(of: Set(firstExposed.keys))
        var fresh: [ExposureKey: ExposureState] = [:]
        for (key, shown) in firstExposed { fresh[key] = ExposureState(recounting: shown + (purchases[key] ?? [])) }
        try insert(fresh)
        for (key, state) in fresh { sums.add(state, at: key) }
        try apply(sums)
    }

    /// Makes the states of `keys` again from their stored events (after some were deleted, say), and stores them and
    /// their sums.
    func recountAndReplace(_ keys: Set<ExposureKey>) throws(Failure) {
        guard !keys.isEmpty else { return }
        try apply(try replace(try recount(keys), before: try states(of: keys)))
    }

    /// Makes every key's state from the stored events, some thousands of keys at a time: the first state of a store
    /// that has none (and no sums, which are made of it after).
    func recountAll() throws(Failure) {
        var last: ExposureKey?
        while true {
            let keys = try keys(after: last, limit: 10_000)
            guard let end = keys.last else { return }
            try insert(try recount(Set(keys)).compactMapValues { $0 })
            last = end
        }
    }

    /// Replaces the states of the keys given (a nil state deletes the key's), which were `before`: the change to the sums.
    private func replace(_ states: [ExposureKey: ExposureState?], before: [ExposureKey: ExposureState]) throws(Failure) -> ExposureSums {
        var sums = ExposureSums()
        guard !states.isEmpty else { return sums }
        try delete(Set(states.keys))
        try insert(states.compactMapValues { $0 })
        for (key, state) in states {
            if let old = before[key] { sums.remove(old, at: key) }
            if let state { sums.add(state, at: key) }
        }
        return sums
    }

    private func recount(_ keys: Set<ExposureKey>) throws(Failure) -> [ExposureKey: ExposureState?] {
        guard !keys.isEmpty else { return [:] }
        let events = try stateEvents(of: keys)
        return Dictionary(uniqueKeysWithValues: keys.map { ($0, ExposureState(recounting: events[$0] ?? [])) })
    }
}
