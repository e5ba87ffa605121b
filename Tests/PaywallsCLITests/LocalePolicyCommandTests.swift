import Foundation
import Testing

@Suite struct LocalePolicyCommandTests {
    @Test func anOptionOrVariableNamesThePolicy() throws {
        try PaywallsProcess.withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("custom.txt")
            try "version 1\ndefault de\nequivalent es ca\n".write(to: file, atomically: true, encoding: .utf8)
            let byOption = try PaywallsProcess.run(["--locale-policy", file.path, "locale", "match", "--available", "es,en", "ca-ES"])
            #expect(byOption.standardOutput == "es\n")
            let byVariable = try PaywallsProcess.run(["locale", "match", "--available", "fr,de", "ja"],
                                                     environment: ["PAYWALLS_LOCALE_POLICY": file.path])
            #expect(byVariable.standardOutput == "de\n")
        }
    }

    @Test(arguments: [
        ("version 1\nalias zh-CHS\n", "error: locale policy: POLICY:2: expected 'alias FROM TO'\n"),
        ("version 7\n", "error: locale policy: POLICY:1: unsupported policy version '7' (this build reads version 1)\n"),
    ])
    func aBrokenPolicyIsAConfigurationError(_ text: String, _ message: String) throws {
        try PaywallsProcess.withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("broken.txt")
            try text.write(to: file, atomically: true, encoding: .utf8)
            let outcome = try PaywallsProcess.run(["locale", "explain", "--locale-policy", file.path, "pt-BR"])
            #expect(outcome.status == 78)
            #expect(outcome.standardOutput.isEmpty)
            #expect(outcome.standardError == message.replacingOccurrences(of: "POLICY", with: file.path))
        }
    }

    @Test func aMissingPolicyIsAConfigurationError() throws {
        let outcome = try PaywallsProcess.run(["locale", "explain", "pt-BR"], environment: ["PAYWALLS_LOCALE_POLICY": "/nonexistent/policy.txt"])
        #expect(outcome.status == 78)
        #expect(outcome.standardError == "error: locale policy: cannot open /nonexistent/policy.txt: No such file or directory\n")
    }
}
