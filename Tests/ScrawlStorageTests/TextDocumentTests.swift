import Foundation
import XCTest
@testable import ScrawlCore
@testable import ScrawlStorage

/// Text in documents and the journal: its string, family, size, position, colour and outlines
/// round-trip exactly; hostile text members get a message naming the member, never a crash.
final class TextDocumentTests: XCTestCase {
    private let canvas = CanvasSpec(width: 300, height: 200)

    private func text(_ string: String, at p: Point = Point(10, 20), size: Double = 24) -> TextDrawable {
        TextDrawable(string: string, family: "boxes", size: size, position: p, colour: Color(r: 1, g: 2, b: 3, a: 200), shaper: BoxShaper())
    }

    func testTextRoundTripsExactly() throws {
        let drawables: [Drawable] = [.text(text("Hello\nwörld ✓ \"quoted\" \\ \u{1}")), .text(text("", size: 1)),
                                     .text(text("x", at: Point(-0.1, 1e5), size: 2000))]
        let bytes = try Document(canvas: canvas, drawables: drawables).encoded()
        let back = try Document.decode(bytes)
        DocTest.assertSame(back.drawables, drawables)
        XCTAssertEqual(try back.encoded(), bytes, "re-encoding is stable")
        let json = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(json.contains(##""type": "text", "text": "Hello\nwörld ✓ \"quoted\" \\ \u0001", "family": "boxes", "size": 24, "x": 10, "y": 20, "color": "#010203c8""##), json)
    }

    func testTheJournalRecoversTextEdits() throws {
        let folder = DocTest.makeTempFolder("scrawl-text-journal")
        defer { DocTest.remove(folder) }
        var list = DisplayList()
        let journal = try Journal(directory: folder, canvas: canvas, displayList: list, compactAfter: 1000)
        list.append([.text(text("first"))])
        journal.sync(with: list)
        let id = list.items[0].id
        _ = list.replace([id: [.text(text("first, edited"))]])
        list.append([.text(text("second", at: Point(50, 50)))])
        _ = list.undo()
        journal.sync(with: list)
        journal.waitForBackgroundWork()
        // As after kill -9: the session's files copied as they are (without its lock) and recovered elsewhere.
        let copy = DocTest.makeTempFolder("scrawl-text-journal-killed")
        defer { DocTest.remove(copy) }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("session-") }
        let session = folder + "/" + (try XCTUnwrap(names.first))
        let target = copy + "/" + (session as NSString).lastPathComponent
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: session) where name != "lock" {
            try FileManager.default.copyItem(atPath: session + "/" + name, toPath: target + "/" + name)
        }
        let recovered = try XCTUnwrap(Journal.recover(directory: copy))
        DocTest.assertSameHistory(recovered.displayList, list)
        XCTAssertEqual(recovered.displayList.drawables.compactMap { $0.kind(as: TextDrawable.self)?.string }, ["first, edited"])
        recovered.release()
        journal.markCleanExit()
    }

    /// A document whose one drawable is `member` spliced into a valid text object.
    private func document(text members: String) -> [UInt8] {
        Array("""
            {"format": "scrawl", "version": 1, "canvas": {"width": 100, "height": 100}, "images": [],
            "drawables": [{"type": "text", \(members)}]}
            """.utf8)
    }

    private let valid = ##""text": "a", "family": "DejaVu Sans", "size": 24, "x": 1, "y": 2, "color": "#000000", "width": 12, "height": 30, "d": []"##

    private func problem(_ bytes: [UInt8]) -> String {
        do { _ = try Document.decode(bytes); return "decoded" } catch { return "\(error)" }
    }

    func testHostileTextGetsAClearMessage() {
        XCTAssertEqual(problem(document(text: valid)), "decoded")
        let cases: [(String, String)] = [
            (valid.replacingOccurrences(of: #""size": 24"#, with: #""size": 0"#), "drawables[0].size"),
            (valid.replacingOccurrences(of: #""size": 24"#, with: #""size": 1e300"#), "drawables[0].size"),
            (valid.replacingOccurrences(of: ##""color": "#000000""##, with: #""color": null"#), "drawables[0].color"),
            (valid.replacingOccurrences(of: #""text": "a""#, with: #""text": 7"#), "drawables[0].text"),
            (valid.replacingOccurrences(of: #""x": 1"#, with: #""x": 1e99"#), "drawables[0].x"),
            (valid.replacingOccurrences(of: #""d": []"#, with: #""d": [["Q", 1]]"#), "drawables[0].d[0]"),
            (valid.replacingOccurrences(of: #""text": "a""#, with: "\"text\": \"" + String(repeating: "x", count: TextDrawable.maxCharacters + 1) + "\""),
             "drawables[0].text"),
        ]
        for (members, path) in cases {
            let message = problem(document(text: members))
            XCTAssertTrue(message.contains(path), "\(message) should name \(path)")
        }
        // Invalid UTF-8 inside the string.
        let parts = String(decoding: document(text: valid), as: UTF8.self).components(separatedBy: #""text": "a""#)
        XCTAssertEqual(parts.count, 2)
        let bytes = Array(parts[0].utf8) + Array(#""text": ""#.utf8) + [0xC3, 0x28, 0xFF] + [UInt8(ascii: "\"")] + Array(parts[1].utf8)
        let message = problem(bytes)
        XCTAssertNotEqual(message, "decoded")
        XCTAssertTrue(message.lowercased().contains("utf-8") || message.lowercased().contains("utf8"), message)
    }

    func testAMissingFontStillShowsTheTextAsStored() throws {
        let stored = text("kept")
        var t = stored
        t.family = "No Such Family 9"
        let back = try Document.decode(try Document(canvas: canvas, drawables: [.text(t)]).encoded())
        let read = try XCTUnwrap(back.drawables.first?.kind(as: TextDrawable.self))
        XCTAssertEqual(read.family, "No Such Family 9", "the family is kept for when the font is back")
        XCTAssertEqual(read.outline, stored.outline, "drawn from the stored outlines, no font needed")
    }

    func testSVGWritesTextAsOutlinePaths() throws {
        let svg = try SVGExporter.svg(Document(canvas: canvas, drawables: [.text(text("a<b&"))]))
        XCTAssertTrue(svg.contains("<g><title>a&lt;b&amp;</title>\n<path d=\"M"), svg)
        XCTAssertTrue(svg.contains("fill-rule=\"nonzero\""), svg)
        XCTAssertFalse(svg.contains("<text"), svg)
    }
}
