import Dispatch
import HTTPServer
import PaywallEvents
import PaywallModel

extension Route {
    /// `POST /v1/events`: `{"events": [EVENT, ...]}` → `{"accepted", "duplicates", "rejected": [{"index", "pointer",
    /// "message"}], "rejectedCount"}`, answered once the events are on disk; 400 for a body that is no batch, 413 past its limits,
    /// 503 with `Retry-After` when the writer is behind or cannot write (nothing of the batch stored). The batch is
    /// read off the event loop (half a millisecond for 500 events), which meanwhile answers its other connections;
    /// each connection has one batch in flight at most, so what waits is bounded by the connection limit.
    static func events(_ writer: EventWriter) -> Route {
        Route("/v1/events", methods: ["POST"], caching: .live) { request, _ in
            let deferred = DeferredResponse()
            DispatchQueue.global(qos: .userInitiated).async { store(request.body, in: writer, answering: deferred) }
            return .later(deferred)
        }
    }

    private static func store(_ body: [UInt8], in writer: EventWriter, answering deferred: DeferredResponse) {
        let read = body.withUnsafeBytes { bytes in Result { () throws(EventBatch.Refusal) in try EventBatch.read(bytes) } }
        let batch: EventBatch
        switch read {
        case let .success(read): batch = read
        case let .failure(refusal): return deferred.complete(with: APIError(refusal).response)
        }
        guard !batch.events.isEmpty else { return deferred.complete(with: answer(batch.ingested)) }
        let submission = writer.submit(batch.events) { outcome in
            switch outcome {
            case let .success(appended):
                var ingested = batch.ingested
                ingested.count(appended)
                deferred.complete(with: answer(ingested))
            case let .failure(failure):
                deferred.complete(with: APIError.eventsUnavailable("the events were not stored: \(failure.message)").response)
            }
        }
        switch submission {
        case .queued:
            break
        case .full:
            deferred.complete(with: APIError.eventsUnavailable("more events are waiting to be stored than the server holds; send again shortly").response)
        case let .unreachable(reason, retryAfterSeconds):
            deferred.complete(with: APIError.eventsUnavailable("the events were not stored: \(reason)", retryAfterSeconds: retryAfterSeconds).response)
        }
    }

    /// `paywalls events ingest`'s answer, each rejection at its index: a batch lists them all.
    private static func answer(_ ingested: IngestedEvents) -> HTTPResponse {
        .json(ingested.json(listing: EventBatch.maximumEvents))
    }
}
