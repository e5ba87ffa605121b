import Foundation

/// Where the tests find the repository's own files: its root (the directory of `Package.swift`) and
/// `Tests/Fixtures`. Everything a test reads comes from here, so a lone clone runs the whole suite.
public enum Repository {
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `Tests/Fixtures/<path>`.
    public static func fixture(_ path: String) -> URL {
        root.appendingPathComponent("Tests/Fixtures").appendingPathComponent(path)
    }

    /// A file of the repository, by its path from the root (`sync-config/sample-export.json`).
    public static func file(_ path: String) -> URL {
        root.appendingPathComponent(path)
    }
}
