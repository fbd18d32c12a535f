import Foundation
import XCTest
@testable import ScrawlCore
@testable import ScrawlStorage

/// Big selection edits repeated on the same drawables: autosave's snapshots stop growing (the
/// history keeps what fits its budget), journals end once they hold twice the snapshot, and
/// recovery gives back the drawing with the same history the editor had.
final class JournalBigEditTests: XCTestCase {
    private var folder = ""
    private let canvas = CanvasSpec(width: 800, height: 600)

    override func setUp() { folder = DocTest.makeTempFolder("scrawl-big-edits") }
    override func tearDown() { DocTest.remove(folder) }

    /// 10 strokes of 30000 points each: a nudge of all of them moves 300000 points.
    private func bigDrawing() -> DisplayList {
        DisplayList(drawables: (0..<10).map { i in
            .path(PathDrawable(path: .polyline((0..<30_000).map { Point(Double($0) * 0.01, Double(i)) }),
                               stroke: .black, fill: nil, style: StrokeOptions()))
        })
    }

    private func nudgeAll(_ list: inout DisplayList) {
        list.replace(Dictionary(uniqueKeysWithValues: list.items.map { ($0.id, [$0.drawable.translated(by: Point(1, 0))]) }))
    }

    private func snapshotSize(_ list: DisplayList) throws -> Int {
        try JournalSnapshot.encode(canvas: canvas, list: list, images: [], imageIndex: { _ throws(DocumentError) in 0 },
                                   limit: Int.max).count
    }

    func testTheSnapshotDoesNotGrowWithTheNumberOfNudges() throws {
        var list = bigDrawing()
        for _ in 0..<6 { nudgeAll(&list) }
        let six = try snapshotSize(list)
        for _ in 0..<12 { nudgeAll(&list) }
        let eighteen = try snapshotSize(list)
        XCTAssertLessThan(Double(eighteen), Double(six) * 1.05, "6 nudges: \(six) bytes, 18 nudges: \(eighteen) bytes")
    }

    /// A journal ends its generation once it holds twice the last snapshot (at least 4 MiB), long
    /// before 64 MiB, so a start replays little; recovery has the editor's drawing and history.
    func testBigEditsRotateByTheSnapshotAndRecoverTheSameHistory() throws {
        var list = bigDrawing()
        let journal = try Journal(directory: folder, canvas: canvas, displayList: list)
        for _ in 0..<4 {
            nudgeAll(&list)
            journal.sync(with: list)
        }
        journal.waitForBackgroundWork()
        XCTAssertNil(journal.lastError)
        let names = try FileManager.default.contentsOfDirectory(atPath: journal.sessionDirectory)
        let snapshot = try XCTUnwrap(names.first { $0.hasPrefix("snapshot-") })
        let current = try XCTUnwrap(names.first { $0.hasPrefix("journal-") })
        let attributes = { (name: String) in try FileManager.default.attributesOfItem(atPath: journal.sessionDirectory + "/" + name) }
        let snapshotBytes = try XCTUnwrap(attributes(snapshot)[.size] as? Int)
        let journalBytes = try XCTUnwrap(attributes(current)[.size] as? Int)
        XCTAssertNotEqual(current, "journal-0.log", "the journal rotated: \(names)")
        XCTAssertLessThan(journalBytes, max(2 * snapshotBytes, Journal.minRotateBytes) + 8 << 20, "\(names)")
        journal.close()
        let recovered = try XCTUnwrap(Journal.recover(directory: folder))
        XCTAssertFalse(recovered.foundTornRecord)
        XCTAssertTrue(recovered.displayList.history == list.history, "the same drawing and history")
        recovered.release()
    }
}
