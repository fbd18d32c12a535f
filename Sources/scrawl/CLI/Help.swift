import ScrawlCore

/// The version printed by `scrawl --version`.
let scrawlVersion = "0.1.0"

/// The text of `scrawl --help`: every command's usage, what Scrawl does, the window's options and
/// each command's (all from `CommandTables`), then the keys, the mouse and the exit status.
let helpText: String = {
    var lines = ["USAGE:"] + CommandSpec.usageBlock.map { "  " + $0 } + [""]
    lines += CommandSpec.wrapText(CommandSpec.window.summary) + ["", "OPTIONS:"] + CommandSpec.window.optionLines
    for command in CommandSpec.all where !command.name.isEmpty {
        lines += ["", command.name.uppercased() + " OPTIONS:"] + command.optionLines
    }
    lines += ["", "KEYS:"] + HelpKeys.lines() + ["", "MOUSE:"] + HelpKeys.mouseLines
    lines += ["", "EXIT STATUS:", "  0 success, 1 runtime failure (no display, GL failure), 2 bad input or usage."]
    return lines.joined(separator: "\n")
}()
