// In-process benchmarks for scripts/bench-*: figures a command line cannot give, such as how many
// resolutions one process answers per second once its store is open.
//
//     paywalls-bench resolve STORE PLACEMENT COUNT [LOCALE...]
import Glibc
import LocaleKit
import PaywallResolver
import PaywallStore

func fail(_ message: String) -> Never {
    let line = "paywalls-bench: \(message)\n"
    _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(64)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 4, arguments[0] == "resolve", let count = Int(arguments[3]), count > 0 else {
    fail("usage: paywalls-bench resolve STORE PLACEMENT COUNT [LOCALE...]")
}
let store: PaywallStore
do {
    store = try PaywallStore.open(at: arguments[1], create: false)
} catch {
    fail(error.description)
}
let resolver = PaywallResolver(store: store)
// Rotating profiles and locales, so that each resolution buckets and matches anew.
let locales = arguments.count > 4 ? Array(arguments[4...]) : ["pt_BR", "zh-TW", "es-MX", "de-AT", "fr-CA", "ja-JP"]
var start = timespec()
clock_gettime(CLOCK_MONOTONIC, &start)
for index in 0..<count {
    let request = ResolutionRequest(placementID: arguments[2], locales: [locales[index % locales.count]], profileID: "profile-\(index)")
    do {
        _ = try resolver.resolve(request)
    } catch {
        fail(error.description)
    }
}
var end = timespec()
clock_gettime(CLOCK_MONOTONIC, &end)
let seconds = Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
print("\(count) resolutions in \(seconds) s: \(Int(Double(count) / seconds)) resolutions/s")
