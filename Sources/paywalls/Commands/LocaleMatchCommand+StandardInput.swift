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
        // Answers are gathered here and handed to stdout in blocks: the channel is a class, and
        // touching it per line costs more than matching a line.
        var answers: [UInt8] = []
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
                for warning in answer.warnings { warn(warning) }
                answers.append(contentsOf: answer.locale)
            case .overlong:
                warn("longer than \(maximumLineLength) bytes; answered with the default")
                answers.append(contentsOf: fallback)
            }
            answers.append(UInt8(ascii: "\n"))
            if answers.count >= 1 << 16 {
                context.standardOutput.write(bytes: answers)
                answers.removeAll(keepingCapacity: true)
            }
        }
        context.standardOutput.write(bytes: answers)
        if warningCount > warningLimit {
            context.warn("\(warningCount - warningLimit) more warnings not shown (\(warningCount) in all)")
        }
    }
}
