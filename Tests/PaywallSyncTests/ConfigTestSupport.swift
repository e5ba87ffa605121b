import PaywallModel
@testable import PaywallSync
import Testing

/// Parses `text` as a sync config read from `directory`.
func parseConfig(_ text: String, directory: String = "/etc/paywalls",
                 allowInsecureLoopback: Bool = false) throws(SyncConfigurationError) -> SyncConfiguration {
    let result = Array(text.utf8).withUnsafeBytes { buffer in
        Result { () throws(SyncConfigurationError) in
            try SyncConfiguration(parsing: buffer, directory: directory, allowInsecureLoopback: allowInsecureLoopback)
        }
    }
    return try result.get()
}

/// The problems reported for `text`, as `pointer: reason` lines; records an issue when it parses.
func configProblems(_ text: String, allowInsecureLoopback: Bool = false,
                    sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
    do {
        _ = try parseConfig(text, allowInsecureLoopback: allowInsecureLoopback)
        Issue.record("the config was accepted", sourceLocation: sourceLocation)
        return []
    } catch {
        return error.issues.map(\.description)
    }
}

/// A config with one source `ios` whose members are `members` (JSON text after name and url, may be empty).
func oneSource(url: String = "https://exports.example.com/app/ios.json", _ members: String = "") -> String {
    #"{"sources": [{"name": "ios", "url": "\#(url)"\#(members.isEmpty ? "" : ", " + members)}]}"#
}

#if canImport(Glibc)
import Glibc
#endif

/// The bytes of the file at `path`, or nil.
func readTestFile(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count == 0 { break }
        bytes.append(contentsOf: chunk[..<count])
    }
    return bytes
}

/// A new file in a fresh temporary folder holding `contents`; returns its path.
func temporaryFile(named name: String, contents: [UInt8]) -> String {
    var template = Array("/tmp/paywalls-sync-tests.XXXXXX".utf8CString)
    let directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    let path = directory + "/" + name
    let file = fopen(path, "wb")!
    _ = contents.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
    return path
}
