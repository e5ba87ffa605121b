@testable import PaywallSync
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Tokens: read on demand, never shown")
struct TokenTests {
    static let secret = "zq-SECRET-7f3a9c41-do-not-print"

    func source(_ members: String, directory: String = "/etc/paywalls") throws -> SyncConfiguration.Source {
        try #require(try parseConfig(oneSource(members), directory: directory).sources.first)
    }

    func expectHidden(_ token: Token, sourceLocation: SourceLocation = #_sourceLocation) {
        var dumped = ""
        dump(token, to: &dumped)
        for shown in [String(describing: token), "\(token)", String(reflecting: token), token.debugDescription, dumped,
                      String(describing: Optional(token)), "\([token])", String(describing: Mirror(reflecting: token).children.map(\.value))] {
            #expect(!shown.contains(Self.secret), "\(shown.count) characters show the secret", sourceLocation: sourceLocation)
            #expect(!shown.contains("SECRET"), sourceLocation: sourceLocation)
        }
        #expect(String(describing: token) == "<redacted>", sourceLocation: sourceLocation)
        #expect("\(token)" == "<redacted>", sourceLocation: sourceLocation)
    }

    @Test("from an environment variable")
    func fromEnvironment() throws {
        let source = try source(#""token_env": "PAYWALLS_SYNC_TEST_TOKEN_A""#)
        let token = try #require(try source.readToken { $0 == "PAYWALLS_SYNC_TEST_TOKEN_A" ? Self.secret : nil })
        #expect(token.authorizationHeaderValue == "Bearer " + Self.secret)
        expectHidden(token)
    }

    /// A variable the test process already has: tests run in parallel, and `setenv` while another thread
    /// reads the environment (a spawn copying it) can crash the run.
    @Test("from the process environment by default")
    func fromProcessEnvironment() throws {
        let path = try #require(getenv("PATH").map { String(cString: $0) })
        let token = try #require(try source(#""token_env": "PATH""#).readToken())
        #expect(token.authorizationHeaderValue == "Bearer " + path)
        expectHidden(token)
    }

    @Test("from a file, less the trailing newline, relative to the config's folder")
    func fromFile() throws {
        for contents in [Self.secret + "\n", Self.secret, Self.secret + "\r\n"] {
            let path = temporaryFile(named: "token", contents: Array(contents.utf8))
            let directory = String(path.dropLast("/token".count))
            let source = try source(#""token_file": "token""#, directory: directory)
            #expect(source.token == .file(path))
            let token = try #require(try source.readToken())
            #expect(token.authorizationHeaderValue == "Bearer " + Self.secret)
            expectHidden(token)
        }
    }

    @Test("no token configured")
    func none() throws {
        #expect(try source("").readToken() == nil)
    }

    func tokenError(_ source: SyncConfiguration.Source, environment: @escaping (String) -> String? = { _ in nil }) -> TokenError? {
        do {
            _ = try source.readToken(environment: environment)
            Issue.record("a token was read")
            return nil
        } catch {
            return error
        }
    }

    @Test("an unset or empty variable is named, never its value")
    func environmentErrors() throws {
        let source = try source(#""token_env": "PAYWALLS_SYNC_TEST_MISSING""#)
        #expect(tokenError(source)?.description
            == #"source "ios": environment variable PAYWALLS_SYNC_TEST_MISSING (token_env) is not set"#)
        #expect(tokenError(source, environment: { _ in "" })?.description
            == #"source "ios": environment variable PAYWALLS_SYNC_TEST_MISSING (token_env) is empty"#)
        #expect(tokenError(source, environment: { _ in " \t\n" })?.description
            == #"source "ios": environment variable PAYWALLS_SYNC_TEST_MISSING (token_env) is empty (it holds only spaces or line breaks)"#)
        let twoLines = tokenError(source, environment: { _ in Self.secret + "\nX-Injected: 1" })
        #expect(twoLines?.description
            == #"source "ios": environment variable PAYWALLS_SYNC_TEST_MISSING (token_env) holds a line break or a control character (a token is one line)"#)
        #expect(twoLines.map { !"\($0)".contains("SECRET") && !String(reflecting: $0).contains("SECRET") } == true)
    }

    @Test("a missing, empty or multi-line file is named, never its contents")
    func fileErrors() throws {
        let missing = try source(#""token_file": "/nonexistent/paywalls-token""#)
        #expect(tokenError(missing)?.description
            == #"source "ios": cannot read token file /nonexistent/paywalls-token: No such file or directory"#)
        let empty = temporaryFile(named: "empty-token", contents: Array("\n".utf8))
        #expect(tokenError(try source(#""token_file": "\#(empty)""#))?.description
            == "source \"ios\": token file \(empty) is empty (it holds only spaces or line breaks)")
        let twoLines = temporaryFile(named: "token", contents: Array((Self.secret + "\nsecond " + Self.secret + "\n").utf8))
        let error = tokenError(try source(#""token_file": "\#(twoLines)""#))
        #expect(error?.description == "source \"ios\": token file \(twoLines) holds a line break or a control character (a token is one line)")
        #expect(error.map { !String(reflecting: $0).contains("SECRET") } == true)
        let big = temporaryFile(named: "token", contents: [UInt8](repeating: UInt8(ascii: "a"), count: Token.maximumFileBytes + 1))
        #expect(tokenError(try source(#""token_file": "\#(big)""#))?.description
            == "source \"ios\": token file \(big) is larger than 65536 bytes")
    }

    @Test("a config holds variable and file names, never a token")
    func configHoldsNoSecret() throws {
        let path = try #require(getenv("PATH").map { String(cString: $0) })
        let config = try parseConfig(oneSource(#""token_env": "PATH""#))
        var dumped = ""
        dump(config, to: &dumped)
        #expect(!dumped.contains(path))
        #expect(dumped.contains("\"PATH\""))
    }
}

@Suite("Token files read alone (serve's --token-file)")
struct TokenFileTests {
    @Test func aTokenFileGivesItsLine() throws {
        let path = "/tmp/paywalls-token-\(getpid())-a"
        defer { unlink(path) }
        #expect(writeFile(path, TokenTests.secret + "\r\n"))
        #expect(try Token.read(file: path).matches(TokenTests.secret))
    }

    /// Spaces, tabs and line breaks around the token are an editor's or a paste's, never the token's: kept, no client
    /// could ever present it.
    @Test func theSpacesAroundATokenAreDropped() throws {
        let path = "/tmp/paywalls-token-\(getpid())-c"
        defer { unlink(path) }
        for text in [" \(TokenTests.secret)", "\(TokenTests.secret) \n", "\t\(TokenTests.secret)\t\r\n", "\n\n\(TokenTests.secret)\n\n"] {
            #expect(writeFile(path, text))
            let token = try Token.read(file: path)
            #expect(token.matches(TokenTests.secret), "\(text.debugDescription)")
            #expect(!token.matches(" " + TokenTests.secret))
        }
    }

    /// A token is its owner's alone: a file its group or others may read is said, with what to do.
    @Test func aFileOthersMayReadIsWarnedAbout() throws {
        let path = "/tmp/paywalls-token-\(getpid())-d"
        defer { unlink(path) }
        #expect(writeFile(path, TokenTests.secret))
        for (mode, reader) in [(0o644, "anyone"), (0o604, "anyone"), (0o640, "its group"), (0o440, "its group")] as [(mode_t, String)] {
            chmod(path, mode)
            #expect(Token.exposure(ofFile: path)
                == "token file \(path) can be read by \(reader) (mode \(String(mode, radix: 8))): make it readable by its owner only (chmod 600)")
        }
        for mode: mode_t in [0o600, 0o400, 0o700, 0o620] {
            chmod(path, mode)
            #expect(Token.exposure(ofFile: path) == nil, "mode \(String(mode, radix: 8))")
        }
    }

    @Test func problemsNameTheFileNeverTheToken() throws {
        let path = "/tmp/paywalls-token-\(getpid())-b"
        defer { unlink(path) }
        #expect(writeFile(path, TokenTests.secret + "\nsecond line\n"))
        #expect(throws: TokenProblem(reason: "token file \(path) holds a line break or a control character (a token is one line)")) {
            try Token.read(file: path)
        }
        #expect(throws: TokenProblem(reason: "cannot read token file \(path)-missing: No such file or directory")) {
            try Token.read(file: path + "-missing")
        }
    }

    private func writeFile(_ path: String, _ text: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        defer { close(descriptor) }
        return descriptor >= 0 && text.utf8CString.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count - 1) } == text.utf8.count
    }
}
