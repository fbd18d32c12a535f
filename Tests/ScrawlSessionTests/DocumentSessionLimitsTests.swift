import Foundation
import XCTest
import ScrawlCore
import ScrawlSession
import ScrawlStorage

/// Documents at the edges of what the format allows stay editable, saveable and recoverable: ids
/// up to 2^53, drawings at the canvas limit; and a recovery that lost drawings says so and never
/// saves them over their file.
final class DocumentSessionLimitsTests: XCTestCase {
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
        XCTAssertTrue(notices.contains(.recoveredAsUntitled(path: path, reason: "could not be recovered whole (1 drawing lost)")),
                      "\(notices)")
        let recovered = try XCTUnwrap(notices.first { if case .recovered = $0 { return true } else { return false } })
        XCTAssertEqual(recovered, .recovered(count: 1, document: nil, detail: "(1 drawing had been recorded empty and could not be recovered)"))
        XCTAssertEqual(recovered.toast(box.environment)?.isError, true, "the loss stays on screen")
        XCTAssertTrue(s.quit())
        XCTAssertEqual(try box.drawables(path), 1)
    }
}
