import Glibc
import LocaleKit
import PaywallModel
import PaywallStore

/// Syncs one source: a conditional download, retried within the run's deadline, then the checks of
/// `import`, then a publish. A source's last good data stays current unless a good export replaces it.
struct SourceSync {
    let source: SyncConfiguration.Source
    let token: Token?
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
        var notModified = false
        var generator = SystemRandomNumberGenerator()
        let bodyPath = run.incomingDirectory + "/" + source.name + ".part"
        defer { unlink(bodyPath) }
        var ending: Ending
        while true {
            attempts += 1
            let attempt: Attempt
            do {
                attempt = try self.attempt(number: attempts, bodyPath: bodyPath, bytes: &bytes, notModified: &notModified)
            } catch {
                attempt = .done(Ending(outcome: .failed(Failure(storeError: error)), status: nil))
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
        let outcome = record(ending)
        return SourceResult(source: source.name, outcome: outcome, httpStatus: ending.status, bytes: bytes,
                            duration: ContinuousClock.now - started, attempts: attempts, notModified: notModified,
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
        let asked = retryAfter.map { "; the server asked to wait \($0) s" } ?? ""
        return .failed(.unreachable, "\(reason) (\(gaveUp): the next would pass the run's deadline of "
                           + "\(run.configuration.deadlineSeconds) s\(asked))", status: status)
    }

    /// Writes the attempt to the source's state in the store; the outcome, unless that write failed.
    private func record(_ ending: Ending) -> SourceResult.Outcome {
        let check = if case let .failed(failure) = ending.outcome {
            SyncCheck(checkedAt: Timestamp.now(), outcome: ending.outcome.name, message: failure.message)
        } else {
            SyncCheck(checkedAt: Timestamp.now(), outcome: ending.outcome.name, validators: ending.validators ?? .empty)
        }
        do {
            try run.store.record(check, of: source.name)
            return ending.outcome
        } catch {
            // A failure is reported whether or not it could be recorded.
            if case .failed = ending.outcome { return ending.outcome }
            return .failed(Failure(storeError: error))
        }
    }

    private func attempt(number: Int, bodyPath: String, bytes: inout Int64, notModified: inout Bool) throws(StoreError) -> Attempt {
        // Earlier sources may have used the whole run; libcurl would read a timeout of 0 as none at all.
        guard !run.deadline.hasPassed else {
            return .done(.failed(.unreachable, "not tried: the run's deadline of \(run.configuration.deadlineSeconds) s had passed"))
        }
        let current = try run.store.currentSnapshot(of: source.name)
        // Validators only mean something while the data they describe is still here.
        let validators = current == nil ? nil : try run.store.source(named: source.name)?.validators
        let request = TransferRequest(
            url: source.url.text, headers: source.headers.map { ($0.name, $0.value) }, token: token, caFile: source.caFile,
            connectTimeoutSeconds: max(1, min(10, run.deadline.remainingWholeSeconds)),
            timeoutSeconds: max(1, min(source.timeoutSeconds, run.deadline.remainingWholeSeconds)),
            maximumBytes: Int64(source.maxBytes), entityTag: validators?.entityTag, lastModified: validators?.lastModified,
            allowsInsecureLoopback: run.allowsInsecureLoopback)
        let conditional = validators?.entityTag != nil || validators?.lastModified != nil
        run.log(.requesting(source: source.name, url: source.url.text, attempt: number, conditional: conditional))
        let response: TransferResponse
        do {
            response = try HTTPTransfer.fetch(request, into: bodyPath) { received, expected in
                run.log(.receiving(source: source.name, received: received, expected: expected))
            }
        } catch {
            switch error.kind {
            case .transient: return .retry(reason: error.message, status: nil, retryAfterSeconds: nil)
            case .permanent: return .done(.failed(.unreachable, error.message))
            case .oversize: return .done(.failed(.invalid, error.message))
            case .local: return .done(.failed(.local, error.message))
            }
        }
        bytes = response.bodyBytes
        let status = response.status
        switch status {
        case 200:
            return .done(try accept(response, bodyPath: bodyPath, current: current))
        case 304 where current != nil:
            notModified = true
            return .done(Ending(outcome: .unchanged, status: status, validators: validators))
        case 408, 429, 500...599:
            return .retry(reason: "HTTP \(status)", status: status, retryAfterSeconds: response.retryAfterSeconds)
        case 401, 403:
            let reason = token == nil ? "the server wants a token and the source has none (token_env or token_file)"
                                      : "the server refused the token"
            return .done(.failed(.unreachable, "HTTP \(status): \(reason)", status: status))
        case 200...299, 304:
            return .done(.failed(.invalid, "HTTP \(status) without an export", status: status))
        default:
            return .done(.failed(.unreachable, "HTTP \(status)", status: status))
        }
    }

    /// Checks a 200's body like `import` and publishes it unless it holds the current snapshot's bytes;
    /// either way, its validators are the ones to send next time.
    private func accept(_ response: TransferResponse, bodyPath: String, current: SnapshotInfo?) throws(StoreError) -> Ending {
        let validators = Validators(entityTag: response.entityTag, lastModified: response.lastModified)
        if let problem = ContentType.problem(with: response.contentType) {
            return .failed(.invalid, problem, status: response.status)
        }
        let file: ExportFile
        let export: PaywallExport
        do {
            file = try ExportFile(path: bodyPath)
            // The bytes of the current snapshot: nothing to decode or write.
            if file.contentHash == current?.contentHash { return Ending(outcome: .unchanged, status: response.status, validators: validators) }
            export = try file.decode(format: source.format, policy: run.policy)
        } catch {
            return .failed(error.kind == .invalid ? .invalid : .local, error.message, status: response.status)
        }
        let outcome = try run.store.publish(export, decodedFrom: file, source: source.name, retention: run.retention)
        if case .unchanged = outcome { return Ending(outcome: .unchanged, status: response.status, validators: validators) }
        return Ending(outcome: .published, status: response.status, validators: validators)
    }
}

extension Failure {
    /// A store that could not be written: locked by another writer, or a local failure.
    init(storeError: StoreError) {
        self.init(kind: storeError.kind == .locked ? .storeLocked : .local, message: storeError.message)
    }
}
