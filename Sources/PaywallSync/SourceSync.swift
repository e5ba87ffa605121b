import Glibc
import LocaleKit
import PaywallModel
import PaywallStore

/// Syncs one source: a conditional download, retried within the run's deadline, then the checks of
/// `import`, then a publish. A source's last good data stays current unless a good export replaces it.
struct SourceSync {
    let source: SyncConfiguration.Source
    let token: Token?
    /// What is requested (`SyncConfiguration.Source.requestURL`).
    let url: String
    let run: SyncRun

    private enum Attempt {
        case done(Ending)
        /// Worth another try, after at least `retryAfterSeconds` when the server said.
        case retry(reason: String, status: Int?, retryAfterSeconds: Int?)
    }

    private struct Ending {
        let outcome: SourceResult.Outcome
        let status: Int?
        /// Of a download that succeeded, to send next time.
        var validators: Validators? = nil

        static func failed(_ kind: Failure.Kind, _ message: String, status: Int? = nil) -> Ending {
            Ending(outcome: .failed(Failure(kind: kind, message: message)), status: status)
        }
    }

    func sync() -> SourceResult {
        let started = ContinuousClock.now
        var attempts = 0
        var bytes: Int64 = 0
        var generator = SystemRandomNumberGenerator()
        let bodyPath = run.incomingDirectory + "/" + source.name + ".part"
        var ending: Ending
        while true {
            attempts += 1
            let attempt: Attempt
            do {
                attempt = try self.attempt(number: attempts, bodyPath: bodyPath, bytes: &bytes)
            } catch {
                attempt = .done(Ending(outcome: .failed(Failure(storeError: error, waited: run.lockWait)), status: nil))
            }
            switch attempt {
            case let .done(done):
                ending = done
            case let .retry(reason, status, retryAfter):
                let delay = Backoff(retry: run.configuration.retry).delay(beforeTry: attempts + 1, retryAfterSeconds: retryAfter, using: &generator)
                if let last = givingUp(after: attempts, reason: reason, status: status, retryAfter: retryAfter, delay: delay) {
                    ending = last
                } else {
                    run.log(.retrying(source: source.name, attempt: attempts, reason: reason, delay: delay))
                    sleep(for: delay)
                    continue
                }
            }
            break
        }
        // A body that filled the disk must be gone before the (small) record of that failure is written.
        unlink(bodyPath)
        let outcome = record(ending)
        return SourceResult(source: source.name, origin: source.origin, outcome: outcome, httpStatus: ending.status, bytes: bytes,
                            duration: ContinuousClock.now - started, attempts: attempts,
                            snapshot: try? run.store.currentSnapshot(of: source.name))
    }

    /// The ending when no further try may be made: the tries are used up, or the next would start only
    /// after `delay`, past the run's deadline. Nil when another try is due.
    private func givingUp(after attempts: Int, reason: String, status: Int?, retryAfter: Int?, delay: Duration) -> Ending? {
        let gaveUp = "gave up after \(attempts) \(attempts == 1 ? "try" : "tries")"
        if attempts == run.configuration.retry.maxAttempts {
            return .failed(.unreachable, "\(reason) (\(gaveUp))", status: status)
        }
        guard delay >= run.deadline.remaining else { return nil }
        // RetryAfter reads a number past Int as Int.max.
        let asked = retryAfter.map { "; the server asked to wait \($0 == .max ? "at least " : "")\($0) s" } ?? ""
        return .failed(.unreachable, "\(reason) (\(gaveUp): the next would pass the run's deadline of "
                           + "\(run.deadline.length.spoken)\(asked))", status: status)
    }

    /// Writes the attempt to the source's state in the store (unless another writer holds it); the
    /// outcome, unless that write failed.
    private func record(_ ending: Ending) -> SourceResult.Outcome {
        // Another writer held the store for the whole wait: recording would wait as long again.
        if case let .failed(failure) = ending.outcome, failure.kind == .storeLocked { return ending.outcome }
        let origin = source.origin.description
        let check = if case let .failed(failure) = ending.outcome {
            SyncCheck(checkedAt: Timestamp.now(), outcome: ending.outcome.name, message: failure.message, origin: origin)
        } else {
            SyncCheck(checkedAt: Timestamp.now(), outcome: ending.outcome.name, validators: ending.validators ?? .empty, origin: origin)
        }
        do {
            try run.store.record(check, of: source.name)
            return ending.outcome
        } catch {
            // A failure is reported whether or not it could be recorded; `status` will show the attempt before it.
            if case .failed = ending.outcome {
                run.log(.warning(source: source.name, message: "this failure could not be recorded in the store: \(error.message)"))
                return ending.outcome
            }
            return .failed(Failure(storeError: error, waited: run.lockWait))
        }
    }

