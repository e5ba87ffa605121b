import ArgumentKit
import Basics
import Glibc
import Testing

/// Help filled to a width: lines end between words, descriptions keep to their column, a word longer than the width is
/// never cut, required options say so, and examples stay commands a shell reads back.
@Suite("HelpFormatter: width, required options, examples")
struct HelpWrappingTests {
    static let longWord = "https://exports.example.com/app/a-very-long-path/that-no-terminal-line-can-hold-whole.json"

    static let fetch = CommandSpec(
        name: "fetch",
        abstract: "Download an export from a vendor dashboard and keep it as the current snapshot of its source.",
        discussion: """
            Each source is fetched with the ETag of its last good download; a 304 publishes nothing. Errors are
            retried with jittered exponential backoff within the deadline.

            A second paragraph, which stays a paragraph of its own.
            """,
        options: [
            .required("url", "url", help: "Where the export is, for instance \(longWord)."),
            .value("timeout-for-the-whole-transfer", "seconds", help: "Give up after this long, retries included (default: 30)."),
            .flag("verbose", help: "Log each request: its URL, its try, whether it was conditional, what the server answered and how long it took."),
        ],
        examples: [
            CommandExample("Fetch the sample export:", ["fetch", "--url", "https://x.example/ios.json"]),
            CommandExample("A value with spaces and a quote is quoted:", ["fetch", "--url", "https://x.example/a b", "--header", "it's"]),
        ]
    )

    static let root = CommandSpec(name: "tool", abstract: "A small sample tool.", options: [.value("store", "dir", help: "Where data is kept.")],
                                  subcommands: [fetch])

