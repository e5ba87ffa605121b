import CSQLite

/// A prepared statement of one connection, finalized when released.
package final class Statement {
    private let handle: OpaquePointer
    private let database: Database

    init(handle: OpaquePointer, database: Database) {
        self.handle = handle
        self.database = database
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Resets the statement and binds `arguments` to its parameters `?1`, `?2`, ...
    package func bind(_ arguments: any StatementArgument...) throws(StoreError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (index, argument) in arguments.enumerated() {
            let code = argument.bind(to: handle, at: Int32(index + 1))
            guard code == SQLITE_OK else { throw database.error(code: code) }
        }
    }

    /// Binds `argument` to the parameter `?index` (from 1), leaving the others as they are: for statements run
    /// many times, where boxing each argument as `bind(_:)` does would cost more than the statement.
    package func set(_ index: Int32, _ argument: some StatementArgument) throws(StoreError) {
        let code = argument.bind(to: handle, at: index)
        guard code == SQLITE_OK else { throw database.error(code: code) }
    }

    /// `set(_:_:)` of a number or NULL, called directly rather than through `StatementArgument`: a row of events binds
    /// tens of parameters, and a generic call from another module costs more than the binding.
    package func set(_ index: Int32, _ number: Int64?) throws(StoreError) {
        let code = number.map { sqlite3_bind_int64(handle, index, $0) } ?? sqlite3_bind_null(handle, index)
        guard code == SQLITE_OK else { throw database.error(code: code) }
    }

    /// `set(_:_:)` of a text or NULL, called directly, as a number is.
    package func set(_ index: Int32, _ text: String?) throws(StoreError) {
        let code = text?.bind(to: handle, at: index) ?? sqlite3_bind_null(handle, index)
        guard code == SQLITE_OK else { throw database.error(code: code) }
    }

    /// `set(_:_:)` of a number, called directly: Swift would rather call the generic one than make it optional.
    package func set(_ index: Int32, _ number: Int64) throws(StoreError) {
        try set(index, Optional(number))
    }

    /// `set(_:_:)` of a text, called directly, as a number is.
    package func set(_ index: Int32, _ text: String) throws(StoreError) {
        try set(index, Optional(text))
    }

    /// Ends the statement's current run before its last row, letting go of what it reads.
    package func reset() {
        sqlite3_reset(handle)
    }

    /// Advances to the next row; false when there are no more.
    package func step() throws(StoreError) -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code: throw database.error(code: code)
        }
    }

    /// The number of columns a row has.
    package var columnCount: Int32 { sqlite3_column_count(handle) }

    /// Steps through the remaining rows, transforming each.
    package func rows<Row>(_ transform: (Statement) throws(StoreError) -> Row) throws(StoreError) -> [Row] {
        var rows: [Row] = []
        while try step() { rows.append(try transform(self)) }
        return rows
    }

    /// Runs a statement that returns no rows.
    package func run() throws(StoreError) {
        while try step() {}
    }

    package func text(at column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column))), as: UTF8.self)
    }

    /// The column's bytes, valid until the statement steps again.
    package func bytes(at column: Int32) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: sqlite3_column_blob(handle, column), count: Int(sqlite3_column_bytes(handle, column)))
    }

    package func isNull(at column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    /// Nil for NULL.
    package func optionalText(at column: Int32) -> String? {
        isNull(at: column) ? nil : text(at: column)
    }

    package func integer(at column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }
}

/// A Swift value that binds to a statement parameter.
package protocol StatementArgument {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32
}

extension String: StatementArgument {
    package func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        // Binds the exact UTF-8 bytes, so text with NUL characters survives. An empty buffer may have no
        // address, which SQLite would bind as NULL.
        guard !isEmpty else { return sqlite3_bind_text64(statement, index, "", 0, csqlite_transient(), UInt8(SQLITE_UTF8)) }
        var text = self
        return text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                sqlite3_bind_text64(statement, index, $0.baseAddress, UInt64($0.count), csqlite_transient(), UInt8(SQLITE_UTF8))
            }
        }
    }
}

/// A blob: the bytes as they are.
extension Array: StatementArgument where Element == UInt8 {
    package func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        withUnsafeBytes { bytes in
            // An empty buffer may have no address, which SQLite would bind as NULL.
            sqlite3_bind_blob64(statement, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), UInt64(bytes.count),
                                csqlite_transient())
        }
    }
}

extension Int64: StatementArgument {
    package func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_int64(statement, index, self)
    }
}

extension Int: StatementArgument {
    package func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_int64(statement, index, Int64(self))
    }
}

/// NULL when absent.
extension Optional: StatementArgument where Wrapped: StatementArgument {
    package func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        guard let self else { return sqlite3_bind_null(statement, index) }
        return self.bind(to: statement, at: index)
    }
}
