import Foundation
import XCTest
@testable import ScrawlCore
@testable import ScrawlStorage

/// Per-node widths (pressure ink) in files: documents, the journal and the clipboard carry them
/// exactly; a document without them is written as before (version 1, the same bytes); bad widths
/// are refused with a message naming the drawable and the member.
final class DocumentWidthsTests: XCTestCase {
    /// A pressure stroke: lines and a cubic, widths with awkward floats.
    static func pressureStroke(seed: UInt64 = 1, stroke: Color = .blue) -> PathDrawable {
        var g = SplitMix64(seed: seed)
        var path = Path()
        path.move(to: Point(10, 20))
        path.line(to: Point(40.5, 22))
        path.cubic(Point(60, 0), Point(80, 60), to: Point(100, 30))
        path.line(to: Point(120, 31))
        let widths = (0..<4).map { _ in Float(g.next() % 100_000) / 7777 }
        return PathDrawable(path: path, stroke: stroke, fill: nil, style: .round(width: 4), widths: widths)
    }

    private func widthsOf(_ d: Drawable) -> [Float]? { d.kind(as: PathDrawable.self)?.widths }

    func testWidthsRoundTripThroughDocuments() throws {
        var drawables = DocTest.sampleDrawables()
        for seed in 1...20 { drawables.append(.path(Self.pressureStroke(seed: UInt64(seed)))) }
        drawables.append(.path(PathDrawable(path: .polyline([Point(1, 1)]), stroke: .red, fill: nil, style: .round(width: 2),
                                            widths: [Float.leastNonzeroMagnitude])))
        drawables.append(.path(PathDrawable(path: .polyline([Point(1, 1), Point(5, 5)]), stroke: .red, fill: nil,
                                            style: .round(width: 2), widths: [0, 1e6])))
        let bytes = try Document(drawables: drawables).encoded()
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix(#"{"format": "scrawl", "version": 2,"#), text)
        DocTest.assertSame(try Document.decode(bytes).drawables, drawables)
        XCTAssertTrue(text.contains(#""widths": [0, 1000000]}"#), "integers without .0")
    }

    /// Widths are written as the shortest text that reads back as the same 32-bit float.
    func testWidthsAreWrittenCompactly() throws {
        let d = PathDrawable(path: .polyline([Point(0, 0), Point(10, 0), Point(20, 0)]), stroke: .black, fill: nil,
                             style: .round(width: 2), widths: [2.3, 0.1, 3])
        let text = String(decoding: try Document(drawables: [.path(d)]).encoded(), as: UTF8.self)
        XCTAssertTrue(text.contains(#""widths": [2.3, 0.1, 3]"#), text)
        var g = SplitMix64(seed: 9)
        for _ in 0..<2000 {
            let v = Float(bitPattern: UInt32(truncatingIfNeeded: g.next()) & 0x497F_FFFF)  // finite, below ~1e6
            guard v.isFinite, v >= 0, v <= 1e6 else { continue }
            let s = DrawableCoding.formatWidth(v)
            XCTAssertEqual(Float(try XCTUnwrap(Double(s))), v, s)
        }
    }

    /// A document with no widths is version 1, byte for byte what this build wrote before widths.
    func testDocumentsWithoutWidthsAreWrittenAsBefore() throws {
        let d = DocTest.path([.move(Point(10, 20)), .line(Point(30, 40))])
        let text = String(decoding: try Document(canvas: CanvasSpec(width: 100, height: 50), drawables: [d]).encoded(), as: UTF8.self)
        XCTAssertEqual(text, """
            {"format": "scrawl", "version": 1,
            "canvas": {"width": 100, "height": 50, "background": "#ffffff"},
            "images": [],
            "drawables": [
            {"id": 1, "type": "path", "d": [["M", 10, 20], ["L", 30, 40]], "stroke": "#000000", "fill": null, "width": 2, "cap": "round", "join": "round", "miterLimit": 4}
            ]}

            """)
        XCTAssertEqual(Document.version(for: DocTest.sampleDrawables()), 1)
    }

    /// A version 1 document reads as before (no widths); a version 2 one without widths reads too.
    func testOlderDocumentsReadUnchanged() throws {
        let v1 = ##"{"format": "scrawl", "version": 1, "canvas": {"width": 10, "height": 10}, "drawables": [{"type": "path", "d": [["M", 1, 2], ["L", 3, 4]], "stroke": "#000000", "width": 3}]}"##
        let d = try XCTUnwrap(Document.decode(Array(v1.utf8)).drawables.first?.kind(as: PathDrawable.self))
        XCTAssertNil(d.widths)
        XCTAssertEqual(d.style.width, 3)
        let v2 = v1.replacingOccurrences(of: #""version": 1"#, with: #""version": 2"#)
        XCTAssertEqual(try Document.decode(Array(v2.utf8)).drawables.count, 1)
        let v4 = v1.replacingOccurrences(of: #""version": 1"#, with: #""version": 4"#)
        XCTAssertThrowsError(try Document.decode(Array(v4.utf8))) { error in
            XCTAssertEqual((error as? DocumentError)?.message(file: "d.scrawl"),
                           "d.scrawl: the document is version 4, written by a newer Scrawl; this build reads version 3 (update Scrawl to open it)")
        }
    }

    func testBadWidthsAreRefusedWithAMessage() {
        func doc(_ widths: String) -> [UInt8] {
            Array((#"{"format": "scrawl", "version": 2, "canvas": {"width": 10, "height": 10}, "drawables": [{"type": "path", "d": [["M", 0, 0]]},"#
                   + ##"{"type": "path", "d": [["M", 1, 2], ["L", 3, 4], ["Q", 5, 6, 7, 8], ["Z"]], "stroke": "#000000", "widths": "##
                   + widths + "}]}").utf8)
        }
        let cases: [(String, String)] = [
            ("[1, 2]", #"drawables[1].widths: holds 2 widths, expected one per node of "d" (each "M", "L", "Q" and "C"): 3"#),
            ("[1, 2, 3, 4]", "drawables[1].widths: holds 4 widths"),
            ("[1, -2, 3]", "drawables[1].widths[1]: must not be negative, found -2"),
            ("[1, 2, 1e999]", "drawables[1].widths[2]: Infinity is not a finite number"),
            ("[1, 2, 2e6]", "drawables[1].widths[2]: must be at most 1000000 points, found 2000000"),
            (#"[1, "2", 3]"#, "drawables[1].widths[1]: expected a number, found a string"),
            ("3", "drawables[1].widths: expected an array of widths, found a number"),
        ]
        for (widths, expected) in cases {
            XCTAssertThrowsError(try Document.decode(doc(widths)), widths) { error in
                let message = (error as? DocumentError)?.message(file: "d.scrawl") ?? "\(error)"
                XCTAssertTrue(message.hasPrefix("d.scrawl: " + expected), message)
            }
        }
        XCTAssertNoThrow(try Document.decode(doc("[1, 2, 3]")))
    }

    /// Saving refuses what reading would: a width that is NaN, negative, too large, or the wrong count.
    func testBadWidthsAreNotSaved() {
        let path = Path.polyline([Point(0, 0), Point(5, 5)])
        for (widths, expected) in [([Float.nan, 1], "drawables[0].widths[0]"), ([1, -1], "drawables[0].widths[1]"),
                                   ([1, 3e6], "drawables[0].widths[1]"), ([1], "drawables[0].widths: holds 1 width,")] {
            let d = PathDrawable(path: path, stroke: .black, fill: nil, style: .round(width: 2), widths: widths)
            XCTAssertThrowsError(try Document(drawables: [.path(d)]).encoded()) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(error)")
            }
            XCTAssertThrowsError(try SVGExporter.svg(Document(drawables: [.path(d)])))
        }
    }

    func testWidthsTravelThroughTheClipboard() throws {
        let drawables: [Drawable] = [.path(Self.pressureStroke(seed: 3)), DocTest.path([.move(Point(1, 2))])]
        let text = SelectionClipboard.encode(drawables)
        XCTAssertTrue(text.hasPrefix(#"{"scrawlSelection": 1, "format": "scrawl", "version": 2,"#), text)
        DocTest.assertSame(try SelectionClipboard.decode(text), drawables)
    }

    /// A journal of pressure strokes, edits of them (an eraser cut, a scale) and undo comes back
    /// with every width after a kill (files left, no lock), from the records and from a snapshot.
    func testWidthsTravelThroughTheJournal() throws {
        for compactAfter in [1000, 3] {
            let folder = DocTest.makeTempFolder("scrawl-widths-journal")
            defer { DocTest.remove(folder) }
            var list = DisplayList()
            let journal = try Journal(directory: folder, canvas: CanvasSpec(), displayList: list, compactAfter: compactAfter)
            for seed in 1...4 {
                _ = list.add(.path(Self.pressureStroke(seed: UInt64(seed))))
                journal.sync(with: list)
            }
            let first = try XCTUnwrap(list.items.first)
            let pieces = first.drawable.erased(along: [Point(70, 0), Point(70, 80)], radius: 3, mode: .partial)
            XCTAssertEqual(pieces.count, 2)
            XCTAssertNotNil(list.replace([first.id: pieces]))
            journal.sync(with: list)
            let scaled = list.items.map { $0.drawable.scaled(about: .zero, sx: 2, sy: 2) }
            _ = list.add(scaled[0])
            _ = list.add(scaled[1])
            _ = list.undo()
            journal.sync(with: list)
            journal.waitForBackgroundWork()
            XCTAssertNil(journal.lastError)
            journal.close()
            let session = try XCTUnwrap(Journal.recover(directory: folder))
            DocTest.assertSame(session.drawables, list.drawables, "compactAfter \(compactAfter)")
            DocTest.assertSameHistory(session.displayList, list)
            XCTAssertTrue(session.drawables.allSatisfy { widthsOf($0) != nil })
        }
    }
}
