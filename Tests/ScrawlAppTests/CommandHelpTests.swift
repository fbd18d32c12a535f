import Foundation
import XCTest
import ScrawlCore
@testable import scrawl

/// The built binary's `--help`, read as a user reads it: every option its OPTIONS list shows parses
/// (the command then stops at its operands' count, having started nothing), each number keeps to
/// the range the help shows, and every option of the command's table is listed with its range.
final class CommandHelpTests: CLITestCase {
    /// For each command: its `--help` (the window's: `scrawl --help`) and its OPTIONS lines.
    func helps() throws -> [(spec: CommandSpec, help: String, options: [String])] {
        try CommandSpec.all.map { spec in
            let result = try scrawl(arguments: spec.name.isEmpty ? ["--help"] : [spec.name, "--help"])
            XCTAssertEqual(result.status, 0, result.summary)
            XCTAssertTrue(result.stdout.hasPrefix("USAGE:\n  \(spec.invocation) "), result.stdout)
            return (spec, result.stdout, try XCTUnwrap(CLITests.section("OPTIONS", of: result.stdout), spec.invocation))
        }
    }

    /// Every option of a table is in its command's help as the binary prints it, with its range
    /// and default; `scrawl --help` has each command's OPTIONS too, and its usage lines.
    func testTheBinarysHelpListsEveryOptionOfTheTableWithItsRange() throws {
        let global = try scrawl("--help").stdout
        for (spec, help, options) in try helps() {
            for option in spec.options where option.visibility != .hidden {
                let block = CommandTableTests.block(of: option, in: options)
                XCTAssertFalse(block.isEmpty, "\(spec.invocation) --help lacks \(option.label):\n\(help)")
                XCTAssertTrue(block.hasSuffix(option.helpSentence), "\(spec.invocation) \(option.key): \(block)")
            }
            XCTAssertTrue(global.contains(spec.usageLines.map { "  " + $0 }.joined(separator: "\n")), spec.invocation)
            if !spec.name.isEmpty {
                XCTAssertEqual(CLITests.section(spec.name.uppercased() + " OPTIONS", of: global), options, spec.invocation)
            }
        }
        XCTAssertTrue(global.contains("  --scale S             device pixels per canvas point (0.01 to 64, default 1)"), global)
        XCTAssertTrue(global.contains("(0.05 to 16, default 100 %"), global)
        XCTAssertTrue(try scrawl("bench", "--help").stdout.contains("  -v, --verbose "))
    }

    /// The KEYS and MOUSE sections (which the window's help overlay shows too) speak a user's
    /// words: strokes, not drawables; no touch numbers; no flags.
    func testTheKeysAndMouseHelpSpeakAUsersWords() throws {
        let help = try scrawl("--help").stdout
        let keys = try XCTUnwrap(CLITests.section("KEYS", of: help)), mouse = try XCTUnwrap(CLITests.section("MOUSE", of: help))
        for line in keys + mouse {
            for jargon in ["drawable", "touch 0", "touch 1", "second touch", "flag"] {
                XCTAssertFalse(line.lowercased().contains(jargon), "\(jargon.debugDescription) in help: \(line)")
            }
        }
        XCTAssertTrue(keys.contains { $0.contains("ctrl+shift+delete clear the canvas (ctrl+z brings it back)") }, keys.joined(separator: "\n"))
        XCTAssertTrue(keys.contains { $0.contains("delete / backspace delete the selection") }, keys.joined(separator: "\n"))
        XCTAssertTrue(keys.contains { $0.contains("ctrl+r revert to the saved file") }, keys.joined(separator: "\n"))
        XCTAssertTrue(keys.contains { $0.contains("ctrl+i insert a PNG image") }, keys.joined(separator: "\n"))
    }

