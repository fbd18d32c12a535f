import ScrawlCore
enum WindowCommand {
    static func run(_ args: Arguments) throws -> Int32 { throw CommandFailure.environment("window: not yet") }
}
