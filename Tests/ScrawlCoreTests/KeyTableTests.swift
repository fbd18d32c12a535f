import Foundation
import XCTest
@testable import ScrawlCore

/// The key table is the one source for keys: no chord twice, every tool and swatch reachable, and
/// the README's table under "Using it" says exactly what the table does.
final class KeyTableTests: XCTestCase {
    func testEveryChordOnceAndEveryToolAndSwatchBound() {
        XCTAssertEqual(Set(KeyTable.all.map(\.chord)).count, KeyTable.all.count)
        for kind in ToolKind.allCases { XCTAssertNotNil(KeyTable.chord(for: .selectTool(kind)), "\(kind)") }
        for swatch in ColorChoice.bar {
            XCTAssertNotNil(KeyTable.chord(for: .strokeColor(swatch.choice)), swatch.name)
            XCTAssertEqual(KeyTable.chord(for: .fillColor(swatch.choice))?.name, "shift+" + swatch.key)
        }
        XCTAssertEqual(ToolKind.allCases.map(\.key), ["p", "l", "r", "e", "i", "b", "s", "a", "f", "h", "x", "v", "t"])
        XCTAssertEqual(ColorChoice.bar.map(\.key), ["0", "1", "2", "3", "4", "5", "6", "7"])
    }

    func testGroupsComeInTheirOrder() {
        let groups = KeyTable.all.map(\.group)
        XCTAssertEqual(groups, groups.sorted { KeyGroup.allCases.firstIndex(of: $0)! < KeyGroup.allCases.firstIndex(of: $1)! })
        XCTAssertEqual(Set(groups), Set(KeyGroup.allCases))
    }

    func testWindowKeysAreIgnoredByTheEditor() {
        let editor = Editor(canvas: CanvasSpec(width: 10, height: 10), seed: 1, stampImage: .defaultStamp)
        for binding in KeyTable.all {
            guard case .window = binding.action else { continue }
            XCTAssertEqual(editor.perform(binding.chord), .ignored, binding.chord.name)
        }
    }

    func testReadmeKeyTableMatchesTheKeyTable() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try XCTUnwrap(readme.components(separatedBy: "\n## Using it\n").dropFirst().first)
        let lines = section.components(separatedBy: "\n")
        let start = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("| key |") })
        let table = lines[start...].prefix { $0.hasPrefix("|") }.joined(separator: "\n")
        let expected = Self.markdown(KeyTableRow.rows())
        XCTAssertEqual(table, expected, "README.md's key table should read:\n\(expected)")
    }

    /// The key table as the README's markdown table.
    static func markdown(_ rows: [KeyTableRow]) -> String {
        var lines = ["| key | action |", "| --- | --- |"]
        for row in rows {
            let keys = row.items.map { $0.chords.map { "`\($0.name)`" }.joined(separator: " / ") }
            let details = row.items.map(\.detail).joined(separator: ", ")
            lines.append("| \(keys.joined(separator: ", ")) | \(row.topic.map { $0 + ": " } ?? "")\(details) |")
        }
        return lines.joined(separator: "\n")
    }
}
