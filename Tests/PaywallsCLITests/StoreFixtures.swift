import FixtureSupport
import Foundation
import Testing

/// A store in a fresh temporary directory, used through the real `paywalls` binary, and removed with
/// everything in it when the owning suite instance (one per test) goes away.
final class TemporaryStore {
    /// The temporary directory: the commands' working directory, holding `store/` and any files a test writes.
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("paywalls-store-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The store directory `--store` names; the import creates it.
    var path: String { directory.appendingPathComponent("store").path }

    var databasePath: String { path + "/paywalls.sqlite" }

    static let samplePath = Repository.file("sync-config/sample-export.json").path

    /// The vendor fallback file of format 11: flows with layouts in several languages, and onboardings.
    static let flowFilePath = Repository.file("Tests/Fixtures/adapty-fallback/format-11.json").path

    /// Runs `paywalls ARGUMENTS --store DIR` in the temporary directory.
    func run(_ arguments: [String], timeout: TimeInterval = 30) throws -> PaywallsProcess.Outcome {
        try PaywallsProcess.run(arguments + ["--store", path], in: directory, timeout: timeout)
    }

    /// Imports `file` (the sample by default) and requires it to succeed.
    @discardableResult
    func importExport(_ file: String = TemporaryStore.samplePath, source: String = "local") throws -> PaywallsProcess.Outcome {
        let outcome = try run(["import", file, "--source", source])
        try #require(outcome.status == 0, "import \(file) failed: \(outcome.standardError)")
        return outcome
    }

    /// `paywalls resolve ARGUMENTS`, required to succeed with an empty stderr (no --explain, no warnings).
    func resolve(_ arguments: [String]) throws -> JSONDocument {
        let outcome = try run(["resolve"] + arguments)
        try #require(outcome.status == 0, "resolve \(arguments) exited \(outcome.status): \(outcome.standardError)")
        #expect(outcome.standardError.isEmpty, "resolve \(arguments): \(outcome.standardError)")
        return try JSONDocument(outcome.standardOutput)
    }

    /// `paywalls coverage --json ARGUMENTS`, required to succeed.
    func coverage(_ arguments: [String]) throws -> JSONDocument {
        let outcome = try run(["coverage", "--json"] + arguments)
        try #require(outcome.status == 0, "coverage \(arguments): \(outcome.standardError)")
        return try JSONDocument(outcome.standardOutput)
    }

    /// The ids in the store's events.sqlite in order, read by another program (none when there is no such file).
    func storedEventIDs() throws -> [String] {
        guard FileManager.default.fileExists(atPath: path + "/events.sqlite") else { return [] }
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        reader.arguments = ["-c", """
            import sqlite3, sys
            database = sqlite3.connect(sys.argv[1])
            if database.execute("SELECT 1 FROM sqlite_master WHERE name = 'events'").fetchone():
                for (id,) in database.execute("SELECT event_id FROM events ORDER BY event_id"): print(id)
            """, path + "/events.sqlite"]
        let output = Pipe()
        reader.standardOutput = output
        try reader.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        reader.waitUntilExit()
        return text.split(separator: "\n").map(String.init)
    }

    /// Writes `text` to a file in the temporary directory and returns its path.
    func write(_ text: String, to name: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }
}

/// A JSON document printed by the CLI, parsed with Foundation, read by slash-separated paths
/// (`locale/chain`, `products/0/price`).
struct JSONDocument {
    let text: String
    let root: Any

    init(_ text: String) throws {
        self.text = text
        root = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }

    subscript(_ path: String) -> Any? {
        var current: Any? = root
        for component in path.split(separator: "/", omittingEmptySubsequences: true).map(String.init) {
            if let object = current as? [String: Any] {
                current = object[component]
            } else if let array = current as? [Any], let index = Int(component), array.indices.contains(index) {
                current = array[index]
            } else {
                return nil
            }
        }
        return current
    }

