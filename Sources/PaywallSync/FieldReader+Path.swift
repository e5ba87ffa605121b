import PaywallModel

extension FieldReader {
    /// A file path, resolved against `directory`: a non-empty string without NUL.
    func path(_ key: String, directory: String) -> String? {
        guard let text = string(key) else { return nil }
        if text.isEmpty {
            issues.report(at(key), "must not be empty")
            return nil
        }
        if text.utf8.contains(0) {
            issues.report(at(key), "contains a NUL character")
            return nil
        }
        return SyncConfiguration.resolve(text, against: directory)
    }
}
