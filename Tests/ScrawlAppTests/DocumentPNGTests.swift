import Foundation
import ScrawlCore
import ScrawlGL
import ScrawlStorage
import XCTest

/// Documents and the journal with real PNG coding (ScrawlStorage's `PNGCodec`), no window.
final class DocumentPNGTests: XCTestCase {
    private var folder = ""

    override func setUp() {
        folder = NSTemporaryDirectory() + "scrawl-docpng-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    private func image(_ w: Int, _ h: Int, seed: Int) -> RasterImage {
        RasterImage(width: w, height: h, pixels: (0..<(w * h * 4)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ seed) })
    }

    /// Stamps survive a save and an open with libpng decoding each embedded image (from a
    /// buffer libpng reads through from `begin_read` to `finish_read`).
    func testStampsRoundTripThroughPNG() throws {
        let a = image(7, 5, seed: 1), b = image(3, 9, seed: 2)
        let drawables: [Drawable] = [
            .stamp(StampDrawable(image: a, center: Point(10, 10))),
            .stamp(StampDrawable(image: b, center: Point(30, 12), opacity: 0.5)),
            .stamp(StampDrawable(image: a, center: Point(50, 10))),
        ]
        let path = folder + "/a.scrawl"
        try DocumentStore.standard.save(drawables, canvas: CanvasSpec(width: 64, height: 32), to: path)
        let back = try DocumentStore.standard.open(path)
        XCTAssertEqual(back.drawables.count, 3)
        for (d, original) in zip(back.drawables, [a, b, a]) {
            guard case .stamp(let s) = d else { return XCTFail("not a stamp") }
            XCTAssertEqual(s.image.width, original.width)
            XCTAssertEqual(s.image.pixels, original.pixels)
        }
        for _ in 0..<50 {
            let png = try PNGCodec.encode(rgba: b.pixels, width: b.width, height: b.height)
            XCTAssertEqual(try PNGCodec.decode(Array(png)).pixels, b.pixels)
        }
    }

    /// A PNG whose header alone takes the document's images over `Document.maxImagePixels` is
    /// refused before libpng is asked to decode it.
    func testImagesOverTheBudgetAreRefusedFromThePNGHeader() throws {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
        let header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + Array("IHDR".utf8) + be(8192) + be(8192)
            + [8, 6, 0, 0, 0] + be(0)
        let small = try PNGCodec.encode(image(2, 2, seed: 3))
        let text = #"{"format": "scrawl", "version": 1, "canvas": {"width": 10, "height": 10}, "images": [{"png": ""#
            + Data(small).base64EncodedString() + #""}, {"png": ""# + Data(header).base64EncodedString() + #""}], "drawables": ["#
            + #"{"type": "image", "image": 0, "left": 0, "top": 0, "right": 2, "bottom": 2}, "#
            + #"{"type": "image", "image": 1, "left": 0, "top": 0, "right": 2, "bottom": 2}]}"#
        let path = folder + "/big.scrawl"
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        XCTAssertThrowsError(try DocumentStore.standard.open(path)) { error in
            XCTAssertEqual((error as? DocumentError)?.message(file: "big.scrawl"),
                           "big.scrawl: images[1].png: with this 8192x8192 image the document's images come to 67108868 pixels; "
                           + "at most 67108864 (256 MiB as RGBA) are allowed")
        }
    }

    /// The window's journal after a recovery: started from the recovered display list, undo into
    /// its history is appended as a record, and recovering again gives the same history.
    func testJournalFromARecoveredDisplayList() throws {
        let stamp = Drawable.stamp(StampDrawable(image: image(4, 4, seed: 5), center: Point(8, 8)))
        let line = Drawable.path(PathDrawable(path: Path(elements: [.move(Point(1, 1)), .line(Point(9, 3))]),
                                              stroke: .black, fill: nil, style: StrokeOptions()))
        let canvas = CanvasSpec(width: 100, height: 80)
        var list = DisplayList()
        list.add(stamp)
        list.add(line)
        list.undo()
        let crashed = try Journal(directory: folder, canvas: canvas, displayList: list)
        crashed.close()
        let session = try XCTUnwrap(Journal.recover(directory: folder))
        var recovered = session.displayList
        XCTAssertEqual(recovered.count, 1)
        XCTAssertTrue(recovered.canRedo)

        let journal = try Journal(directory: folder, canvas: session.canvas, displayList: recovered)
        session.discard()
        recovered.redo()
        journal.sync(with: recovered)
        recovered.undo()
        recovered.undo()
        journal.sync(with: recovered)
        journal.waitForBackgroundWork()
        XCTAssertNil(journal.lastError)
        let files = try FileManager.default.contentsOfDirectory(atPath: journal.sessionDirectory).sorted()
        XCTAssertEqual(files.filter { !$0.hasPrefix("image-") }, ["journal-0.log", "lock", "snapshot-0.scrawl"])
        XCTAssertEqual(files.filter { $0.hasPrefix("image-") }.count, 1, "the stamp is stored once, as its own file: \(files)")
        journal.close()
        var again = try XCTUnwrap(Journal.recover(directory: folder)).displayList
        XCTAssertEqual(again.count, 0)
        XCTAssertTrue(again.redo())
        guard case .stamp(let s) = try XCTUnwrap(again.drawables.first) else { return XCTFail("not a stamp") }
        XCTAssertEqual(s.image.pixels, image(4, 4, seed: 5).pixels)
        XCTAssertTrue(again.redo())
        XCTAssertEqual(again.count, 2)
        XCTAssertFalse(again.redo())
    }
}
