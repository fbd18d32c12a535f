import Foundation
import ScrawlCore

/// Runs one invocation of `scrawl` and returns its exit status.
enum CommandLineTool {
    /// What runs the subcommand `name` on its parsed command line, or nil when there is none of
    /// that name.
    static func command(_ name: String) -> ((ParsedCommand) throws -> Int32)? {
        switch name {
        case "render": return RenderCommand.run
        case "export": return ExportCommand.run
        case "bench": return BenchCommand.run
        default: return nil
        }
    }

    static func run(_ arguments: [String]) -> Int32 {
        let args = Arguments(arguments)
        do {
            if let command = args.first, let run = CommandLineTool.command(command), let spec = CommandSpec.named(command) {
                var own = args.droppingFirst
                if own.flag(OptionSpec.help.names) { print(spec.helpText); return 0 }
                do { return try run(try spec.parse(own)) } catch var error as UsageError {
                    error.command = error.command ?? command
                    throw error
                }
            }
            var own = args
            if own.flag(OptionSpec.help.names) { print(helpText); return 0 }
            if own.flag(["--version"]) { print("scrawl \(scrawlVersion)"); return 0 }
            return try WindowCommand.run(try CommandSpec.window.parse(own))
        } catch let error as UsageError {
            let help = "scrawl " + (error.command.map { $0 + " " } ?? "") + "--help"
            printError("scrawl: \(error.message)\nTry '\(help)' for more information.")
            return 2
        } catch let failure as CommandFailure {
            printError("scrawl: \(failure.message)")
            return failure.status
        } catch {
            printError("scrawl: \(error)")
            return 1
        }
    }
}

/// A failure with its message and exit status (2 for bad input, 1 for the environment).
struct CommandFailure: Error {
    let message: String
    let status: Int32

    static func badInput(_ message: String) -> CommandFailure { CommandFailure(message: message, status: 2) }
    static func environment(_ message: String) -> CommandFailure { CommandFailure(message: message, status: 1) }
}

/// Writes one line to standard error, its control characters escaped (`PathText`).
func printError(_ message: String) {
    FileHandle.standardError.write(Data((PathText.escapingControls(message) + "\n").utf8))
}
