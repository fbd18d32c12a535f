import ScrawlCore

/// A usage error on the command line: exits with status 2 and a hint to `--help` (of `command`
/// when it belongs to a subcommand).
struct UsageError: Error, CustomStringConvertible {
    let message: String
    var command: String?
    var description: String { message }

    init(message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }
}

/// The tokenizer under `CommandSpec.parse`: options (`--name VALUE` or `--name=VALUE`), flags,
/// positionals. `--` ends the options: everything after it is a positional, even when it starts
/// with `-`.
struct Arguments {
    private var remaining: [String]
    private var afterDashes: [String]

    init(_ args: [String]) {
        if let i = args.firstIndex(of: "--") {
            remaining = Array(args[..<i])
            afterDashes = Array(args[(i + 1)...])
        } else {
            remaining = args
            afterDashes = []
        }
    }

    /// The first argument when it comes before `--` (a subcommand's name, or the first option).
    var first: String? { remaining.first }

    /// The arguments after the first (a subcommand's own), `--` and what follows kept.
    var droppingFirst: Arguments {
        var copy = self
        if !copy.remaining.isEmpty { copy.remaining.removeFirst() }
        return copy
    }

    /// Removes and returns the value of an option spelled by any of `names`.
    mutating func option(_ names: [String]) throws -> String? {
        var value: String?
        var i = 0
        while i < remaining.count {
            let a = remaining[i]
            if let n = names.first(where: { a.hasPrefix($0 + "=") }) {
                value = String(a.dropFirst(n.count + 1)); remaining.remove(at: i); continue
            }
            if names.contains(a) {
                guard i + 1 < remaining.count else { throw UsageError(message: "option \(a) needs a value") }
                value = remaining[i + 1]; remaining.removeSubrange(i...(i + 1)); continue
            }
            i += 1
        }
        return value
    }

    /// Removes every occurrence of a flag (before `--`); returns whether it was present.
    mutating func flag(_ names: [String]) -> Bool {
        let before = remaining.count
        remaining.removeAll { names.contains($0) }
        return remaining.count != before
    }

    /// Removes and returns the positionals (those after `--` last); throws on any option left
    /// unrecognised, naming it.
    mutating func positionals() throws -> [String] {
        if let unknown = remaining.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            throw UsageError(message: "unknown option \(PathText.short(unknown))")
        }
        defer {
            remaining.removeAll()
            afterDashes.removeAll()
        }
        return remaining + afterDashes
    }
}
