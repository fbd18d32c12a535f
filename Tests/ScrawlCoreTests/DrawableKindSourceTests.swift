import Foundation
import XCTest

/// The drawable kinds stay types: outside the files that may, no source switches over `Drawable`'s
/// cases (`.path`, `.stamp`); everything else asks `DrawableKind`. Read from the sources, so that
/// a new switch fails here, naming its file and line.
final class DrawableKindSourceTests: XCTestCase {
    /// The files that may match a drawable's case: the enum's forwarders, and the document coding
    /// and the SVG and PDF exporters, which switch once each.
    static let allowed: Set<String> = [
        "ScrawlCore/Document/Drawable.swift",
        "ScrawlStorage/Document/DrawableCoding.swift",
        "ScrawlStorage/Export/SVGExporter.swift",
        "ScrawlStorage/Export/PDFExporter.swift",
    ]

    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

    /// Every Swift file under Sources, by its path below it, with its text.
    static func sourceFiles() throws -> [(path: String, text: String)] {
        let root = sources.standardizedFileURL.path
        guard let walk = FileManager.default.enumerator(atPath: root) else { return [] }
        var out: [(String, String)] = []
        for case let relative as String in walk where relative.hasSuffix(".swift") {
            out.append((relative, try String(contentsOfFile: root + "/" + relative, encoding: .utf8)))
        }
        return out.sorted { $0.0 < $1.0 }
    }

    func testNoSourceButTheAllowedFilesMatchesADrawablesCase() throws {
        let files = try Self.sourceFiles()
        XCTAssertGreaterThan(files.count, 100, "the sources are found at \(Self.sources.path)")
        var stray: [String] = []
        var sites: [String: Int] = [:]
        for file in files {
            let matches = KindMatchScanner.matches(in: file.text)
            sites[file.path] = Set(matches.map(\.site)).count
            guard !Self.allowed.contains(file.path) else { continue }
            stray += matches.map { "Sources/\(file.path):\($0.line)" }
        }
        XCTAssertEqual(stray, [], "these switch over a drawable's kind; ask `DrawableKind` instead (add a "
                       + "requirement there, a forwarder in Drawable.swift and an answer in each kind's file)")
        // The scanner sees the switches that are there, so that the test above can fail.
        XCTAssertGreaterThan(sites["ScrawlCore/Document/Drawable.swift"] ?? 0, 20, "a switch per forwarder")
        XCTAssertEqual(sites["ScrawlStorage/Document/DrawableCoding.swift"], 1, "the coding switches once")
        XCTAssertEqual(sites["ScrawlStorage/Export/SVGExporter.swift"], 1, "the exporter switches once")
        XCTAssertEqual(sites["ScrawlStorage/Export/PDFExporter.swift"], 1, "the PDF exporter switches once")
    }

    /// The scanner counts switches over the kinds and case patterns naming them, not other enums'
    /// cases of the same name, strings or comments.
    func testTheScannerTellsTheKindsFromOtherEnumsCases() {
        let source = #"""
            func f(_ d: Drawable, _ k: ToolKind) -> Int {
                switch d {
                case .path(let p): return p.path.points.count
                case .stamp: return 0
                }
                switch k {
                case .stamp: return 1  // ToolKind's stamp
                case .pencil, .line: return 2
                default: return 3
                }
                let text = "case .path(let p): {"  // case .stamp(let s)
                if case .stamp(let s) = d { return s.rect.width }
                guard case .path(var p)? = Optional(d) else { return 4 }
                for case .path(let p) in [d] { _ = p }
                switch (d, k) {
                case (.path(var p), .pencil): _ = p
                case (_, _): break
                }
                return 5
            }
            """#
        XCTAssertEqual(KindMatchScanner.matches(in: source).map(\.line), [3, 4, 12, 13, 14, 16])
        XCTAssertEqual(Set(KindMatchScanner.matches(in: source).map(\.site)).count, 5)
    }
}

/// Finds pattern matches on `Drawable`'s cases in Swift source: the `case` labels naming `.path` or
/// `.stamp` of each switch whose labels name no other case (other enums share the names: ToolKind,
/// replay fields, session notices), and each `if`, `guard`, `for` or `while case` naming them.
enum KindMatchScanner {
    /// The kinds' case names. A switch counts when all its cases are kinds; `if case` is looked for
    /// with `.path` and `.stamp` only, since `.text` is also the clipboard's and the prompt's case.
    static let kindCases: Set<String> = ["path", "stamp", "text"]

    /// A match: its line (from 1) and its site (the line of its switch, or its own).
    struct Match: Hashable { let line: Int, site: Int }

    private struct OpenSwitch { let depth: Int, line: Int; var names: Set<String> = [], lines: [Int] = [] }

    static func matches(in source: String) -> [Match] {
        var out: [Match] = [], open: [OpenSwitch] = []
        var depth = 0, inMultiline = false
        for (i, raw) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = code(String(raw), inMultilineString: &inMultiline)
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("case "), let top = open.last, top.depth == depth {
                let names = labelNames(text)
                open[open.count - 1].names.formUnion(names)
                if !names.isDisjoint(with: kindCases) { open[open.count - 1].lines.append(i + 1) }
            } else if text.range(of: #"\b(if|guard|for|while)\b.*\bcase\s+(let\s+|var\s+)?\.(path|stamp)\b"#,
                                 options: .regularExpression) != nil {
                out.append(Match(line: i + 1, site: i + 1))
            }
            for c in line where c == "{" || c == "}" {
                depth += c == "{" ? 1 : -1
                while let top = open.last, depth < top.depth {
                    open.removeLast()
                    if top.names.isSubset(of: kindCases) { out += top.lines.map { Match(line: $0, site: top.line) } }
                }
            }
            if text.range(of: #"\bswitch\b.*\{$"#, options: .regularExpression) != nil {
                open.append(OpenSwitch(depth: depth, line: i + 1))
            }
        }
        return out.sorted { $0.line < $1.line }
    }

    /// The line without its comment and with its string literals' contents blanked.
    static func code(_ line: String, inMultilineString: inout Bool) -> String {
        let triple = Array("\"\"\"")
        var out = "", inString = false, escaped = false
        let chars = Array(line)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if inMultilineString {
                if chars[i...].starts(with: triple) { inMultilineString = false; i += 3; continue }
            } else if inString {
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
            } else if chars[i...].starts(with: triple) {
                inMultilineString = true; i += 3; continue
            } else if c == "\"" {
                inString = true
            } else if chars[i...].starts(with: "//") {
                break
            } else {
                out.append(c)
            }
            i += 1
        }
        return out
    }

    /// The leading case names of a label's patterns (`case .a(let x), .b:` gives a and b; a tuple
    /// pattern gives its first element's).
    static func labelNames(_ label: String) -> Set<String> {
        var patterns: [String] = [], current = "", parens = 0
        for c in label.dropFirst("case".count) {
            if c == "(" { parens += 1 } else if c == ")" { parens -= 1 }
            if parens == 0 && (c == ":" || c == ",") {
                patterns.append(current)
                if c == ":" { break }
                current = ""
            } else {
                current.append(c)
            }
        }
        var names: Set<String> = []
        for var p in patterns.map({ Substring($0) }) {
            while let f = p.first, f == " " || f == "(" { p = p.dropFirst() }
            for keyword in ["let ", "var "] where p.hasPrefix(keyword) { p = p.dropFirst(keyword.count) }
            while let f = p.first, f == " " || f == "(" { p = p.dropFirst() }
            guard p.first == "." else { continue }
            names.insert(String(p.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "_" }))
        }
        return names
    }
}
