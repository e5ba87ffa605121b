// In-process benchmarks for scripts/bench-*: figures a command line cannot give, such as how many
// resolutions one process answers per second once its store is open.
//
//     paywalls-bench resolve STORE STORE_COUNT COMPILED_COUNT [LOCALE...]
//
// Resolves rotating placements (every placement of the current snapshots), profiles and locales, on
// one thread: STORE_COUNT times through `PaywallResolver` reading SQLite, and as many reading the store's
// resolution image when it has one (as a cold `paywalls resolve` does), and COMPILED_COUNT times through
// `CompiledSnapshots.renderedBundle` (the answer `paywalls serve` sends), after compiling the snapshots
// and one untimed round that fills the compiled snapshots' caches. The compiled loop runs three times
// (a shared machine's noise shows as their spread).
import Glibc
import LocaleKit
import PaywallResolver
import PaywallStore

func fail(_ message: String) -> Never {
    let line = "paywalls-bench: \(message)\n"
    _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(64)
}

func seconds(since start: timespec) -> Double {
    var end = timespec()
    clock_gettime(CLOCK_MONOTONIC, &end)
    return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
}

func now() -> timespec {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return time
}

/// Resident and peak resident memory in MB, from /proc/self/status.
func memory() -> (resident: Double, peak: Double) {
    guard let file = fopen("/proc/self/status", "r") else { return (0, 0) }
    defer { fclose(file) }
    var resident = 0.0, peak = 0.0
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, Int32(line.count), file) != nil {
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let kib = Double(text.split(separator: " ").dropFirst().first { !$0.isEmpty }.map(String.init) ?? "") ?? 0
        if text.hasPrefix("VmRSS:") { resident = kib / 1024 }
        if text.hasPrefix("VmHWM:") { peak = kib / 1024 }
    }
    return (resident, peak)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 4, arguments[0] == "resolve", let storeCount = Int(arguments[2]), let compiledCount = Int(arguments[3]),
      storeCount > 0, compiledCount > 0
else {
    fail("usage: paywalls-bench resolve STORE STORE_COUNT COMPILED_COUNT [LOCALE...]")
}
let (store, snapshots, placements) = { () -> (PaywallStore, [SnapshotInfo], [String]) in
    do {
        let store = try PaywallStore.open(at: arguments[1], create: false)
        let snapshots = try store.currentSnapshots()
        var placements: [String] = []
        for snapshot in snapshots { placements += try store.reader(of: snapshot).placementIDs() }
        return (store, snapshots, placements)
    } catch {
        fail("\(error)")
    }
}()
guard !placements.isEmpty else { fail("the store has no placement") }
let locales = arguments.count > 4 ? Array(arguments[4...]) : ["pt_BR", "zh-TW", "es-MX", "de-AT", "fr-CA", "ja-JP"]

/// Profile ids and locale lists, made beforehand so that the loop times resolutions, not string
/// formatting and array making.
let profiles = (0..<10_007).map { "profile-\($0)" }
let localeLists = locales.map { [$0] }

/// The i-th request: placements, profiles and locales rotate at different periods, so that each
/// resolution buckets and matches anew.
func request(_ index: Int) -> ResolutionRequest {
    ResolutionRequest(placementID: placements[index % placements.count], locales: localeLists[index % localeLists.count],
                      profileID: profiles[index % profiles.count])
}

func run(_ label: String, count: Int, _ resolve: (ResolutionRequest) throws(ResolutionError) -> Void) {
    let start = now()
    for index in 0..<count {
        do {
            try resolve(request(index))
        } catch {
            fail("\(label): \(error)")
        }
    }
    let elapsed = seconds(since: start)
    print("\(label): \(count) resolutions in \(elapsed) s: \(Int(Double(count) / elapsed)) resolutions/s")
}

let resolver = PaywallResolver(store: store)
run("store", count: storeCount) { (request) throws(ResolutionError) in _ = try resolver.resolve(request) }
if let image = ResolutionImage.open(inStore: arguments[1]) {
    let imageResolver = PaywallResolver(image: image)
    run("image", count: storeCount) { (request) throws(ResolutionError) in _ = try imageResolver.resolve(request) }
}

let before = memory()
let buildStart = now()
let compiled: CompiledSnapshots
do {
    compiled = try CompiledSnapshots(store: store, snapshots: snapshots)
} catch {
    fail("\(error)")
}
let buildSeconds = seconds(since: buildStart)
let built = memory()
// One untimed round over every placement and locale: it decodes and renders what the timed loop reuses.
for index in 0..<(placements.count * locales.count) {
    _ = try? compiled.renderedBundle(request(index))
}
let warm = memory()
print("compiled snapshot: built in \(buildSeconds) s, resident +\(built.resident - before.resident) MB; "
      + "after the warm-up round +\(warm.resident - before.resident) MB (caches \(compiled.cacheUsage.cost / 1_000_000) MB)")
for _ in 0..<3 {
    run("compiled", count: compiledCount) { (request) throws(ResolutionError) in _ = try compiled.renderedBundle(request) }
}
print("memory: resident \(memory().resident) MB, peak \(memory().peak) MB")