    func string(_ path: String) -> String? { self[path] as? String }

    func strings(_ path: String) -> [String]? { (self[path] as? [Any])?.map { "\($0)" } }

    func int(_ path: String) -> Int? { (self[path] as? NSNumber)?.intValue ?? self[path] as? Int }

    func bool(_ path: String) -> Bool? { self[path] as? Bool ?? (self[path] as? NSNumber)?.boolValue }

    /// The `id` of each object in the array at `path`.
    func ids(_ path: String) -> [String]? {
        (self[path] as? [Any])?.map { ($0 as? [String: Any])?["id"].map { "\($0)" } ?? "?" }
    }

    func count(_ path: String) -> Int? { (self[path] as? [Any])?.count ?? (self[path] as? [String: Any])?.count }

    /// The value at `path` written back with sorted keys, to compare with `canonicalJSON(_:)` of an expected literal.
    func canonical(_ path: String) -> String? {
        guard let value = self[path] else { return nil }
        return try? canonicalJSON(of: value)
    }
}

/// `text` (JSON) parsed and written back with sorted keys: two documents with the same content give the
/// same string, whatever their key order and spacing.
func canonicalJSON(_ text: String) throws -> String {
    try canonicalJSON(of: JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]))
}

func canonicalJSON(of value: Any) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]), as: UTF8.self)
}

/// Python 3 (its `sqlite3` and `hashlib` modules), for what the tests must do to a store or a file without
/// going through `paywalls`: an independent check, and the only SQLite client the machine is sure to have.
enum Python {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static var executable: URL { URL(fileURLWithPath: "/usr/bin/env") }

    /// `PRAGMA integrity_check` of the database at `path`: `ok` when it is consistent.
    static func integrity(ofDatabase path: String) throws -> String {
        try run("import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute('PRAGMA integrity_check').fetchone()[0], end='')", [path])
    }