    private func attempt(number: Int, bodyPath: String, bytes: inout Int64) throws(StoreError) -> Attempt {
        // Earlier sources may have used the whole run; libcurl would read a timeout of 0 as none at all.
        guard !run.deadline.hasPassed else {
            return .done(.failed(.unreachable, "not tried: the run's deadline of \(run.deadline.length.spoken) had passed"))
        }
        let current = try run.store.currentSnapshot(of: source.name)
        // Validators only mean something while the data they describe is still here.
        let validators = current == nil ? nil : try run.store.source(named: source.name)?.validators
        let request = TransferRequest(
            url: url, headers: requestHeaders, token: token, caFile: source.caFile,
            connectTimeout: max(.milliseconds(1), min(.seconds(10), run.deadline.remaining)),
            timeout: max(.milliseconds(1), min(.seconds(source.timeoutSeconds), run.deadline.remaining)),
            maximumBytes: Int64(source.maxBytes), entityTag: validators?.entityTag, lastModified: validators?.lastModified,
            allowsInsecureLoopback: run.allowsInsecureLoopback, requiresJSONObject: vendorApp != nil)
        let conditional = validators?.entityTag != nil || validators?.lastModified != nil
        run.log(.requesting(source: source.name, origin: source.origin, attempt: number, conditional: conditional))
        let response: TransferResponse
        do {
            response = try HTTPTransfer.fetch(request, into: bodyPath) { received, expected in
                run.log(.receiving(source: source.name, received: received, expected: expected))
            }
        } catch {
            switch error.kind {
            case .transient: return .retry(reason: error.message, status: nil, retryAfterSeconds: nil)
            case .permanent: return .done(.failed(.unreachable, error.message))
            case .oversize, .malformed: return .done(.failed(.invalid, error.message))
            case .local: return .done(.failed(.local, error.message))
            }
        }
        bytes = response.bodyBytes
        let status = response.status
        switch status {
        case 200:
            return .done(try accept(response, bodyPath: bodyPath, known: validators))
        case 304 where conditional:
            return .done(Ending(outcome: .unchanged(.notModified), status: status, validators: validators?.refreshed(by: response)))
        case 304:
            // Only a request that named the data it has can be told that data is current.
            return .done(.failed(.invalid, "HTTP 304 (not modified) to a request without validators: no export to check", status: status))
        case 500...599 where vendorApp != nil:
            // The vendor builds the file anew for each request, and a 5xx is a build that failed (502: out of
            // memory): another request would start the same build again.
            return .done(.failed(.unreachable, "HTTP \(status): the vendor's API could not build the fallback file "
                                     + "(not retried: each request builds it again)", status: status))
        case 408, 425, 429, 500...599:
            return .retry(reason: "HTTP \(status)", status: status, retryAfterSeconds: response.retryAfterSeconds)
        case 401, 403:
            let reason = token == nil ? "the server wants a token and the source has none (token_env or token_file)"
                                      : "authentication failed: the server refused \(source.token.spoken)"
            return .done(.failed(.unreachable, "HTTP \(status): \(reason)", status: status))
        case 200...299:
            return .done(.failed(.invalid, "HTTP \(status) without an export", status: status))
        default:
            return .done(.failed(.unreachable, "HTTP \(status)", status: status))
        }
    }

    /// The app of an `adapty` source.
    private var vendorApp: AdaptyApp? {
        if case let .adapty(app) = source.origin { return app }
        return nil
    }

    /// The config's headers, then what paywalls says of itself and wants back, unless the config
    /// names them.
    private var requestHeaders: [(name: String, value: String)] {
        let configured = source.headers.map { ($0.name, $0.value) }
        let named = Set(source.headers.map { $0.name.lowercased() })
        let defaults = [("User-Agent", run.userAgent), ("Accept", "application/json")].filter { !named.contains($0.0.lowercased()) }
        return configured + defaults
    }

    /// Checks a 200's body like `import` and publishes it unless it holds the current snapshot's content
    /// (the same JSON value); either way, its validators are the ones to send next time. The very bytes
    /// of the current snapshot's download (`known`, the validators recorded with it) are not decoded
    /// again: a server may send an unchanged export under a new ETag on every request.
    private func accept(_ response: TransferResponse, bodyPath: String, known: Validators?) throws(StoreError) -> Ending {
        if let problem = vendorApp != nil ? ContentType.problem(withJSON: response.contentType) : ContentType.problem(with: response.contentType) {
            return .failed(.invalid, problem, status: response.status)
        }
        let decoded: DecodedExport
        let validators: Validators
        do {
            let file = try ExportFile(path: bodyPath)
            validators = Validators(entityTag: response.entityTag, lastModified: response.lastModified, bodySHA256: file.bytesSHA256())
            if let knownBody = known?.bodySHA256, knownBody == validators.bodySHA256 {
                return Ending(outcome: .unchanged(.sameBytes), status: response.status, validators: validators)
            }
            decoded = try file.decode(format: source.format, policy: run.policy)
            if let app = vendorApp, decoded.export.format != .adaptyFallback(version: app.formatVersion) {
                return .failed(.invalid, "the vendor sent \(decoded.export.format), but SDK \(app.sdkVersion) reads format \(app.formatVersion) "
                                   + "(nothing published)", status: response.status)
            }
            for warning in decoded.export.warnings { run.log(.warning(source: source.name, message: warning.description)) }
        } catch {
            return .failed(error.kind == .invalid ? .invalid : .local, error.message, status: response.status)
        }
        let outcome = try run.store.publish(decoded, source: source.name, retention: run.retention)
        if case .unchanged = outcome { return Ending(outcome: .unchanged(.sameContent), status: response.status, validators: validators) }
        return Ending(outcome: .published, status: response.status, validators: validators)
    }
}

extension Validators {
    /// What a 304 confirms: the validators it sends, as a cache freshens its stored ones (RFC 9111
    /// §4.3.4), else those the request was made with.
    fileprivate func refreshed(by response: TransferResponse) -> Validators {
        Validators(entityTag: response.entityTag ?? entityTag, lastModified: response.lastModified ?? lastModified, bodySHA256: bodySHA256)
    }
}

extension Failure {
    /// A store that could not be written: locked by another writer (for `waited`), or a local failure.
    init(storeError: StoreError, waited: Duration) {
        let error = storeError.advisingWait(after: waited)
        self.init(kind: error.kind == .locked ? .storeLocked : .local, message: error.message)
    }
}
