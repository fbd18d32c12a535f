import Foundation
import PackagePlugin

/// Embeds every `Shaders/*.glsl` file of the package into the target as a Swift string constant,
/// so the shaders reach the binary however it is run (installed, copied, or under `swift test`).
@main
struct EmbedShaders: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let shaderDir = context.package.directoryURL.appending(path: "Shaders")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: shaderDir.path())) ?? []
        let inputs = names.filter { $0.hasSuffix(".glsl") }.sorted().map { shaderDir.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedShaders.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) shaders",
                executable: try context.tool(named: "EmbedShadersTool").url,
                arguments: [output.path()] + inputs.map { $0.path() },
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
