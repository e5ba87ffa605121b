import Dispatch
import Synchronization

/// An answer a responder gives later, once, from any thread (when events are on disk, say). The connection
/// that asked reads nothing more meanwhile, and sends the answer, in its place among the others, when it comes.
/// An answer that does not come within the server's deadline is given up on (`abandon`): the client is told 503,
/// and what is given afterwards is dropped.
public final class DeferredResponse: Sendable {
    private enum State {
        case waiting(whenDone: (@Sendable (HTTPResponse) -> Void)?)
        case done(HTTPResponse)
        case abandoned
    }

    private let state = Mutex(State.waiting(whenDone: nil))

    public init() {}

    /// Gives the answer; later calls are ignored, as is a call once the answer is given up on.
    public func complete(with response: HTTPResponse) {
        let waiter: (@Sendable (HTTPResponse) -> Void)? = state.withLock { state in
            guard case let .waiting(whenDone) = state else { return nil }
            state = .done(response)
            return whenDone
        }
        waiter?(response)
    }

    /// Calls `body` with the answer once it is given (at once, on this thread, if it is already); never once the
    /// answer is given up on.
    func whenDone(_ body: @escaping @Sendable (HTTPResponse) -> Void) {
        let given: HTTPResponse? = state.withLock { state in
            switch state {
            case .waiting:
                state = .waiting(whenDone: body)
                return nil
            case let .done(response):
                return response
            case .abandoned:
                return nil
            }
        }
        if let given { body(given) }
    }

    /// Gives up on the answer unless it is given already: `whenDone`'s body is let go of without being called, and an
    /// answer mapped from this one is not made. False when the answer came first (it is on its way to `whenDone`).
    func abandon() -> Bool {
        state.withLock { state in
            guard case .waiting = state else { return false }
            state = .abandoned
            return true
        }
    }

    private var isWaiting: Bool {
        state.withLock { state in
            guard case .waiting = state else { return false }
            return true
        }
    }

    /// The answer `transform` makes of this one's, when it is given: made only while still wanted, as `transform` may
    /// count it or compress it.
    package func map(_ transform: @escaping @Sendable (HTTPResponse) -> HTTPResponse) -> DeferredResponse {
        let mapped = DeferredResponse()
        whenDone { response in
            guard mapped.isWaiting else { return }
            mapped.complete(with: transform(response))
        }
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
