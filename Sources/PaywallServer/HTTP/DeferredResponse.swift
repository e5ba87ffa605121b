import Dispatch
import Synchronization

/// An answer a responder gives later, once, from any thread (when events are on disk, say). The connection
/// that asked reads nothing more meanwhile, and sends the answer, in its place among the others, when it comes.
public final class DeferredResponse: Sendable {
    private enum State {
        case waiting(whenDone: (@Sendable (HTTPResponse) -> Void)?)
        case done(HTTPResponse)
    }

    private let state = Mutex(State.waiting(whenDone: nil))

    public init() {}

    /// Gives the answer; later calls are ignored.
    public func complete(with response: HTTPResponse) {
        let waiter: (@Sendable (HTTPResponse) -> Void)? = state.withLock { state in
            guard case let .waiting(whenDone) = state else { return nil }
            state = .done(response)
            return whenDone
        }
        waiter?(response)
    }

    /// Calls `body` with the answer once it is given (at once, on this thread, if it is already).
    func whenDone(_ body: @escaping @Sendable (HTTPResponse) -> Void) {
        let given: HTTPResponse? = state.withLock { state in
            switch state {
            case .waiting:
                state = .waiting(whenDone: body)
                return nil
            case let .done(response):
                return response
            }
        }
        if let given { body(given) }
    }

    /// The answer `transform` makes of this one's, when it is given.
    func map(_ transform: @escaping @Sendable (HTTPResponse) -> HTTPResponse) -> DeferredResponse {
        let mapped = DeferredResponse()
        whenDone { mapped.complete(with: transform($0)) }
        return mapped
    }

    /// Waits for the answer, for a caller with no event loop to come back to.
    func wait() -> HTTPResponse {
        let given = Mutex<HTTPResponse?>(nil)
        let signal = DispatchSemaphore(value: 0)
        whenDone { response in
            given.withLock { $0 = response }
            signal.signal()
        }
        signal.wait()
        return given.withLock { $0! }
    }
}
