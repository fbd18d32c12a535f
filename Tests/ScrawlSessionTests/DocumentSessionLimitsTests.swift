import Foundation
import XCTest
import ScrawlCore
import ScrawlSession
import ScrawlStorage

/// Documents at the edges of what the format allows stay editable, saveable and recoverable: ids
/// up to 2^53, drawings at the canvas limit; and a recovery that lost drawings says so and never
/// saves them over their file.
final class DocumentSessionLimitsTests: XCTestCase {
    /// A document whose first drawable has the largest id a file may hold.
    private func documentWithTheLargestID(in box: SessionSandbox) throws -> String {
        let path = box.root + "/docs/top.scrawl"
        let items = [DisplayItem(id: 1 << 53, drawable: stroke(1)), DisplayItem(id: 7, drawable: stroke(2))]
        try DocumentStore.standard.save(items: items, canvas: CanvasSpec(width: 300, height: 200), to: path)
        return path
    }

    func testADocumentHoldingId2Pow53TakesNewDrawingsThatSaveAndRecover() throws {
        let box = try SessionSandbox()
        let path = try documentWithTheLargestID(in: box)
        let s = try box.start(path)
        s.draw(2)
        XCTAssertNil(s.autosaveProblem, "new drawings are journaled")
        XCTAssertTrue(s.save(), "\(s.takeNotices())")
        XCTAssertEqual(try box.drawables(path), 4)
        s.draw(1)
        s.crash()

        let next = try box.start()
        XCTAssertEqual(next.documentPath, path)
        XCTAssertEqual(next.editor.displayList.count, 5)
        XCTAssertEqual(next.takeNotices(), [.recovered(count: DrawingCount(strokes: 5), document: path, detail: nil)], "nothing was torn")
        next.draw(1)
        XCTAssertNil(next.autosaveProblem)
        XCTAssertTrue(next.save())
        XCTAssertEqual(try box.drawables(path), 6)
        XCTAssertTrue(next.quit())
    }

    func testTheIdsOfSuchADocumentAreValidAfterOpening() throws {
        let box = try SessionSandbox()
        let document = try DocumentStore.standard.open(try documentWithTheLargestID(in: box))
        XCTAssertEqual(document.items.map(\.id), [1 << 53, 7], "the file's ids are read as they are")
        var list = document.displayList
        XCTAssertEqual(list.drawables, document.drawables)
        XCTAssertEqual(list.items.map(\.id), [2, 1], "renumbered in the order of the ids")
        let added = list.add(stroke(3))
        XCTAssertEqual(added.id, 3)
    }

    func testARecoveryThatLostDrawingsSaysSoAndComesBackUntitled() throws {
        let box = try SessionSandbox()
        let path = box.root + "/docs/d.scrawl"
        try box.makeDocument(path, count: 1)
        // A session of that file in which an older build recorded a drawing it could not encode
        // as an empty path.
        let journal = try Journal(directory: box.environment.stateDirectory, canvas: CanvasSpec(width: 300, height: 200),
                                  drawables: [stroke(1)], documentPath: path)
        var list = DisplayList(drawables: [stroke(1)])
        list.add(.path(PathDrawable(path: Path(), stroke: nil, fill: nil, style: StrokeOptions())))
        journal.sync(with: list)
        journal.close()

        let s = try box.start()
        XCTAssertNil(s.documentPath, "neither ctrl+s nor the quit writes the emptied drawing over the file")
        let notices = s.takeNotices()
        XCTAssertTrue(notices.contains(.recoveredAsUntitled(path: path, reason: "could not be recovered whole (1 stroke or image lost)")),
                      "\(notices)")
        let recovered = try XCTUnwrap(notices.first { if case .recovered = $0 { return true } else { return false } })
        XCTAssertEqual(recovered, .recovered(count: DrawingCount(strokes: 1), document: nil, detail: "(1 stroke or image had been recorded empty and could not be recovered)"))
        XCTAssertEqual(recovered.toast(box.environment)?.isError, true, "the loss stays on screen")
        XCTAssertTrue(s.quit())
        XCTAssertEqual(try box.drawables(path), 1)
    }
}
