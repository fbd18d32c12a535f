import ScrawlCore
enum BenchCommand {
    static func run(_ args: Arguments) throws -> Int32 { throw CommandFailure.environment("bench: not yet") }
}
