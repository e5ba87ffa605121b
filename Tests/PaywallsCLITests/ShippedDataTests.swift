import Foundation
@testable import paywalls
import Testing

/// `ShippedData`'s places, worked out from an executable path over real folders.
@Suite struct ShippedDataTests {
    @Test func anInstalledBinaryLooksInTheShareFolderOfItsPrefix() {
        #expect(ShippedData(executablePath: "/usr/bin/paywalls").directories == ["/usr/share/paywalls"])
        #expect(ShippedData(executablePath: "/opt/paywalls/bin/paywalls").directories == ["/opt/paywalls/share/paywalls"])
        #expect(ShippedData(executablePath: "/bin/paywalls").directories == ["/share/paywalls"])
    }

    @Test(arguments: [(3, true), (4, true), (5, false)])
    func aCheckoutIsLookedForAtMostFourFoldersUp(_ depth: Int, _ found: Bool) throws {
        try PaywallsProcess.withTemporaryDirectory { directory in
            let checkout = directory.resolvingSymlinksInPath().appendingPathComponent("checkout")
            try FileManager.default.createDirectory(at: checkout.appendingPathComponent("locales"), withIntermediateDirectories: true)
            try Data().write(to: checkout.appendingPathComponent("Package.swift"))
            let folders = (1...depth).map { "level\($0)" }.joined(separator: "/")
            let shipped = ShippedData(executablePath: checkout.path + "/\(folders)/paywalls")
            #expect(shipped.directories.dropFirst().first == (found ? checkout.path + "/locales" : nil))
        }
    }

    @Test func aFolderWithoutPackageSwiftIsNoCheckout() throws {
        try PaywallsProcess.withTemporaryDirectory { directory in
            let folder = directory.resolvingSymlinksInPath()
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("locales"), withIntermediateDirectories: true)
            try Data().write(to: folder.appendingPathComponent("locales/policy.txt"))
            let shipped = ShippedData(executablePath: folder.path + "/bin/paywalls")
            #expect(shipped.directories == [folder.path + "/share/paywalls"])
            #expect(shipped.path(of: .localePolicy) == nil)
        }
    }

    @Test func withoutTheExecutablesPathNothingIsLookedAt() {
        let shipped = ShippedData(executablePath: nil)
        #expect(shipped.directories.isEmpty)
        #expect(shipped.path(of: .localePolicy) == nil)
        #expect(shipped.notFound(.deviceLocales) == "device-locales.txt cannot be looked for beside the executable, whose path the system does not tell")
    }

    @Test func theRunningExecutableIsItsRealPath() {
        // Under `swift test` the process is the test runner, which SwiftPM builds beside `paywalls`.
        let path = ShippedData.runningExecutable.executablePath
        #expect(path == URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path)
    }
}
