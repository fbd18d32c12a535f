import Foundation
import XCTest
@testable import ScrawlCore
@testable import ScrawlStorage

/// A small document cannot make the reader allocate without bound: only the images drawables
/// use are decoded, and their decoded pixels together are limited (`Document.maxImagePixels`),
/// checked from the PNG header before decoding. Writing refuses what reading would refuse.
final class DocumentImageBudgetTests: XCTestCase {
    private func base64(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }

    /// The first bytes of a PNG whose header says `width` x `height` (the rest is missing).
    private func pngHeader(_ width: UInt32, _ height: UInt32) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + Array("IHDR".utf8) + be(width) + be(height)
            + [8, 6, 0, 0, 0] + be(0)
    }

    private func document(images: [String], stamps: [Int]) -> [UInt8] {
        let table = images.map { #"{"png": ""# + $0 + #""}"# }.joined(separator: ", ")
        let drawables = stamps.map { #"{"type": "image", "image": \#($0), "left": 0, "top": 0, "right": 4, "bottom": 4}"# }
        return Array((#"{"format": "scrawl", "version": 1, "canvas": {"width": 10, "height": 20}, "images": ["# + table
                      + #"], "drawables": ["# + drawables.joined(separator: ", ") + "]}").utf8)
    }

    private func fake(_ w: Int, _ h: Int, seed: UInt8) throws -> String { base64(try DocTest.encode(DocTest.image(w, h, seed: seed))) }

    func testImagesNoDrawableUsesAreNotDecoded() throws {
        let images = [base64(Array("hello".utf8)), try fake(2, 2, seed: 1), base64(pngHeader(30_000, 30_000)), "not base64!"]
        // Decoding "hello", the 30000x30000 header or "not base64!" would throw.
        let body = try DocumentBody.decode(document(images: images, stamps: [1, 1]))
        XCTAssertEqual(body.images.decodedPixels, 4, "only image 1 is used, and it is decoded once")
        let doc = body.document
        guard case .stamp(let a) = doc.drawables[0], case .stamp(let b) = doc.drawables[1] else { return XCTFail("shape") }
        XCTAssertTrue(a.image === b.image)
        XCTAssertEqual(a.image.width, 2)
    }

    /// A 210-byte document whose image header claims 4294967295 x 4294967295 pixels (the fuzzer's
    /// `known-image-header-4294967295x4294967295.scrawl`) is refused; `width * height` used to trap.
    func testAHeaderOfMaximalSidesIsRefusedNotATrap() {
        let bytes = document(images: [base64(Array(pngHeader(.max, .max).prefix(33)))], stamps: [0])
        XCTAssertThrowsError(try Document.decode(bytes)) { error in
            let message = (error as? DocumentError)?.message(file: "d.scrawl") ?? "\(error)"
            XCTAssertTrue(message.hasPrefix("d.scrawl: images[0].png: the 4294967295x4294967295 image is too large"), message)
        }
        // With no budget (journal snapshots) libpng's reader refuses it by its sides.
        XCTAssertThrowsError(try DocumentBody.decode(bytes, pixelBudget: nil))
        XCTAssertThrowsError(try PNGCodec.decode(Array(pngHeader(.max, .max))))
        // The sum of the images' pixels is overflow-checked too.
        let two = document(images: [base64(pngHeader(1 << 31, 1 << 31)), base64(pngHeader(1 << 31, 1 << 31))], stamps: [0, 1])
        XCTAssertThrowsError(try Document.decode(two))
    }

    /// An image whose header alone is over the budget is refused before it is decoded.
    func testAnImageOverTheBudgetIsRefusedFromItsHeader() {
        let bytes = document(images: [try! fake(1, 1, seed: 0), base64(pngHeader(9000, 9000))], stamps: [0, 1])
        // Decoding the 9000x9000 header would fail in libpng (truncated), with another message.
        XCTAssertThrowsError(try Document.decode(bytes)) { error in
            XCTAssertEqual((error as? DocumentError)?.message(file: "d.scrawl"),
                           "d.scrawl: images[1].png: with this 9000x9000 image the document's images come to 81000001 pixels; "
                           + "at most 67108864 (256 MiB as RGBA) are allowed")
        }
    }

    /// The budget is for all the used images together; an image used twice counts once.
    func testTheBudgetCoversAllImagesTogether() throws {
        let images = [try fake(6, 6, seed: 1), try fake(6, 6, seed: 2), try fake(6, 6, seed: 3)]
        let fits = try DocumentBody.decode(document(images: images, stamps: [0, 1, 0, 1]), pixelBudget: 72)
        XCTAssertEqual(fits.drawables.count, 4)
        XCTAssertEqual(fits.images.decodedPixels, 72)
        XCTAssertThrowsError(try DocumentBody.decode(document(images: images, stamps: [0, 1, 2]),
                                                     pixelBudget: 100)) { error in
            XCTAssertEqual((error as? DocumentError)?.message(file: "d.scrawl"),
                           "d.scrawl: images[2].png: with this 6x6 image the document's images come to 108 pixels; at most 100 are allowed")
        }
        // No budget (the journal's own snapshots): everything used is decoded.
        XCTAssertEqual(try DocumentBody.decode(document(images: images, stamps: [0, 1, 2]),
                                               pixelBudget: nil).images.decodedPixels, 108)
    }

    /// Writing refuses a document whose images could not be read back (over the budget).
    func testSavingImagesOverTheBudgetIsRefused() throws {
        let side = 4096  // 16 Mi pixels: four fit the budget exactly, a fifth does not
        let pixels = [UInt8](repeating: 7, count: side * side * 4)  // shared by every image
        let stamps = (0..<5).map { i in
            Drawable.stamp(StampDrawable(image: RasterImage(width: side, height: side, pixels: pixels, pngData: [UInt8(i)]),
                                         center: Point(10, 10)))
        }
        XCTAssertNoThrow(try Document(drawables: Array(stamps.prefix(4)) + [stamps[0]]).encoded())
        XCTAssertThrowsError(try Document(drawables: stamps).encoded()) { error in
            XCTAssertEqual((error as? DocumentError)?.message(file: "d.scrawl"),
                           "d.scrawl: drawables[4].image: with this 4096x4096 image the document's images come to 83886080 pixels; "
                           + "at most 67108864 (256 MiB as RGBA) are allowed")
        }
    }
}
