import Glibc

/// How wide help text is laid out: `$COLUMNS` when it holds a width, else the terminal's own when standard output
/// is one, else 80 columns (a pipe, a file, a test).
public enum TerminalWidth {
    public static let standard = 80
    /// Narrower than this, help would be a column of single words: it is laid out at this width and runs over.
    public static let minimum = 40
    /// `$COLUMNS` past this is not a terminal's width (nor a number to do sums with): it is passed over.
    static let largestHonoured = 10_000

    public static func forHelp(environment: [String: String], outputDescriptor: Int32) -> Int {
        if let text = environment["COLUMNS"], let columns = Int(text), (1...largestHonoured).contains(columns) {
            return max(columns, minimum)
        }
        var size = winsize()
        if isatty(outputDescriptor) == 1, ioctl(outputDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return max(Int(size.ws_col), minimum)
        }
        return standard
    }
}
