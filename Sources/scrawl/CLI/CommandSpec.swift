import ScrawlCore

/// One command's declaration: its name, its operands and every option it takes. Parsing
/// (`parse`), its `--help` and its usage line (`CommandSpec+Help`) all come from this one table,
/// so what parses and what the help says cannot drift apart. The tables are in `CommandTables`.
struct CommandSpec {
    /// "render", "export", "bench"; "" for the window (`scrawl` with no command).
    let name: String
    /// The operands after the options, as the usage line names them.
    let operands: Operands
    /// What the command does, under its usage line.
    let summary: String
    /// In the order of the usage line and the help (and of parsing, for which error comes first).
    let options: [OptionSpec]

    init(name: String, operands: Operands, summary: String, options: [OptionSpec]) {
        self.name = name
        self.operands = operands
        self.summary = summary
        self.options = options + [.help]
        assert(Set(self.options.flatMap(\.names)).count == self.options.flatMap(\.names).count, "a name declared twice")
        assert(self.options.allSatisfy { $0.excludes.allSatisfy { name in self.option(name)?.key == name } },
               "excludes an undeclared option")
        assert(self.options.allSatisfy { a in
            a.excludeReason != nil || a.excludes.allSatisfy { self.option($0)!.excludes.contains(a.key) }
        }, "alternatives exclude each other")
    }

    /// The option spelled `name` (any of its names), or nil.
    func option(_ name: String) -> OptionSpec? { options.first { $0.names.contains(name) } }

    /// "scrawl render", or "scrawl" for the window.
    var invocation: String { name.isEmpty ? "scrawl" : "scrawl " + name }
}

/// What a command takes after its options: how the usage line shows them, how many, and the
/// usage error when the count is wrong.
struct Operands {
    let usage: String
    let count: ClosedRange<Int>
    let wrongCount: String
}

/// One option: its names, its value, its help, and what it cannot be combined with.
struct OptionSpec {
    /// The name the usage line shows first ("-o", "--output"; "--verbose", "-v"); the long name
    /// keys the parsed value.
    let names: [String]
    let value: OptionKind
    /// One sentence or two; the help adds the range and default of a number.
    let help: String
    /// Options this one cannot be given with.
    var excludes: [String] = []
    /// Why, when it excludes options that are not its alternatives: then the error says
    /// "A cannot be combined with B: WHY"; without it the excluded ones are alternatives
    /// ("[A | B | C]" in the usage line, "give at most one of A, B, C" in the error).
    var excludeReason: String? = nil
    /// The usage error when the option is missing; nil for an optional one.
    var requiredMessage: String? = nil
    /// Where the help shows it.
    var visibility = Visibility.shown

    enum Visibility {
        /// In the usage line and the options.
        case shown
        /// In the options only (`--help`, `--version`).
        case helpOnly
        /// Nowhere: a go-between of `scrawl bench` with its own child process, not for people.
        case hidden
    }

    /// The long name, the key of its parsed value.
    var key: String { names.first { $0.hasPrefix("--") } ?? names[0] }
    /// "-o, --output OUT.png" (short names first), as the help's left column shows it.
    var label: String {
        let ordered = names.filter { !$0.hasPrefix("--") } + names.filter { $0.hasPrefix("--") }
        return ordered.joined(separator: ", ") + (value.placeholder.map { " " + $0 } ?? "")
    }
    /// "-o OUT.png" (the first name), as the usage line shows it.
    var usageLabel: String { names[0] + (value.placeholder.map { " " + $0 } ?? "") }

    /// `-h, --help`, which every command takes.
    static let help = OptionSpec(names: ["-h", "--help"], value: .flag, help: "show this help", visibility: .helpOnly)
}

/// What follows an option's name: nothing, or a value of one type, checked as it is parsed.
enum OptionKind {
    /// No value: the option's presence.
    case flag
    /// Any text (a file name, a list), named by `placeholder`.
    case text(placeholder: String)
    /// A finite number within `range`; `defaultText` is what applies without it, for the help.
    case number(placeholder: String, range: ClosedRange<Double>, defaultText: String?)
    /// `X,Y,W,H`: a rectangle of canvas points (`RenderRegion.parseView`).
    case rectangle
    /// `WxH`: a window's size in points (`RenderRegion.parseWindow`).
    case windowSize

    /// The value's name in the usage line and the help; nil for a flag.
    var placeholder: String? {
        switch self {
        case .flag: return nil
        case .text(let p), .number(let p, _, _): return p
        case .rectangle: return "X,Y,W,H"
        case .windowSize: return "WxH"
        }
    }
}

/// A parsed value, of its option's kind.
enum OptionValue: Equatable {
    case present
    case text(String)
    case number(Double)
    case rectangle(ViewRect)
    case windowSize(width: Int, height: Int)
}

/// What a command line said, checked against its command's table.
struct ParsedCommand {
    let spec: CommandSpec
    /// By the option's long name, for the options given.
    var values: [String: OptionValue] = [:]
    var operands: [String] = []

    func value(_ key: String) -> OptionValue? {
        assert(spec.option(key)?.key == key, "\(key) is not a long name in \(spec.invocation)'s table")
        return values[key]
    }

    func flag(_ key: String) -> Bool { value(key) != nil }

    func text(_ key: String) -> String? {
        if case .text(let t)? = value(key) { return t }
        return nil
    }

    func number(_ key: String) -> Double? {
        if case .number(let n)? = value(key) { return n }
        return nil
    }
}
