import Foundation
import XCTest
import ScrawlCore
@testable import scrawl

/// The command tables (`CommandTables`) drive parsing and help: every option a table declares
/// parses by each of its names, is in its command's help with its range, keeps to its range with
/// the one message, and refuses what it excludes; the README's usage block is the generated one.
/// (`CommandHelpTests` checks the same from the built binary's `--help`.)
final class CommandTableTests: XCTestCase {
    /// Every option of every table is in its command's `--help` (the window's in `scrawl --help`'s
    /// OPTIONS), its number range and default on its own lines; only the bench's go-between is not.
    func testEveryOptionThatParsesIsInItsCommandsHelpWithItsRange() throws {
        for spec in CommandSpec.all {
            let options = try XCTUnwrap(Self.section("OPTIONS", of: spec.name.isEmpty ? helpText : spec.helpText), spec.invocation)
            for option in spec.options where option.visibility != .hidden {
                let block = Self.block(of: option, in: options)
                XCTAssertFalse(block.isEmpty, "\(spec.invocation) --help lacks \(option.label):\n\(options.joined(separator: "\n"))")
                if case .number(_, let range, let defaultText) = option.value {
                    let shown = "(\(JSONWriter.format(range.lowerBound)) to \(JSONWriter.format(range.upperBound))"
                        + (defaultText.map { ", default " + $0 } ?? "") + ")"
                    XCTAssertTrue(block.contains(shown), "\(spec.invocation) \(option.key) shows \(shown): \(block)")
                }
            }
            XCTAssertEqual(spec.options.filter { $0.visibility == .hidden }.map(\.key), spec.name == "bench" ? [Bench.childRSSOption] : [])
            XCTAssertFalse(spec.helpText.contains(Bench.childRSSOption))
        }
    }

    /// Each option parses by each of its names, `--name VALUE` and `--name=VALUE`, to its value.
    func testEveryOptionInATableParsesByEachName() throws {
        for spec in CommandSpec.all {
            for option in spec.options {
                let (words, value) = Self.sample(option.value)
                for name in option.names {
                    var forms = [[name] + words]
                    if let word = words.first { forms.append(["\(name)=\(word)"]) }
                    for form in forms {
                        let parsed = try spec.parse(Arguments(Self.minimal(spec, without: option) + form))
                        XCTAssertEqual(parsed.values[option.key], value, "\(spec.invocation) \(form)")
                    }
                }
            }
        }
    }

    /// A number within its range parses, to its bounds; beyond them, or not a finite number, is the
    /// usage error "--scale must be a number in 0.01...64.0, not 0".
    func testNumberRangesAreEnforcedWithTheirMessage() throws {
        var checked = 0
        for spec in CommandSpec.all {
            for option in spec.options {
                guard case .number(_, let range, _) = option.value else { continue }
                let base = Self.minimal(spec, without: option)
                for v in [range.lowerBound, range.upperBound] {
                    XCTAssertEqual(try spec.parse(Arguments(base + [option.key, "\(v)"])).number(option.key), v)
                }
                for text in [JSONWriter.format(range.lowerBound / 2), JSONWriter.format(range.upperBound * 2), "0", "-1", "nan", "inf", "x"] {
                    XCTAssertThrowsError(try spec.parse(Arguments(base + [option.key, text])), "\(spec.invocation) \(text)") { error in
                        XCTAssertEqual((error as? UsageError)?.message,
                                       "\(option.key) must be a number in \(range.lowerBound)...\(range.upperBound), not \(text)")
                    }
                }
                checked += 1
            }
        }
        XCTAssertEqual(checked, 3, "the window's, render's and export's --scale")
        XCTAssertEqual(CommandSpec.render.option("--scale").map { Self.range($0) }, 0.01...64)
        XCTAssertEqual(CommandSpec.window.option("--scale").map { Self.range($0) }, 0.05...16)
    }

    /// An option given with one it excludes is a usage error naming both, in the messages the
    /// commands have always given; the usage line shows alternatives as one choice.
    func testExcludedOptionsAreRefusedTogether() throws {
        for spec in CommandSpec.all {
            for option in spec.options {
                for other in option.excludes.compactMap({ spec.option($0) }) {
                    let args = Self.minimal(spec, without: option) + [option.key] + Self.sample(option.value).words
                        + [other.key] + Self.sample(other.value).words
                    XCTAssertThrowsError(try spec.parse(Arguments(args)), "\(args)") { error in
                        let message = (error as? UsageError)?.message ?? ""
                        XCTAssertTrue(message.contains(option.key) && message.contains(other.key) && message.contains("cannot be combined"),
                                      "\(args): \(message)")
                    }
                }
            }
        }
        func message(_ spec: CommandSpec, _ args: [String]) -> String? {
            do { _ = try spec.parse(Arguments(["in"] + args + ["-o", "out.png"])) } catch { return (error as? UsageError)?.message }
            return nil
        }
        XCTAssertEqual(message(.render, ["--fit", "--view", "0,0,1,1"]),
                       "--view and --fit cannot be combined: give at most one of --view, --fit, --window")
        XCTAssertEqual(message(.render, ["--window", "64x200", "--fit", "--view", "0,0,1,1"]),
                       "--view and --fit and --window cannot be combined: give at most one of --view, --fit, --window")
        XCTAssertEqual(message(.render, ["--toolbar", "--window", "64x200"]),
                       "--toolbar cannot be combined with --window: it adds the bars to the page (--window shows them already)")
        XCTAssertEqual(message(.export, ["--view", "0,0,1,1", "--fit"]), "--view and --fit cannot be combined: give at most one of --view, --fit")
        XCTAssertTrue(CommandSpec.render.usageLines.joined().contains("[--view X,Y,W,H | --fit | --window WxH]"))
        XCTAssertTrue(CommandSpec.export.usageLines.joined().contains("[--view X,Y,W,H | --fit]"))
    }

