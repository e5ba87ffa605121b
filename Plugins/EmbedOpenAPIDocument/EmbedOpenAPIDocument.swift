import Foundation
import PackagePlugin

/// Builds docs/openapi.json into the target that serves it, as a Swift source holding its text: the repository keeps
/// one copy of the document, and the binary needs no file beside it (it may be installed alone). The source is written
/// by the system's shell rather than by a tool of the package: a tool would be built with the flags of the build that
/// uses it, and scripts/fuzz builds with the fuzzer's, which give an executable libFuzzer's `main`.
@main
struct EmbedOpenAPIDocument: BuildToolPlugin {
    /// `sh -c SCRIPT sh DOCUMENT SOURCE`. The text goes into a multi-line raw string literal delimited by `####`: a
    /// document with four `#` in a row (which could close it or start an escape) or a carriage return (which the
    /// literal would turn into a line feed) is refused, naming the file.
    static let script = #####"""
        set -eu
        if grep -q '####' "$1"; then echo "error: $1 has four '#' in a row, which its Swift literal cannot hold" >&2; exit 1; fi
        if grep -q "$(printf '\r')" "$1"; then echo "error: $1 has a carriage return: write it with line feeds only" >&2; exit 1; fi
        {
          echo "// Made from $1 at build time by the EmbedOpenAPIDocument plugin: edit that file, not this one."
          echo "extension OpenAPIDocument {"
          echo '    static let text: String = ####"""'
          cat "$1"
          # The line break before the closing delimiter is not part of the literal: the text keeps its last byte.
          printf '\n"""####\n}\n'
        } >"$2"
        """#####

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let document = context.package.directoryURL.appending(components: "docs", "openapi.json")
        let source = context.pluginWorkDirectoryURL.appending(component: "OpenAPIDocument+Text.swift")
        return [
            .buildCommand(displayName: "Embedding docs/openapi.json", executable: URL(fileURLWithPath: "/bin/sh"),
                          arguments: ["-c", Self.script, "sh", document.path(), source.path()],
                          inputFiles: [document], outputFiles: [source]),
        ]
    }
}
