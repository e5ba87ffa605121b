import Dispatch
import Synchronization

extension Array where Element: Sendable {
    /// `map` over all cores: for the report's groups, each of whose chances to be best is an integral over a grid.
    func concurrentMap<Transformed: Sendable>(_ transform: @Sendable (Element) -> Transformed) -> [Transformed] {
        let results = Mutex([Transformed?](repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let transformed = transform(self[index])
            results.withLock { $0[index] = transformed }
        }
        return results.withLock { $0.map { $0! } }
    }
}
