import Glibc
import LocaleKit

extension LocaleMatchCommand {
    static let maximumLineLength = 1 << 16
    /// Warnings beyond this many are counted, not printed: a bad file must not flood the terminal.
    static let warningLimit = 20

    /// `--stdin`: one answer per input line, in order, streaming.
    static func matchStandardInput(mode: MatchMode, policy: LocalePolicy, defaultLocale: String?,
                                   context: CommandContext) throws(CommandFailure) {
        var matcher = BatchLineMatcher(mode: mode, policy: policy, defaultLocale: defaultLocale)
        let fallback = Array((defaultLocale ?? policy.defaultLocale).utf8)
        let output = context.standardOutput
        var lineNumber = 0
        var warningCount = 0
        func warn(_ message: String) {
            warningCount += 1
            if warningCount <= warningLimit { context.warn("line \(lineNumber): \(message)") }
        }
        try LineReader(fileDescriptor: STDIN_FILENO, sourceName: "standard input", maximumLineLength: maximumLineLength).forEachLine { line in
            lineNumber += 1
            switch line {
            case let .text(bytes):
                let answer = matcher.answer(line: bytes)
                answer.warnings.forEach(warn)
                output.write(bytes: answer.locale)
            case .overlong:
                warn("longer than \(maximumLineLength) bytes; answered with the default")
                output.write(bytes: fallback)
            }
            output.write(bytes: CollectionOfOne(UInt8(ascii: "\n")))
        }
        if warningCount > warningLimit {
            context.warn("\(warningCount - warningLimit) more warnings not shown (\(warningCount) in all)")
        }
    }
}
