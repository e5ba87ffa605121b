import CPostgres
import Glibc

/// Why a command or a connection failed, as libpq and the server said.
struct PostgresError: Error {
    let message: String
    /// The server's SQLSTATE code (such as `40P01`, a deadlock), when it sent one.
    let state: String?
    /// True when the connection is gone (or never came up): a new one is needed.
    let lostConnection: Bool

    /// Another transaction's locks or snapshot got in the way: the same statement may succeed again.
    var isTransient: Bool { state == "40P01" || state == "40001" }
}

/// One libpq connection, used by one thread at a time. Parameters and results are text.
final class PostgresConnection {
    private let handle: OpaquePointer

    /// Connects to `address` (within five seconds unless its URL says otherwise).
    init(_ address: PostgresAddress) throws(PostgresError) {
        if let failure = cpq_load() {
            throw PostgresError(message: "libpq cannot be loaded (install libpq5): \(String(cString: failure))", state: nil, lostConnection: true)
        }
        // Later keywords override the URL's, earlier ones give way to it.
        var settings: [(String, String)] = [("connect_timeout", "5"), ("fallback_application_name", "paywalls"), ("dbname", address.url)]
        if let password = address.password { settings.append(("password", password)) }
        let keywords = settings.map { strdup($0.0) }, values = settings.map { strdup($0.1) }
        defer { (keywords + values).forEach { free($0) } }
        let connection = (keywords.map { UnsafePointer($0) } + [nil]).withUnsafeBufferPointer { keywords in
            (values.map { UnsafePointer($0) } + [nil]).withUnsafeBufferPointer { values in
                cpq_connect(keywords.baseAddress, values.baseAddress)
            }
        }
        guard let connection else { throw PostgresError(message: "out of memory", state: nil, lostConnection: true) }
        guard cpq_status(connection) == CONNECTION_OK else {
            defer { cpq_finish(connection) }
            throw PostgresError(message: Self.text(cpq_error_message(connection)), state: nil, lostConnection: true)
        }
        handle = connection
    }

    deinit { cpq_finish(handle) }

    /// Runs one command (with `$1`, `$2`, ... for `parameters`, NULL for nil); its rows, each a value per column.
    @discardableResult
    func execute(_ command: String, _ parameters: [String?] = []) throws(PostgresError) -> [[String?]] {
        let copies = parameters.map { $0.map { strdup($0) } ?? nil }
        defer { copies.forEach { free($0) } }
        let result = copies.map { UnsafePointer($0) }.withUnsafeBufferPointer { values in
            cpq_exec(handle, command, Int32(values.count), values.baseAddress)
        }
        guard let result else { throw failure(nil) }
        defer { cpq_clear(result) }
        switch cpq_result_status(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
            return (0..<cpq_tuple_count(result)).map { row in
                (0..<cpq_field_count(result)).map { column in
                    cpq_is_null(result, row, column) != 0 ? nil : String(cString: cpq_value(result, row, column))
                }
            }
        default:
            throw failure(result)
        }
    }

    /// Runs `command`, a `COPY ... FROM STDIN`, with `rows` in COPY's text form.
    func copy(_ command: String, rows: [UInt8]) throws(PostgresError) {
        guard let started = cpq_exec(handle, command, 0, nil) else { throw failure(nil) }
        guard cpq_result_status(started) == PGRES_COPY_IN else {
            defer { cpq_clear(started) }
            throw failure(started)
        }
        cpq_clear(started)
        var sent = true
        // libpq takes a count as an int: a few megabytes at a time.
        for start in stride(from: 0, to: rows.count, by: 1 << 22) where sent {
            let end = min(start + (1 << 22), rows.count)
            sent = rows[start..<end].withUnsafeBytes { cpq_put_copy_data(handle, $0.baseAddress, Int32($0.count)) } == 1
        }
        guard sent, cpq_put_copy_end(handle) == 1 else { throw failure(nil) }
        var problem: PostgresError?
        while let result = cpq_next_result(handle) {
            if cpq_result_status(result) != PGRES_COMMAND_OK, problem == nil { problem = failure(result) }
            cpq_clear(result)
        }
        if let problem { throw problem }
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    func transaction<T>(_ body: () throws(PostgresError) -> T) throws(PostgresError) -> T {
        try execute("BEGIN")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            if !error.lostConnection { _ = try? execute("ROLLBACK") }
            throw error
        }
    }

    private func failure(_ result: OpaquePointer?) -> PostgresError {
        let message = result.map { Self.text(cpq_result_error_message($0)) } ?? ""
        return PostgresError(message: message.isEmpty ? Self.text(cpq_error_message(handle)) : message,
                             state: result.flatMap { cpq_result_sqlstate($0) }.map { String(cString: $0) },
                             lostConnection: cpq_status(handle) != CONNECTION_OK)
    }

    /// libpq's message, on one line.
    private static func text(_ message: UnsafePointer<CChar>?) -> String {
        guard let message else { return "" }
        return String(cString: message).split(whereSeparator: \.isNewline).map { $0.trimmingPrefix(while: \.isWhitespace) }
            .joined(separator: " ")
    }
}
