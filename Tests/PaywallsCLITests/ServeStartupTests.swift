import Foundation
import Testing

/// `paywalls serve` as a process: its one startup line, its options, its stop, and what it loads.
@Suite struct ServeStartupTests {
    @Test func oneStartupLineThenNothingElseOnStdout() throws {
        let server = try ServeProcess()
        #expect(server.url.hasPrefix("http://127.0.0.1:"))
        #expect(server.port != 0)
        let startup = try #require(JSONSerialization.jsonObject(with: Data(server.startupLine.utf8)) as? [String: Any])
        #expect(Set(startup.keys) == ["listening", "snapshots"])
        #expect(startup["snapshots"] as? [String] == [])
        #expect(try server.request("GET", "/healthz").status == 200)
        #expect(try server.request("GET", "/nowhere").status == 404)
        let outcome = try server.stop()
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.outputLines == [server.startupLine])
        #expect(outcome.standardError.contains("listening on \(server.url)"))
    }

    @Test func itListensOnIPv6Loopback() throws {
        let server = try ServeProcess(listen: "[::1]:0")
        #expect(server.url.hasPrefix("http://[::1]:"))
        #expect(server.host == "::1")
        let response = try server.request("GET", "/healthz")
        #expect(response.status == 200)
        #expect(response.body == #"{"status":"ok"}"#)
    }

    @Test func theStartupLineNamesTheCurrentSnapshots() throws {
        let store = try TemporaryStore()
        let imported = try JSONDocument(try store.importExport().standardOutput)
        let server = try ServeProcess(store: store.path)
        let startup = try #require(JSONSerialization.jsonObject(with: Data(server.startupLine.utf8)) as? [String: Any])
        #expect(startup["snapshots"] as? [String] == [try #require(imported.string("snapshot"))])
    }

    @Test(arguments: [(["--listen", "localhost:8080"], "invalid value 'localhost:8080' for --listen: expected HOST:PORT with an IPv4 address or a bracketed IPv6 one ([::1]:8787) and a port from 0 to 65535; did you mean '127.0.0.1:8080' or '[::1]:8080'?"),
                      (["--listen", "LocalHost:0"], "invalid value 'LocalHost:0' for --listen: expected HOST:PORT with an IPv4 address or a bracketed IPv6 one ([::1]:8787) and a port from 0 to 65535; did you mean '127.0.0.1:0' or '[::1]:0'?"),
                      // A port out of range, or a name other than localhost, gets no literal to use instead.
                      (["--listen", "localhost:65536"], "invalid value 'localhost:65536' for --listen: expected HOST:PORT with an IPv4 address or a bracketed IPv6 one ([::1]:8787) and a port from 0 to 65535"),
                      (["--listen", "example.com:80"], "invalid value 'example.com:80' for --listen: expected HOST:PORT with an IPv4 address or a bracketed IPv6 one ([::1]:8787) and a port from 0 to 65535"),
                      (["--listen", "::1:80"], "invalid value '::1:80' for --listen: expected HOST:PORT with an IPv4 address or a bracketed IPv6 one ([::1]:8787) and a port from 0 to 65535"),
                      (["--threads", "0"], "invalid value '0' for --threads: expected a whole number from 1 to 256"),
                      (["--max-connections", "many"], "invalid value 'many' for --max-connections: expected a whole number from 1 to 100000"),
                      (["--connection-timeout", "0"], "invalid value '0' for --connection-timeout: expected a whole number of seconds from 1 to 3600"),
                      (["--log-format", "xml"], "invalid value 'xml' for --log-format: expected human or json")])
    func badOptionsExit64(_ arguments: [String], message: String) throws {
        let outcome = try PaywallsProcess.run(["serve"] + arguments)
        #expect(outcome.status == 64)
        #expect(outcome.standardError.hasPrefix("error: \(message)\nusage: paywalls serve "))
        #expect(outcome.standardOutput.isEmpty)
    }

    @Test func anUnreadableTokenFileIsAConfigurationError() throws {
        let outcome = try PaywallsProcess.run(["serve", "--listen", "127.0.0.1:0", "--token-file", "missing.token"])
        #expect(outcome.status == 78)
        #expect(outcome.standardError == "error: --token-file: cannot read token file missing.token: No such file or directory\n")
        #expect(outcome.standardOutput.isEmpty)
    }

    @Test func aPortInUseIsNamed() throws {
        let first = try ServeProcess()
        let outcome = try PaywallsProcess.run(["serve", "--listen", "127.0.0.1:\(first.port)"])
        #expect(outcome.status == 69)
        #expect(outcome.standardError == "error: cannot listen on 127.0.0.1:\(first.port): Address already in use\n")
        #expect(outcome.standardOutput.isEmpty)
    }

    /// The files the dynamic loader opened (`LD_DEBUG=files`) for `paywalls --version`, and for a
    /// `serve` that answered `/metrics`.
    func loadedFiles() throws -> (version: String, serve: String) {
        let version = try PaywallsProcess.run(["--version"], environment: ["LD_DEBUG": "files"])
        #expect(version.standardError.contains("file=libsqlite3.so.0"), "LD_DEBUG had no effect")
        let server = try ServeProcess(environment: ["LD_DEBUG": "files"])
        #expect(try server.request("GET", "/metrics").status == 200)
        return (version.standardError, try server.stop().standardError)
    }

    /// `serve` runs on its own HTTP engine: no HTTP library is loaded, by it or by any other command; and
    /// zlib, which only `serve` uses, is not loaded by the others. (`serve`'s own loads cannot be told
    /// from those of the Python that launches it here, which loads zlib.) libpq is loaded for --events-url only.
    @Test func noCommandLoadsAnHTTPServerLibraryAndOthersNoZlibNorLibpq() throws {
        let loaded = try loadedFiles()
        #expect(!loaded.version.contains("libmicrohttpd"))
        #expect(!loaded.serve.contains("libmicrohttpd"))
        #expect(!loaded.version.contains("file=libz.so.1"))
        #expect(!loaded.version.contains("file=libpq.so.5") && !loaded.serve.contains("file=libpq.so.5"))
    }

    /// Foundation brings four libraries and a second copy of ICU's data: loading them took a third of
    /// every command's start-up, so no module of the executable imports it.
    @Test func noCommandLoadsFoundation() throws {
        let loaded = try loadedFiles()
        #expect(!loaded.version.contains("file=libFoundation"))
        #expect(!loaded.serve.contains("file=libFoundation"))
    }
}
