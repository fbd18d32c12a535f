import ScrawlCore

/// The usage lines and `--help` of a command, generated from its table.
extension CommandSpec {
    /// Help lines are wrapped before this many columns (as the KEYS section's).
    static let width = HelpKeys.width
    /// The column where an option's help starts.
    static let helpColumn = 24

    /// Every command's usage lines: the USAGE section of `scrawl --help` (indented there) and the
    /// README's usage block.
    static var usageBlock: [String] { all.flatMap(\.usageLines) }

    /// "scrawl render INPUT -o OUT.png [--scale S] ...", wrapped before `width` less the help's
    /// indent, continuations under the operands; the required options bare, the others in brackets,
    /// alternatives in one pair ("[--view X,Y,W,H | --fit]"), and "[--]" when operands can follow.
    var usageLines: [String] {
        var tokens = operands.usage.isEmpty ? [] : [operands.usage]
        var done: Set<String> = []
        for option in options where option.visibility == .shown && !done.contains(option.key) {
            if option.requiredMessage != nil { tokens.append(option.usageLabel); continue }
            let group = option.excludeReason == nil ? alternatives(of: option) : [option.key]
            done.formUnion(group)
            tokens.append("[" + group.compactMap { self.option($0)?.usageLabel }.joined(separator: " | ") + "]")
        }
        if operands.count.upperBound > 0 { tokens.append("[--]") }
        let indent = String(repeating: " ", count: invocation.count + 1)
        return Self.wrap(tokens, first: invocation, rest: indent, width: Self.width - 2)
    }

    /// The OPTIONS lines: each option's names and value, then its help, range and default, and
    /// what it cannot be combined with; a long label has its help on the next line.
    var optionLines: [String] {
        let indent = String(repeating: " ", count: Self.helpColumn)
        return options.filter { $0.visibility != .hidden }.flatMap { option -> [String] in
            let label = "  " + option.label
            let words = option.helpSentence.split(separator: " ").map(String.init)
            guard label.count + 2 <= Self.helpColumn else {
                return [label] + Self.wrap(words, first: indent, rest: indent, width: Self.width)
            }
            // Padded to one short of the column: `wrap` puts a space before the first word.
            return Self.wrap(words, first: label.padding(toLength: Self.helpColumn - 1, withPad: " ", startingAt: 0),
                             rest: indent, width: Self.width)
        }
    }

    /// `scrawl COMMAND --help`: the usage, what the command does, and its options.
    var helpText: String {
        (["USAGE:"] + usageLines.map { "  " + $0 } + [""] + Self.wrapText(summary) + ["", "OPTIONS:"] + optionLines)
            .joined(separator: "\n")
    }

    /// `text` wrapped before `width` at spaces.
    static func wrapText(_ text: String) -> [String] {
        wrap(text.split(separator: " ").map(String.init), first: "", rest: "", width: width)
    }

    /// `tokens` joined by spaces after `first`, broken before `width` columns onto lines that start
    /// with `rest`; a token is never split, so one longer than a line overflows it.
    static func wrap(_ tokens: [String], first: String, rest: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = first
        var bare = first.allSatisfy { $0 == " " }  // nothing on the line yet but its indent
        for token in tokens {
            if !bare, line.count + 1 + token.count > width {
                lines.append(line)
                line = rest
                bare = true
            }
            line += (bare ? "" : " ") + token
            bare = false
        }
        lines.append(line)
        return lines
    }
}

extension OptionSpec {
    /// The help with what the table adds: a number's range and default, a required option's
    /// "(required)", the options it cannot be combined with.
    var helpSentence: String {
        var text = help
        if case .number(_, let range, let defaultText) = value {
            text += " (\(JSONWriter.format(range.lowerBound)) to \(JSONWriter.format(range.upperBound))"
                + (defaultText.map { ", default " + $0 } ?? "") + ")"
        }
        if requiredMessage != nil { text += " (required)" }
        if !excludes.isEmpty { text += "; not with " + Self.list(excludes) }
        return text
    }

    /// "a", "a or b", "a, b or c".
    static func list(_ items: [String]) -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " or " + items.last!
    }
}
