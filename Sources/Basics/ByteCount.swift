/// A size as the project's messages write it, in decimal units: `812 B`, `26 kB`, `94.7 MB`, `1.2 GB`.
public func byteCount(_ bytes: Int64) -> String {
    guard bytes >= 1000 else { return "\(bytes) B" }
    guard bytes >= 999_500 else { return "\((bytes + 500) / 1000) kB" }
    guard bytes >= 999_950_000 else { return tenths(bytes, of: 1_000_000, "MB") }
    return tenths(bytes, of: 1_000_000_000, "GB")
}

private func tenths(_ bytes: Int64, of unit: Int64, _ name: String) -> String {
    let tenths = (bytes + unit / 20) / (unit / 10)
    return "\(tenths / 10).\(tenths % 10) \(name)"
}
