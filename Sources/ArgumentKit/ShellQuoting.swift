/// Words written so that a POSIX shell reads them back unchanged: an example in help can be pasted as it is.
enum ShellQuoting {
    /// The word as it is when the shell leaves it alone, else in single quotes (a quote inside as `'\''`).
    static func quoted(_ word: String) -> String {
        let isPlain = !word.isEmpty && word.unicodeScalars.allSatisfy { !$0.isASCII || plainASCII.contains($0) }
        return isPlain ? word : "'" + word.map { $0 == "'" ? #"'\''"# : String($0) }.joined() + "'"
    }

    private static let plainASCII = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%+=:,./_-".unicodeScalars)
}
