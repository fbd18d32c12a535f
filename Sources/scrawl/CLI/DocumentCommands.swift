import Foundation
import ScrawlCore
import ScrawlGL

/// Documents (`*.scrawl`): not implemented yet in this build.
enum DocumentCommands {
    static func loadAsReplay(_ path: String) throws -> (Replay, [Drawable]) {
        throw CommandFailure.badInput("\(path): .scrawl documents are not supported by this build yet")
    }

    static func save(_ editor: Editor, to path: String) throws {
        throw CommandFailure.badInput("\(path): saving .scrawl documents is not supported by this build yet")
    }
}

/// `scrawl export FILE.scrawl -o OUT.svg`.
enum ExportCommand {
    static func run(_ args: Arguments) throws -> Int32 {
        throw CommandFailure.badInput("export: .scrawl documents are not supported by this build yet")
    }
}
