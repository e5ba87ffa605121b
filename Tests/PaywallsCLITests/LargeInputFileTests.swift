import Foundation
import Testing

/// The small files the CLI reads whole (a sync config, a locale policy, a password file, a device-locale list),
/// given as a sparse file of a terabyte or as a device that never ends: refused with the file's name before memory
/// is set aside for them (the terabyte once stopped the process: it asked for that much at once).
@Suite struct LargeInputFileTests {
    let store: TemporaryStore
    /// A terabyte of nothing, taking no disk.
    let sparse: String

    init() throws {
        store = try TemporaryStore()
        try store.importExport()
        sparse = try store.write("", to: "terabyte")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: sparse))
        try handle.truncate(atOffset: 1 << 40)
        try handle.close()
    }

    @Test(arguments: [
        (["sync", "--config", "FILE"], 78, "error: cannot read the sync config: FILE is larger than 16.0 MB\n"),
        (["locale", "explain", "pt-BR", "--locale-policy", "FILE"], 78, "error: locale policy: FILE is larger than 16.0 MB\n"),
        (["report", "--events-url", "postgresql://paywalls@127.0.0.1:9/paywalls", "--events-password-file", "FILE"], 65,
         "error: FILE is larger than 16.0 MB\n"),
    ])
    func aFileTooLargeIsRefused(_ arguments: [String], _ status: Int32, _ message: String) throws {
        for file in [sparse, "/dev/zero"] {
            let outcome = try store.run(arguments.map { $0 == "FILE" ? file : $0 }, timeout: 20)
            #expect(outcome.status == status, "\(file): \(outcome.standardError)")
            #expect(outcome.standardError == message.replacingOccurrences(of: "FILE", with: file))
        }
    }

    @Test func aDeviceLocaleListTooLargeIsRefused() throws {
        let outcome = try PaywallsProcess.run(["coverage", "--store", store.path], environment: ["PAYWALLS_DEVICE_LOCALES": sparse])
        #expect(outcome.status == 65)
        #expect(outcome.standardError == "error: device locale list: \(sparse) is larger than 16.0 MB\n")
    }
}
