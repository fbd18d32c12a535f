import Foundation
import XCTest
@testable import ScrawlCore

/// What a tool does is answered by the tool (through `Tool`) or listed in the tool table: no file
/// but a tool's own (`PencilTool.swift`, `SelectTool+Live.swift`, …) and the table
/// (`ToolKind.swift`, `ToolCatalog.swift`) tests which tool is current, by kind or by type.
final class ToolKindSourceTests: XCTestCase {
    /// The tools' class names, from the table's factories.
    private static let toolTypes: [String] = {
        let e = Editor(canvas: CanvasSpec(width: 10, height: 10), seed: 0, stampImage: ToolHelpers.image)
        return Array(Set(ToolCatalog.entries.map { String(describing: type(of: $0.make(e))) })).sorted()
    }()

    /// Kind names that are also other enums' cases (`Path.Verb.line`, `Drawable.stamp`, the
    /// `Path.rectangle` and `.ellipse` makers): a `case` of these is not looked for.
    private static let sharedNames: Set<String> = ["line", "rectangle", "ellipse", "stamp", "text"]

    private static let patterns: [NSRegularExpression] = {
        let kinds = ToolKind.allCases.map(\.rawValue).joined(separator: "|")
        let ownKinds = ToolKind.allCases.map(\.rawValue).filter { !sharedNames.contains($0) }.joined(separator: "|")
        let types = toolTypes.joined(separator: "|")
        return [
            #"(==|!=|~=)\s*\.(\#(kinds))\b"#,  // kind == .highlighter
            #"(^|[^\w)\]?!])\.(\#(kinds))\s*(==|!=)"#,  // .highlighter == kind (not `o.stamp == nil`)
            #"\bcase\s+\.(\#(ownKinds))\b"#,  // a switch over the kind
            #"\b(as[?!]?|is)\s+(\#(types))\b"#,  // tool as? HighlighterTool
            #"Set<ToolKind>|\[ToolKind\]"#,  // a list of kinds that behave alike
        ].map { try! NSRegularExpression(pattern: $0) }
    }()

    /// The lines of `text` (comments left out) that test a tool's kind or type.
    private static func kindTests(in text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line)
        }.filter { line in
            let range = NSRange(line.startIndex..., in: line)
            return patterns.contains { $0.firstMatch(in: line, range: range) != nil }
        }
    }

    /// Whether a file may test kinds: the table's files and each tool's own.
    private static func allowed(_ name: String) -> Bool {
        ["ToolKind.swift", "ToolCatalog.swift"].contains(name)
            || toolTypes.contains { name.hasPrefix($0 + ".") || name.hasPrefix($0 + "+") }
    }

    func testThePatternsFindKindTestsAndNothingElse() {
        XCTAssertTrue(Self.toolTypes.contains("HighlighterTool") && Self.toolTypes.contains("ShapeTool"), "\(Self.toolTypes)")
        for found in ["if tool.kind == .highlighter {", "k != .eraser", ".stamp == kind", "case .follow:",
                      "let h = editor.tool as? HighlighterTool", "tool is SelectTool", "(tool as! EraserTool).mode",
                      "static let ringTools: Set<ToolKind> = [.pencil]"] {
            XCTAssertEqual(Self.kindTests(in: found).count, 1, found)
        }
        for fine in ["if o.stamp == nil {", "case .line(let p):", "case .stamp(let s):", "editor.select(.eraser)",
                     "KeyBinding(\"x\", .selectTool(.eraser))", "// kind == .highlighter", "private var tools: [ToolKind: Tool]",
                     "if entry.kind == tool {"] {
            XCTAssertEqual(Self.kindTests(in: fine), [], fine)
        }
        XCTAssertTrue(Self.allowed("SelectTool+Live.swift") && Self.allowed("HighlighterTool.swift") && Self.allowed("ToolCatalog.swift"))
        XCTAssertFalse(Self.allowed("Editor.swift") || Self.allowed("WindowApp+Cursor.swift") || Self.allowed("SelectToolbar.swift"))
    }

    func testNoFileButATools() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let files = try XCTUnwrap(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        XCTAssertGreaterThan(files.count, 100, "the sources are found")
        var found: [String] = []
        for file in files where !Self.allowed(file.lastPathComponent) {
            let text = try String(contentsOf: file, encoding: .utf8)
            found += Self.kindTests(in: text).map { file.path.replacingOccurrences(of: sources.path + "/", with: "") + ": " + $0 }
        }
        XCTAssertEqual(found, [], "ask the tool (Tool) or the table (ToolCatalog) instead")
    }
}