    /// Each option the binary's help lists, by each name, with a value made from what the help says
    /// (the lower bound of a range, a rectangle, a size, a word), parses: the command gets as far
    /// as counting its operands. `-h` and `--version` print their text.
    func testEveryOptionTheHelpListsParses() throws {
        var tried = 0
        for (spec, _, options) in try helps() {
            let operands = spec.operands.count.lowerBound == 0 ? Array(repeating: "f", count: spec.operands.count.upperBound + 1) : []
            let expected = "scrawl: \(spec.operands.wrongCount)\nTry '\(spec.invocation) --help' for more information.\n"
            for line in options where line.hasPrefix("  -") {
                let (names, value) = Self.option(line, continued: options)
                for name in names {
                    let result = try scrawl(arguments: [spec.name].filter { !$0.isEmpty } + [name] + value + operands)
                    switch name {
                    case "-h", "--help": XCTAssertTrue(result.status == 0 && result.stdout.hasPrefix("USAGE:"), result.summary)
                    case "--version": XCTAssertEqual(result.stdout, "scrawl \(scrawlVersion)\n")
                    default: XCTAssertEqual(result.stderr, expected, "\(spec.invocation) \(name) \(value)")
                    }
                    tried += 1
                }
            }
        }
        XCTAssertGreaterThanOrEqual(tried, 27)
    }

    /// The range each number's help shows is the one it keeps: its bounds parse, beyond them is
    /// the usage error naming the range.
    func testTheBinaryKeepsTheRangesItsHelpShows() throws {
        var ranges = 0
        for (spec, _, options) in try helps() {
            let operands = spec.operands.count.lowerBound == 0 ? ["f", "f", "f"] : []
            for line in options where line.hasPrefix("  -") {
                let (names, _) = Self.option(line, continued: options)
                guard let range = Self.range(line, continued: options), let name = names.last else { continue }
                let args = [spec.name].filter { !$0.isEmpty } + [name]
                for bound in [range.lowerBound, range.upperBound] {
                    let result = try scrawl(arguments: args + [JSONWriter.format(bound)] + operands)
                    XCTAssertTrue(result.stderr.hasPrefix("scrawl: \(spec.operands.wrongCount)\n"), result.summary)
                }
                for beyond in [range.lowerBound / 2, range.upperBound * 2] {
                    let text = JSONWriter.format(beyond)
                    let result = try scrawl(arguments: args + [text] + operands)
                    XCTAssertEqual(result.status, 2, result.summary)
                    XCTAssertEqual(result.stderr, "scrawl: \(name) must be a number in \(range.lowerBound)...\(range.upperBound), not \(text)\n"
                                   + "Try '\(spec.invocation) --help' for more information.\n")
                }
                ranges += 1
            }
        }
        XCTAssertEqual(ranges, 3)
    }

    // MARK: - Reading the help

    /// The names on an OPTIONS line ("-o, --output OUT.png  the PNG ...") and a value for its
    /// placeholder, from the placeholder and the range its text shows.
    static func option(_ line: String, continued lines: [String]) -> (names: [String], value: [String]) {
        let words = line.trimmingCharacters(in: .whitespaces).components(separatedBy: " ")
        var names: [String] = []
        for word in words {
            guard word.hasPrefix("-") else { break }
            names.append(word.hasSuffix(",") ? String(word.dropLast()) : word)
            if !word.hasSuffix(",") { break }
        }
        let placeholder = words.count > names.count ? words[names.count] : ""
        if placeholder.isEmpty { return (names, []) }
        if let range = range(line, continued: lines) { return (names, [JSONWriter.format(range.lowerBound)]) }
        switch placeholder {
        case "X,Y,W,H": return (names, ["0,0,1,1"])
        case "WxH": return (names, ["64x200"])
        default: return (names, ["value"])
        }
    }

    /// The "(A to B" an option's text shows, on its line or those continuing it.
    static func range(_ line: String, continued lines: [String]) -> ClosedRange<Double>? {
        guard let start = lines.firstIndex(of: line) else { return nil }
        let rest = lines[(start + 1)...].prefix { $0.hasPrefix(String(repeating: " ", count: CommandSpec.helpColumn)) }
        let text = ([line] + rest).joined(separator: " ")
        guard let open = text.range(of: #"\(([0-9.]+) to ([0-9.]+)"#, options: .regularExpression) else { return nil }
        let numbers = text[open].dropFirst().components(separatedBy: " to ").compactMap(Double.init)
        return numbers.count == 2 ? numbers[0]...numbers[1] : nil
    }
}