    /// What no table declares is an unknown option; the operands are counted and the required
    /// options demanded with each command's own message.
    func testUnknownOptionsOperandCountsAndRequiredOptions() throws {
        for spec in CommandSpec.all {
            let base = Self.minimal(spec, without: nil)
            XCTAssertNoThrow(try spec.parse(Arguments(base)), spec.invocation)
            for bogus in ["--bogus", "-x", "--window=1x1"] where spec.option(bogus.components(separatedBy: "=")[0]) == nil {
                XCTAssertThrowsError(try spec.parse(Arguments(base + [bogus]))) { error in
                    XCTAssertEqual((error as? UsageError)?.message, "unknown option \(bogus)")
                }
            }
            XCTAssertThrowsError(try spec.parse(Arguments(base + Array(repeating: "f", count: spec.operands.count.upperBound + 1)))) {
                XCTAssertEqual(($0 as? UsageError)?.message, spec.operands.wrongCount)
            }
            for option in spec.options where option.requiredMessage != nil {
                for missing in [Self.minimal(spec, without: option), Self.minimal(spec, without: option) + [option.key, ""]] {
                    XCTAssertThrowsError(try spec.parse(Arguments(missing))) {
                        XCTAssertEqual(($0 as? UsageError)?.message, option.requiredMessage)
                    }
                }
            }
        }
        XCTAssertEqual(CommandSpec.render.option("-o")?.requiredMessage, "render needs -o OUT.png")
        XCTAssertEqual(CommandSpec.export.option("-o")?.requiredMessage, "export needs -o OUT.svg, -o OUT.pdf or -o OUT.png")
    }

    /// The tables say each name once, exclude only what they declare, and their alternatives
    /// exclude each other (what `CommandSpec.init` asserts, checked here in a release build too).
    func testTablesAreConsistent() {
        for spec in CommandSpec.all {
            let names = spec.options.flatMap(\.names)
            XCTAssertEqual(Set(names).count, names.count, spec.invocation)
            XCTAssertTrue(spec.options.allSatisfy { $0.names.contains { $0.hasPrefix("--") } }, "each has a long name")
            for option in spec.options {
                for name in option.excludes {
                    XCTAssertEqual(spec.option(name)?.key, name, "\(spec.invocation) \(option.key) excludes \(name)")
                    if option.excludeReason == nil {
                        XCTAssertTrue(spec.option(name)?.excludes.contains(option.key) ?? false, "\(name) excludes \(option.key) back")
                    }
                }
            }
            XCTAssertEqual(spec.options.last?.names, ["-h", "--help"], spec.invocation)
        }
        XCTAssertEqual(CommandSpec.all.map(\.name), ["", "render", "export", "bench"])
    }

    /// The README's usage block under "Using it" is the usage the tables generate, line for line.
    func testReadmeUsageBlockIsTheGeneratedUsage() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try XCTUnwrap(readme.components(separatedBy: "\n## Using it\n").dropFirst().first)
        let lines = section.components(separatedBy: "\n")
        let start = try XCTUnwrap(lines.firstIndex(of: "```"))
        let block = lines[(start + 1)...].prefix { $0 != "```" }.joined(separator: "\n")
        let expected = CommandSpec.usageBlock.joined(separator: "\n")
        XCTAssertEqual(block, expected, "README.md's usage block should read:\n\(expected)")
        XCTAssertEqual(Self.section("USAGE", of: helpText), CommandSpec.usageBlock.map { "  " + $0 })
    }

    // MARK: - Helpers

    /// A value each kind parses, as words and as the parsed value.
    static func sample(_ kind: OptionKind) -> (words: [String], value: OptionValue) {
        switch kind {
        case .flag: return ([], .present)
        case .text: return (["some file.txt"], .text("some file.txt"))
        case .number(_, let range, _): return ([JSONWriter.format(range.upperBound)], .number(range.upperBound))
        case .rectangle: return (["1,-2,3.5,4"], .rectangle(ViewRect(x: 1, y: -2, width: 3.5, height: 4)))
        case .windowSize: return (["64x200"], .windowSize(width: 64, height: 200))
        }
    }

    /// The fewest words `spec` parses: its operands and its required options but `option`.
    static func minimal(_ spec: CommandSpec, without option: OptionSpec?) -> [String] {
        let required = spec.options.filter { $0.requiredMessage != nil && $0.key != option?.key }
        return Array(repeating: "in.file", count: spec.operands.count.lowerBound)
            + required.flatMap { [$0.key] + sample($0.value).words }
    }

    static func range(_ option: OptionSpec) -> ClosedRange<Double>? {
        if case .number(_, let range, _) = option.value { return range }
        return nil
    }

    /// The lines of the section headed `NAME:` (up to the next blank line).
    static func section(_ name: String, of help: String) -> [String]? { CLITests.section(name, of: help) }

    /// `option`'s lines in an OPTIONS section: the one that starts with its label and those
    /// continuing it, joined by spaces; "" when none starts with the label.
    static func block(of option: OptionSpec, in lines: [String]) -> String {
        guard let start = lines.firstIndex(where: { $0 == "  " + option.label || $0.hasPrefix("  " + option.label + " ") }) else { return "" }
        let rest = lines[(start + 1)...].prefix { $0.hasPrefix(String(repeating: " ", count: CommandSpec.helpColumn)) }
        return ([lines[start]] + rest).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
}
