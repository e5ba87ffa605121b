import FuzzSupport
import PaywallSync

// A sync config as `paywalls sync --config` reads it: whatever the bytes, a configuration or its problems at their
// JSON pointers. What it accepts keeps the rules sync relies on (names, header values, numbers in range, paths
// under the config's folder, URLs it allows), and allowing http:// to loopback only ever accepts more.

let directory = "/etc/paywalls"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSyncConfig(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let strict = Result { () throws(SyncConfigurationError) in try SyncConfiguration(parsing: bytes, directory: directory, allowInsecureLoopback: false) }
    let loopback = Result { () throws(SyncConfigurationError) in try SyncConfiguration(parsing: bytes, directory: directory, allowInsecureLoopback: true) }
    switch (strict, loopback) {
    case let (.success(configuration), .success(again)):
        precondition(configuration == again, "allowing loopback read the config otherwise")
    case let (.failure(refusal), _):
        precondition(!refusal.issues.isEmpty && refusal.issues.count <= 50, "refused with \(refusal.issues.count) problems")
    case let (.success, .failure(refusal)):
        preconditionFailure("accepted, then refused when loopback is allowed: \(refusal)")
    }
    if case let .success(configuration) = loopback { check(configuration) }
    return 0
}

func check(_ configuration: SyncConfiguration) {
    precondition(!configuration.sources.isEmpty && SyncConfiguration.deadlineRange.contains(configuration.deadlineSeconds))
    let retry = configuration.retry
    precondition(SyncConfiguration.Retry.maxAttemptsRange.contains(retry.maxAttempts)
        && retry.baseDelayMilliseconds <= retry.maxDelayMilliseconds)
    for path in [configuration.store, configuration.localePolicy].compactMap({ $0 }) { checkPath(path) }
    precondition(Set(configuration.sources.map(\.name)).count == configuration.sources.count, "two sources of one name")
    for source in configuration.sources {
        precondition(SyncConfiguration.sourceNameProblem(source.name) == nil, "source name \(source.name)")
        precondition(SyncConfiguration.Source.timeoutRange.contains(source.timeoutSeconds)
            && SyncConfiguration.Source.maxBytesRange.contains(source.maxBytes))
        for header in source.headers {
            precondition(!header.value.unicodeScalars.contains { $0 == "\r" || $0 == "\n" || $0 == "\0" }, "header \(header.name)")
            precondition(header.name.lowercased() != "authorization")
        }
        if case let .file(path) = source.token { checkPath(path) }
        if let path = source.caFile { checkPath(path) }
        let url = try? source.requestURL(environment: { _ in nil }, allowInsecureLoopback: true)
        precondition(url?.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F } == true, "request URL \(String(describing: url))")
        _ = source.origin.jsonMember
    }
}

/// Relative paths resolve against the config's folder.
func checkPath(_ path: String) {
    precondition(path.hasPrefix("/") && !path.utf8.contains(0), "path \(path)")
}

runFuzzer(fuzzSyncConfig)
