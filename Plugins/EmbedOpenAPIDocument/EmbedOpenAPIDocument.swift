import PackagePlugin

/// Builds docs/openapi.json into the target that serves it, as a Swift source made by `embed-document`: the
/// repository keeps one copy of the document, and the binary needs no file beside it (it may be installed alone).
@main
struct EmbedOpenAPIDocument: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let document = context.package.directoryURL.appending(components: "docs", "openapi.json")
        let source = context.pluginWorkDirectoryURL.appending(component: "OpenAPIDocument+Text.swift")
        return [
            .buildCommand(displayName: "Embedding docs/openapi.json", executable: try context.tool(named: "embed-document").url,
                          arguments: [document.path(), source.path(), "OpenAPIDocument", "text"],
                          inputFiles: [document], outputFiles: [source]),
        ]
    }
}
