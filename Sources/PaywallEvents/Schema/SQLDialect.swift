/// The two SQL dialects the events are kept in, and what differs between them in the statements paywalls writes:
/// the types of columns, how a parameter and a name are written, and the tables' names.
enum SQLDialect: Sendable {
    /// `events.sqlite`: every repeated string an id into its `names` table.
    case sqlite
    /// A PostgreSQL database, beside whatever else it holds: strings as they are, compared byte by byte (`COLLATE "C"`),
    /// as SQLite compares them.
    case postgres

    /// What a column holds, rendered as each dialect types it.
    enum ColumnKind: Sendable {
        /// One of the strings many rows repeat (a placement, a locale, a type).
        case name
        case text
        case integer
    }

    func type(of kind: ColumnKind) -> String {
        switch (self, kind) {
        case (.sqlite, .name), (.sqlite, .integer): "INTEGER"
        case (.sqlite, .text): "TEXT"
        case (.postgres, .name), (.postgres, .text): #"text COLLATE "C""#
        case (.postgres, .integer): "bigint"
        }
    }

    /// A table's name: PostgreSQL's carry `paywalls_`, as the database holds other things.
    func table(_ name: String) -> String {
        self == .postgres ? "paywalls_" + name : name
    }

    /// Parameter `number` (from 1), of a text or an integer (PostgreSQL wants the type where it cannot tell).
    func parameter(_ number: Int, _ kind: ColumnKind) -> String {
        switch self {
        case .sqlite: "?\(number)"
        case .postgres: "$\(number)::" + (kind == .integer ? "bigint" : "text")
        }
    }

    /// The string of a `name` column's value `expression` (in SQLite, the text its id stands for).
    func text(ofName expression: String) -> String {
        self == .sqlite ? "(SELECT text FROM names WHERE id = \(expression))" : expression
    }

    /// What a `name` column of a key holds for a value not said, as a key holds no NULL: in SQLite an id no name has,
    /// in PostgreSQL the empty string, which no identifier is.
    var absentName: String {
        self == .sqlite ? "0" : "''"
    }

    /// The value a `name` column holds for the string `expression`: in SQLite its id (NULL, matching nothing, when no
    /// row holds it).
    func name(ofText expression: String) -> String {
        self == .sqlite ? "(SELECT id FROM names WHERE text = \(expression))" : expression
    }
}

/// A table as both dialects create it: its columns, in order, and its key.
struct TableDescription: Sendable {
    struct Column: Sendable {
        let name: String
        let kind: SQLDialect.ColumnKind
        let isRequired: Bool
    }

    /// The name in SQLite (PostgreSQL's is `paywalls_` and this).
    let name: String
    let columns: [Column]
    let key: [String]

    /// `CREATE TABLE`: keyed by `key`, which SQLite makes the table's order (`WITHOUT ROWID`).
    func create(in dialect: SQLDialect) -> String {
        let lines = columns.map { "    \($0.name) \(dialect.type(of: $0.kind))\($0.isRequired ? " NOT NULL" : "")" }
            + ["    PRIMARY KEY (\(key.joined(separator: ", ")))"]
        return "CREATE TABLE \(dialect.table(name)) (\n\(lines.joined(separator: ",\n"))\n)" + (dialect == .sqlite ? " WITHOUT ROWID" : "")
    }

    var columnList: String { columns.map(\.name).joined(separator: ", ") }
}
