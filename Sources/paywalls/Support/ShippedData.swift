import Glibc

/// Where the data paywalls ships with is found: the locale policy and the device locales `coverage`
/// checks. Never in the working directory, so that a command reads the same data from `/`, from cron
/// and from systemd. Two places, worked out from the executable's real path (symbolic links resolved),
/// tried in this order:
/// 1. `<prefix>/share/paywalls/` for `<prefix>/bin/paywalls`: an installed binary (the Debian package's
///    data is in `/usr/share/paywalls/`);
/// 2. `<checkout>/locales/` for a binary SwiftPM built in a checkout (`<checkout>/.build/<triple>/debug/`):
///    the nearest folder above the binary's, at most `checkoutDepth` up, with `Package.swift` and `locales/`.
/// What the user names (an option, an environment variable, a sync config's `locale_policy`) comes
/// first; each command that reads a file applies that before asking here.
struct ShippedData {
    enum File: String {
        case localePolicy = "policy.txt"
        case deviceLocales = "device-locales.txt"
    }

    /// How many folders above the binary's own a checkout may be: `.build/<triple>/<configuration>/` is three.
    static let checkoutDepth = 4

    /// The executable's real path; nil when the system does not tell it.
    let executablePath: String?

    /// The running executable's, from `/proc/self/exe` (the kernel resolves symbolic links).
    static var runningExecutable: ShippedData {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let path = length > 0 ? String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
        return ShippedData(executablePath: path)
    }

    /// The path of `file` in the first place that has it.
    func path(of file: File) -> String? {
        directories.lazy.map { Self.join($0, file.rawValue) }.first(where: fileExists(atPath:))
    }

    /// Where `file` was looked for, when no place has it: "policy.txt is not in /usr/share/paywalls, and
    /// /usr/bin is not inside a paywalls checkout".
    func notFound(_ file: File) -> String {
        guard let executablePath, let binary = Self.parent(of: executablePath) else {
            return "\(file.rawValue) cannot be looked for beside the executable, whose path the system does not tell"
        }
        let installed = Self.installedDirectory(binary: binary)
        guard let checkout = Self.checkoutDirectory(binary: binary) else {
            return "\(file.rawValue) is not in \(installed), and \(binary) is not inside a paywalls checkout"
        }
        return "\(file.rawValue) is in neither \(installed) nor \(checkout)"
    }

    /// The places that may hold shipped data, in the order they are tried.
    var directories: [String] {
        guard let executablePath, let binary = Self.parent(of: executablePath) else { return [] }
        return [Self.installedDirectory(binary: binary)] + [Self.checkoutDirectory(binary: binary)].compactMap { $0 }
    }

    /// `<prefix>/share/paywalls` for the folder `<prefix>/bin`.
    private static func installedDirectory(binary: String) -> String {
        join(parent(of: binary) ?? "/", "share/paywalls")
    }

    /// `<checkout>/locales` of the nearest checkout above `binary`, if any.
    private static func checkoutDirectory(binary: String) -> String? {
        var folder = binary
        for _ in 0..<checkoutDepth {
            guard let above = parent(of: folder) else { return nil }
            folder = above
            if fileExists(atPath: join(folder, "Package.swift")), fileExists(atPath: join(folder, "locales")) {
                return join(folder, "locales")
            }
        }
        return nil
    }

    /// The folder holding `path` (absolute); nil for `/`.
    private static func parent(of path: String) -> String? {
        guard path != "/", let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