    /// Runs `python3 -c SCRIPT ARGUMENTS...` and returns its stdout; throws unless it exits 0 within `timeout`.
    static func run(_ script: String, _ arguments: [String], timeout: TimeInterval = 20) throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["python3", "-c", script] + arguments
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = PaywallsProcess.Collector(stdout.fileHandleForReading), errors = PaywallsProcess.Collector(stderr.fileHandleForReading)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline {
                process.terminate()
                throw Failure(description: "python3 did not finish within \(timeout) s")
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
        let text = output.finish(), problems = errors.finish()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "python3 exited \(process.terminationStatus): \(problems)")
        }
        return text
    }

    /// Reads the JSON file `sys.argv[1]` as `document`: objects as `Object`s (lists of name and value
    /// pairs, in document order), numbers as `Number`s (their literal text).
    private static let jsonReader = #"""
        import hashlib, json, random, struct, sys
        class Number(str): pass
        class Object(list): pass
        document = json.loads(open(sys.argv[1], "rb").read(), object_pairs_hook=Object, parse_int=Number, parse_float=Number)

        """#

    /// The value hash of a JSON file (the canonical form documented on `ValueHasher`), worked out
    /// independently with Python's json and hashlib.
    static func valueHash(ofFile path: String) throws -> String {
        try run(jsonReader + #"""
            def canonical(value):
                if value is None: return b"n"
                if value is True: return b"t"
                if value is False: return b"f"
                if isinstance(value, str):
                    data = value.encode("utf-8")
                    return (b"d" if isinstance(value, Number) else b"s") + struct.pack(">Q", len(data)) + data
                if not isinstance(value, Object):
                    return b"[" + b"".join(canonical(element) for element in value) + b"]"
                members = sorted(enumerate(value), key=lambda member: (member[1][0].encode("utf-8"), member[0]))
                return b"{" + struct.pack(">Q", len(members)) + b"".join(
                    hashlib.sha256(canonical(name) + canonical(member)).digest() for _, (name, member) in members)
            print(hashlib.sha256(canonical(document)).hexdigest())
            """#, [path]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Writes the JSON value of `path` to `output` spelled otherwise: the members of every object in
    /// another order (drawn from `seed`), other whitespace, every character beyond ASCII escaped as
    /// `\uXXXX` and `/` as `\/`; numbers as written.
    static func respell(_ path: String, to output: String, seed: Int) throws {
        _ = try run(jsonReader + #"""
            generator = random.Random(int(sys.argv[3]))
            def quoted(text): return json.dumps(text, ensure_ascii=True).replace("/", "\\/")
            def spelled(value, depth):
                indent = "\n" + "   " * depth
                if isinstance(value, Number): return value
                if isinstance(value, str): return quoted(value)
                if isinstance(value, Object):
                    members = list(value)
                    generator.shuffle(members)
                    return "{" + ",".join(indent + "   " + quoted(name) + " :  " + spelled(member, depth + 1)
                                          for name, member in members) + indent + "}"
                if isinstance(value, list): return "[ " + " ,\t".join(spelled(element, depth + 1) for element in value) + " ]"
                return json.dumps(value)
            open(sys.argv[2], "w", encoding="ascii", newline="").write(spelled(document, 0) + "\r\n")
            """#, [path, output, String(seed)])
    }

    /// Every row of the SQLite database at `path` as SQL (Python's `iterdump`), to compare a store before and after.
    static func dump(ofDatabase path: String) throws -> String {
        try run("import sqlite3, sys; print('\\n'.join(sqlite3.connect(sys.argv[1]).iterdump()))", [path])
    }

    /// Reads or sets `PRAGMA user_version` with Python's sqlite3.
    static func userVersion(ofDatabase path: String) throws -> Int {
        let text = try run("import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); print(c.execute('PRAGMA user_version').fetchone()[0])", [path])
        return try #require(Int(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    static func setUserVersion(_ version: Int, ofDatabase path: String) throws {
        _ = try run("import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute('PRAGMA user_version = %d' % int(sys.argv[2])); c.commit(); c.close()",
                    [path, String(version)])
    }
}

/// Another process (Python's sqlite3) holding the store's write lock (`BEGIN IMMEDIATE`) until `release()`,
/// or at most 20 seconds; killed on deinit if it is still running.
final class WriteLockHolder {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()

    static let script = """
        import select, sqlite3, sys
        connection = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=5)
        connection.execute("BEGIN IMMEDIATE")
        print("locked", flush=True)
        select.select([sys.stdin], [], [], 20)  # until the test closes stdin, 20 s at most
        connection.execute("ROLLBACK")
        connection.close()
        """

    /// Starts the holder and returns once it holds the lock.
    init(database path: String, timeout: TimeInterval = 15) throws {
        process.executableURL = Python.executable
        process.arguments = ["python3", "-c", Self.script, path]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let ready = DispatchSemaphore(value: 0)
        let handle = output.fileHandleForReading
        Thread {
            var seen = Data()
            while !String(decoding: seen, as: UTF8.self).contains("locked\n") {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                seen.append(chunk)
            }
            ready.signal()
        }.start()
        guard ready.wait(timeout: .now() + timeout) == .success, process.isRunning else {
            process.terminate()
            throw Python.Failure(description: "python3 did not take the write lock of \(path) within \(timeout) s")
        }
    }

    /// The process holding the lock, as the store's messages name it.
    var pid: Int32 { process.processIdentifier }

    /// Lets the holder roll back and exit; returns its exit status.
    @discardableResult
    func release(timeout: TimeInterval = 15) -> Int32? {
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline {
                process.terminate()
                return nil
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { process.terminate() }
        // Foundation's `Process` keeps its pipes alive: close them here, or they stay open until the run ends.
        try? input.fileHandleForWriting.close()
        try? output.fileHandleForReading.close()
    }
}
