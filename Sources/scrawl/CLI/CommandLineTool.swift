import Foundation
import ScrawlCore

/// Runs one invocation of `scrawl` and returns its exit status.
enum CommandLineTool {
    static func run(_ arguments: [String]) -> Int32 {
        do {
            var args = Arguments(arguments)
            if args.flag("-h", "--help") { print(helpText); return 0 }
            if args.flag("--version") { print("scrawl \(scrawlVersion)"); return 0 }
            switch arguments.first {
            case "render": return try RenderCommand.run(Arguments(Array(arguments.dropFirst())))
            case "export": return try ExportCommand.run(Arguments(Array(arguments.dropFirst())))
            case "bench": return try BenchCommand.run(Arguments(Array(arguments.dropFirst())))
            default: return try WindowCommand.run(args)
            }
        } catch let error as UsageError {
            printError("scrawl: \(error.message)\nTry 'scrawl --help' for more information.")
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

/// Writes one line to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