    static func lines(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    }

    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    }

    @Test("no line is wider than the width, unless it is one word, or one usage fragment, that is", arguments: [40, 80, 120])
    func linesFitTheWidth(width: Int) {
        let text = HelpFormatter(root: Self.root, width: width).help(for: ["tool", "fetch"])
        for line in Self.lines(text) where line.count > width {
            let content = line.drop { $0 == " " }
            let isOneFragment = content.hasPrefix("[") && content.hasSuffix("]") && !content.dropFirst().contains("[")
            #expect(Self.words(String(line)).count == 1 || isOneFragment, "line of \(line.count) columns at width \(width): \(line)")
        }
        #expect(Self.lines(text).contains { $0.split(separator: " ") == [Substring(Self.longWord)] }, "the long word whole on a line of its own")
    }

    @Test("no word is cut: the text's words are the spec's, in order", arguments: [40, 80, 120])
    func wordsAreKeptWhole(width: Int) {
        let text = HelpFormatter(root: Self.root, width: width).help(for: ["tool", "fetch"])
        let all = Self.words(text)
        for sentence in [Self.fetch.abstract, Self.fetch.options[1].help, Self.fetch.options[2].help, "A second paragraph, which stays a paragraph of its own."] {
            let expected = Self.words(sentence)
            let found = all.indices.contains { start in
                start + expected.count <= all.count && Array(all[start..<start + expected.count]) == expected
            }
            #expect(found, "'\(sentence)' whole and in order at width \(width)")
        }
        #expect(all.contains(Self.longWord))
    }

    @Test("a description's lines all start at its column: 26 from 60 columns, else 6 under its label", arguments: [(40, 6), (80, 26), (120, 26)])
    func descriptionsKeepToTheirColumn(width: Int, column: Int) throws {
        let text = HelpFormatter(root: Self.root, width: width).help(for: ["tool", "fetch"])
        let lines = Self.lines(text)
        let start = try #require(lines.firstIndex(of: "OPTIONS:"))
        let verbose = try #require(lines[start...].firstIndex { $0.hasPrefix("  --verbose") })
        var index = verbose + (width < 60 ? 1 : 0)
        var description: [Substring] = []
        while index < lines.count, !lines[index].isEmpty, index == verbose || !lines[index].hasPrefix("  -") {
            let line = lines[index]
            #expect(line.prefix(column).allSatisfy { $0 == " " } || index == verbose, "\(line)")
            #expect(line.dropFirst(column).first != " ", "\(line)")
            description.append(line.dropFirst(column))
            index += 1
        }
        #expect(description.joined(separator: " ") == Self.fetch.options[2].help)
        #expect(description.count > 1, "the description is long enough to need more than one line at \(width)")
    }

    @Test("the layout at 40 columns, whole")
    func narrowLayout() {
        let root = CommandSpec(name: "tool", abstract: "Sync paywall exports and resolve localized bundles.",
                               options: [.required("placement", "id", help: "The placement to answer for.")],
                               examples: [CommandExample("Answer for the onboarding placement:", ["--placement", "onboarding", "--locale", "pt-BR"])])
        #expect(HelpFormatter(root: root, width: 40).help(for: ["tool"]) == """
            OVERVIEW: Sync paywall exports and
                      resolve localized bundles.

            USAGE: tool --placement <id>

            OPTIONS:
              --placement <id>
                  The placement to answer for
                  (required).
              --version
                  Show the version.
              -h, --help
                  Show help information.

            EXAMPLES:
              Answer for the onboarding placement:
                tool --placement onboarding \\
                  --locale pt-BR

            """)
    }

    @Test("a width below the minimum is laid out at the minimum")
    func belowTheMinimum() {
        #expect(HelpFormatter(root: Self.root, width: 12).help(for: ["tool", "fetch"])
                == HelpFormatter(root: Self.root, width: TerminalWidth.minimum).help(for: ["tool", "fetch"]))
        #expect(HelpFormatter(root: Self.root, width: 12).width == 40)
    }

    @Test("the usage line breaks between fragments and keeps each whole", arguments: [40, 80])
    func usageFragmentsStayWhole(width: Int) throws {
        let text = HelpFormatter(root: Self.root, width: width).help(for: ["tool", "fetch"])
        let lines = Self.lines(text)
        let first = try #require(lines.firstIndex { $0.hasPrefix("USAGE: ") })
        let usage = lines[first...].prefix { !$0.isEmpty }
        #expect(usage.count > 1)
        #expect(usage.dropFirst().allSatisfy { $0.hasPrefix("       ") && !$0.hasPrefix("        ") })
        #expect(usage.map { $0.trimmingPrefix("USAGE: ").drop { $0 == " " } }.joined(separator: " ")
                == HelpFormatter(root: Self.root).usage(for: ["tool", "fetch"]))
        for line in usage { #expect(line.filter { $0 == "[" }.count == line.filter { $0 == "]" }.count, "\(line)") }
    }

    @Test("a required option is unbracketed and first in the usage, and says (required) in the list")
    func requiredOptions() {
        let help = HelpFormatter(root: Self.root, width: 200)
        #expect(help.usage(for: ["tool", "fetch"])
                == "tool fetch --url <url> [--store <dir>] [--timeout-for-the-whole-transfer <seconds>] [--verbose]")
        #expect(help.help(for: ["tool", "fetch"]).contains("  --url <url>             Where the export is, for instance \(Self.longWord) (required).\n"))
        #expect(!help.help(for: ["tool"]).contains("(required)"))
    }

    @Test("the parser refuses a line without a required option, and --help still answers")
    func requiredOptionIsChecked() throws {
        let parser = ArgumentParser(root: Self.root)
        #expect(throws: UsageError(commandPath: ["tool", "fetch"], message: "missing --url <url>")) {
            try parser.parse(["fetch", "--verbose"])
        }
        #expect(try parser.parse(["fetch", "--help"]) == .help(commandPath: ["tool", "fetch"]))
        guard case let .run(parsed) = try parser.parse(["fetch", "--url", "u"]) else { Issue.record("not run"); return }
        #expect(parsed.requiredValue("url") == "u")
    }

    @Test("examples are shell words: quoted where the shell would split them, continued with a backslash between options")
    func examples() {
        let text = HelpFormatter(root: Self.root, width: 80).help(for: ["tool", "fetch"])
        #expect(text.hasSuffix("""

            EXAMPLES:
              Fetch the sample export:
                tool fetch --url https://x.example/ios.json

              A value with spaces and a quote is quoted:
                tool fetch --url 'https://x.example/a b' --header 'it'\\''s'

            """))
        let narrow = HelpFormatter(root: Self.root, width: 40).help(for: ["tool", "fetch"])
        // An option and its value stay on one line.
        #expect(narrow.contains("    tool fetch \\\n      --url https://x.example/ios.json\n"))
    }

    // MARK: The width help is laid out at

    @Test("$COLUMNS when it holds a width, at least the minimum", arguments: [("120", 120), ("80", 80), ("40", 40), ("20", 40), ("1", 40)])
    func columns(text: String, width: Int) {
        #expect(TerminalWidth.forHelp(environment: ["COLUMNS": text], outputDescriptor: -1) == width)
    }

    @Test("80 when standard output is a pipe and $COLUMNS is unset or holds no width",
          arguments: [[:], ["COLUMNS": ""], ["COLUMNS": "wide"], ["COLUMNS": "-5"], ["COLUMNS": "0"], ["COLUMNS": "99999999999999999999999"],
                      ["COLUMNS": "10001"], ["COLUMNS": " 100"]])
    func pipe(environment: [String: String]) throws {
        var ends: [Int32] = [0, 0]
        try #require(Glibc.pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        #expect(TerminalWidth.forHelp(environment: environment, outputDescriptor: ends[1]) == 80)
    }
}
