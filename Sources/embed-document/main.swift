import Foundation

/// `embed-document FILE OUTPUT TYPE MEMBER`: writes OUTPUT, a Swift source that gives `TYPE` (an enum of the target)
/// the static `MEMBER`, FILE's text exactly. The text goes into a multi-line raw string literal whose delimiter has
/// more `#` than any run in the text, so nothing in it is read as an escape or an end.
let arguments = CommandLine.arguments
guard arguments.count == 5 else {
    FileHandle.standardError.write(Data("usage: embed-document FILE OUTPUT TYPE MEMBER\n".utf8))
    exit(64)
}
let (input, output, type, member) = (arguments[1], arguments[2], arguments[3], arguments[4])
guard let data = FileManager.default.contents(atPath: input), let text = String(data: data, encoding: .utf8) else {
    FileHandle.standardError.write(Data("embed-document: cannot read \(input) as UTF-8\n".utf8))
    exit(66)
}
// A carriage return would be read as a line break and lost: the document has none.
guard !text.contains("\r") else {
    FileHandle.standardError.write(Data("embed-document: \(input) has a carriage return; write it with line feeds only\n".utf8))
    exit(65)
}
var longestRun = 0, run = 0
for character in text.unicodeScalars {
    run = character == "#" ? run + 1 : 0
    longestRun = max(longestRun, run)
}
let hashes = String(repeating: "#", count: longestRun + 1)
// The line break before the closing delimiter is not part of a multi-line literal: the text is kept to its last byte.
let source = """
    // Made by embed-document from \((input as NSString).lastPathComponent) at build time: edit that file, not this one.
    extension \(type) {
        static let \(member): String = \(hashes)\"\"\"
    \(text)
    \"\"\"\(hashes)
    }

    """
do {
    try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
} catch {
    FileHandle.standardError.write(Data("embed-document: cannot write \(output): \(error)\n".utf8))
    exit(73)
}
