import FixtureSupport
import Foundation
@testable import paywalls
import Testing

/// `scripts/package` end to end: the .deb it builds, unpacked into a temporary root (nothing installed),
/// and its binary run from `/` with an empty environment, as a server would run it: it finds the
/// packaged data beside itself, and needs no Swift toolchain.
@Suite struct DebianPackageTests {
    static let slash = URL(fileURLWithPath: "/")

    @Test func itsControlFieldsHoldTheVersionAndTheComputedDependencies() throws {
        let package = try BuiltPackage.shared.get()
        #expect(package.deb.lastPathComponent == "paywalls_\(Version.number)_amd64.deb")
        #expect(try package.field("Package") == "paywalls")
        #expect(try package.field("Version") == Version.number)
        // What the binary links (dpkg-shlibdeps) and what it opens with dlopen, each with a version.
        let depends = try package.field("Depends").components(separatedBy: ", ")
        for name in ["libc6", "libicu72", "libsqlite3-0", "libssl3", "libcurl4", "zlib1g", "libpq5"] {
            #expect(depends.contains { $0.hasPrefix("\(name) (>= ") }, "\(name) in \(depends)")
        }
        // serve's HTTP engine is its own.
        #expect(!depends.contains { $0.hasPrefix("libmicrohttpd") }, "\(depends)")
        #expect(depends.contains("adduser"))
        #expect(!depends.contains { $0.contains("swift") })
        #expect(try package.controlFile("conffiles") == "/etc/paywalls/sync.json\n")
        #expect(try package.controlFile("postinst").contains("adduser --system --group"))
        // serve's two tokens, made on install, which its unit requires.
        for role in ["app", "admin"] {
            #expect(try package.controlFile("postinst").contains("make_token /etc/paywalls/\(role).token"))
            #expect(try package.controlFile("postrm").contains("/etc/paywalls/\(role).token"))
        }
    }

    @Test func itHoldsTheRepositorysDataConfigAndUnits() throws {
        let repository = Repository.root
        let expected = [
            "usr/share/paywalls/policy.txt": "locales/policy.txt",
            "usr/share/paywalls/device-locales.txt": "locales/device-locales.txt",
            "usr/share/paywalls/sample-export.json": "sync-config/sample-export.json",
            "etc/paywalls/sync.json": "scripts/deploy/sync.json",
            "lib/systemd/system/paywalls-serve@.service": "scripts/deploy/paywalls-serve@.service",
            "lib/systemd/system/paywalls-sync.service": "scripts/deploy/paywalls-sync.service",
            "lib/systemd/system/paywalls-sync.timer": "scripts/deploy/paywalls-sync.timer",
            "lib/systemd/system/paywalls-.service.d/sandbox.conf": "scripts/deploy/paywalls-.service.d/sandbox.conf",
            "usr/share/doc/paywalls/examples/nginx-paywalls.conf": "scripts/deploy/nginx-paywalls.conf",
            "usr/share/doc/paywalls/README.md": "README.md",
            "usr/share/doc/paywalls/CHANGELOG.md": "CHANGELOG.md",
            "usr/share/doc/paywalls/docs/architecture.md": "docs/architecture.md",
        ]
        try BuiltPackage.shared.get().withUnpackedRoot { root in
            for (packaged, source) in expected {
                let bytes = FileManager.default.contents(atPath: root.appendingPathComponent(packaged).path)
                #expect(bytes != nil && bytes == FileManager.default.contents(atPath: repository.appendingPathComponent(source).path),
                        "\(packaged) is not \(source)")
            }
        }
    }

    @Test func itsBinaryNeedsNoSwiftToolchain() throws {
        try BuiltPackage.shared.get().withUnpackedRoot { root in
            let binary = root.appendingPathComponent("usr/bin/paywalls").path
            let libraries = try BuiltPackage.run("/usr/bin/ldd", [binary])
            #expect(libraries.contains("libicuuc.so.72"))
            #expect(!libraries.contains("swift") && !libraries.contains("not found"), "\(libraries)")
            let dynamic = try BuiltPackage.run("/usr/bin/readelf", ["--dynamic", binary])
            #expect(!dynamic.contains("RUNPATH") && !dynamic.contains("RPATH"))
        }
    }

    @Test func itsBinaryWorksFromSlashWithThePackagedData() throws {
        try BuiltPackage.shared.get().withUnpackedRoot { root in
            let binary = root.appendingPathComponent("usr/bin/paywalls")
            let run = { (arguments: [String]) throws -> PaywallsProcess.Outcome in
                let outcome = try PaywallsProcess.run(arguments, in: Self.slash, executable: binary)
                #expect(outcome.status == 0, "paywalls \(arguments.joined(separator: " ")): \(outcome.standardError)")
                return outcome
            }
            let store = root.appendingPathComponent("var/lib/paywalls").path

            let imported = try JSONDocument(run(["import", root.appendingPathComponent("usr/share/paywalls/sample-export.json").path,
                                                 "--store", store]).standardOutput)
            #expect(imported.string("status") == "published")
            let version = try run(["--version"]).outputLines
            let checkout = try PaywallsProcess.run(["--version"]).outputLines
            #expect(version.first == Version.number)
            #expect(version.dropFirst().first == checkout.dropFirst().first && version.dropFirst().first?.hasPrefix("ICU 72.") == true)
            #expect(version.last == "store schema \(try Python.userVersion(ofDatabase: store + "/paywalls.sqlite"))")

            let explained = try JSONDocument(run(["locale", "explain", "iw_IL"]).standardOutput)
            #expect(explained.string("tag") == "he-IL")
            #expect(explained.strings("chain") == ["he-IL", "he", "en"])

            let bundle = try JSONDocument(run(["resolve", "--placement", "onboarding", "--locale", "pt_BR", "--country", "BR",
                                               "--store", store]).standardOutput)
            #expect(bundle.string("audience/name") == "Brazil & Portugal")
            #expect(bundle.string("locale/matched") == "pt-br")

            // The device-locale list and the policy come from usr/share/paywalls: there is no checkout here.
            let coverage = try JSONDocument(run(["coverage", "--json", "--store", store]).standardOutput)
            #expect(coverage.count("paywalls/0/deviceLocales") == 40)
            #expect(try run(["locale", "match", "--available", "zh,en", "zh-CHS"]).standardOutput == "zh\n")
            try FileManager.default.removeItem(at: root.appendingPathComponent("usr/share/paywalls/policy.txt"))
            #expect(try run(["locale", "match", "--available", "zh,en", "zh-CHS"]).standardOutput == "en\n")
        }
    }
}
