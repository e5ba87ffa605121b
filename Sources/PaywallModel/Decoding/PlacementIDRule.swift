extension FieldReader {
    /// Why `id` cannot name a placement, or nil: empty, or longer than any placement id an import takes (a
    /// request naming one is refused before any look-up or suggestion). `shown` is the id as a message may
    /// quote it, `expected` what a placement id is. Every request that names a placement is held to it: a
    /// bundle, a batch item, the report, the command line.
    public static func placementIDProblem(_ id: String) -> (shown: String, expected: String)? {
        guard !id.isEmpty else { return (id, "a placement id") }
        let bytes = id.utf8.count
        guard bytes <= maximumIdentifierBytes else {
            return (String(id.unicodeScalars.prefix(32)) + "…", "a placement id of at most \(maximumIdentifierBytes) bytes (this one has \(bytes))")
        }
        return nil
    }
}
