import CPNG
import Foundation
@testable import ScrawlCore
@testable import ScrawlStorage
import XCTest

/// PNGs cost what their own size says: image data past the image is never inflated, and a file is
/// refused from its header and size before it is read whole.
final class PNGBoundsTests: XCTestCase {
    private func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        PNGImageData.appendChunk(type, data[...], to: &out)
        return out
    }

    /// A zlib stream of `raw` followed by `zeros` zero bytes (deflated as they come: a few kilobytes
    /// per megabyte, never held whole).
    private func stream(_ raw: [UInt8], zeros: Int) -> [UInt8] {
        var z = z_stream()
        XCTAssertEqual(deflateInit_(&z, 9, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)), Z_OK)
        defer { deflateEnd(&z) }
        var out: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 1 << 16)
        func feed(_ input: [UInt8], flush: Int32) {
            var input = input
            input.withUnsafeMutableBufferPointer { inp in
                z.next_in = inp.baseAddress
                z.avail_in = UInt32(inp.count)
                repeat {
                    let produced = buffer.withUnsafeMutableBufferPointer { o -> Int in
                        z.next_out = o.baseAddress
                        z.avail_out = UInt32(o.count)
                        _ = CPNG.deflate(&z, flush)
                        return o.count - Int(z.avail_out)
                    }
                    out += buffer[0..<produced]
                } while z.avail_out == 0 || (flush == Z_FINISH && z.avail_in > 0)
            }
        }
        feed(raw, flush: Z_NO_FLUSH)
        let mib = [UInt8](repeating: 0, count: 1 << 20)
        var left = zeros
        while left > 0 {
            feed(Array(mib.prefix(left)), flush: Z_NO_FLUSH)
            left -= min(left, mib.count)
        }
        feed([], flush: Z_FINISH)
        return out
    }

    /// A PNG of the given header whose image data is `raw`, plus `zeros` bytes past it in the same
    /// stream, in IDAT chunks of 64 KiB (a palette of 16 grays for colour type 3).
    private func png(width: Int, height: Int, depth: UInt8, colour: UInt8, interlaced: Bool,
                     zeros: Int = 0) -> (png: [UInt8], rawSize: Int) {
        func be(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xff), UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)] }
        let ihdr = chunk("IHDR", be(width) + be(height) + [depth, colour, 0, 0, interlaced ? 1 : 0])
        let header = PNGImageHeader(PNGCodec.signature + ihdr)!
        let rawSize = header.rawDataSize!
        // Every byte is 0...4, so every row's filter byte is valid, whatever the layout.
        let raw = (0..<rawSize).map { (i: Int) -> UInt8 in UInt8((i * 7 + i / 13) % 5) }
        let z = stream(raw, zeros: zeros)
        var out = PNGCodec.signature + ihdr
        if colour == 3 {
            let palette = (0..<16).flatMap { (k: Int) -> [UInt8] in [UInt8(k * 17), UInt8(k * 9), UInt8(255 - k * 17)] }
            out += chunk("PLTE", palette)
        }
        for at in stride(from: 0, to: z.count, by: 1 << 16) { out += chunk("IDAT", Array(z[at..<min(z.count, at + (1 << 16))])) }
        return (out + chunk("IEND", []), rawSize)
    }

    /// What libpng is given to inflate: the bytes the image data of `png` inflates to.
    private func inflatedSize(_ png: [UInt8]) -> Int {
        guard let run = PNGImageData.idatRun(png) else { return 0 }
        var total = 0
        _ = PNGImageData.inflate(png, run.data) { total += $0.count; return true }
        return total
    }

    /// A 16x16 image whose zlib stream goes on with 64 MiB of compressed zeros (64 KiB of file)
    /// decodes to the image, and libpng is handed a stream of just the image's bytes (its
    /// `pngData`, which a document then saves): the zeros are never inflated by it.
    func testImageDataPastTheImageIsNotInflated() throws {
        let clean = png(width: 16, height: 16, depth: 8, colour: 6, interlaced: false)
        let bomb = png(width: 16, height: 16, depth: 8, colour: 6, interlaced: false, zeros: 64 << 20)
        XCTAssertGreaterThan(bomb.png.count, 60_000)
        XCTAssertEqual(inflatedSize(bomb.png), bomb.rawSize + 64 << 20)
        let image = try PNGCodec.decode(bomb.png)
        XCTAssertEqual(image.width, 16)
        XCTAssertEqual(image.pixels, try PNGCodec.decode(clean.png).pixels)
        let handed = try XCTUnwrap(image.pngData)
        XCTAssertLessThan(handed.count, 4096, "the data past the image is gone")
        XCTAssertEqual(inflatedSize(handed), bomb.rawSize, "libpng inflates the image's own bytes")
        XCTAssertEqual(try PNGCodec.decode(clean.png).pngData, clean.png, "a PNG without extra data is kept as it is")
    }

    /// A document whose stamp is such an image (its PNG 64 KiB for 16x16 pixels) reads the image,
    /// and saves it without the data past it.
    func testADocumentSavesItsImagesWithoutTheDataPastThem() throws {
        let bomb = png(width: 16, height: 16, depth: 8, colour: 6, interlaced: false, zeros: 64 << 20)
        let json = #"{"format": "scrawl", "version": 1, "canvas": {"width": 40, "height": 40}, "images": [{"png": ""#
            + Data(bomb.png).base64EncodedString()
            + #""}], "drawables": [{"type": "image", "image": 0, "left": 2, "top": 2, "right": 18, "bottom": 18}]}"#
        let doc = try Document.decode(Array(json.utf8))
        guard case .stamp(let stamp) = doc.drawables.first else { return XCTFail("\(doc.drawables)") }
        XCTAssertEqual(inflatedSize(try XCTUnwrap(stamp.image.pngData)), bomb.rawSize)
        XCTAssertLessThan(try doc.encoded().count, 8192, "saved without the 64 MiB of zeros")
    }

    /// Every kind of image (grey 1-bit, palette 4-bit, grey and alpha 16-bit, RGB interlaced,
    /// odd sides) with data past it decodes to the pixels of the same image without.
    func testImagesOfEveryKindWithDataPastThemDecodeAsWithout() throws {
        let kinds: [(Int, Int, UInt8, UInt8, Bool)] = [
            (17, 9, 1, 0, false), (13, 11, 4, 3, false), (9, 5, 16, 4, false), (23, 19, 8, 2, true),
            (3, 2, 2, 0, true), (1, 1, 8, 6, true), (40, 3, 16, 6, true),
        ]
        for (w, h, depth, colour, interlaced) in kinds {
            let label = "\(w)x\(h) depth \(depth) colour \(colour)\(interlaced ? " interlaced" : "")"
            let clean = png(width: w, height: h, depth: depth, colour: colour, interlaced: interlaced)
            let padded = png(width: w, height: h, depth: depth, colour: colour, interlaced: interlaced, zeros: 1 << 20)
            let expected = try PNGCodec.decode(clean.png)
            let image = try PNGCodec.decode(padded.png)
            XCTAssertEqual(image.pixels, expected.pixels, label)
            XCTAssertEqual(inflatedSize(try XCTUnwrap(image.pngData)), clean.rawSize, label)
        }
    }

    /// A sparse 1 GiB file whose header says 50000x50000 is refused as too large, and one whose
    /// header is a fine 16x16 as a file too large to read, both from the first bytes: no decoding.
    func testHugeFilesAreRefusedFromTheirHeaderAndSize() throws {
        let folder = NSTemporaryDirectory() + "scrawl-png-bounds-\(ProcessInfo.processInfo.processIdentifier)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func sparse(_ name: String, side: Int) throws -> String {
            let path = folder + "/" + name
            let header = png(width: 1, height: 1, depth: 8, colour: 6, interlaced: false).png.prefix(33)
            var bytes = Array(header)
            bytes.replaceSubrange(16..<24, with: [0, 0, UInt8(side >> 8), UInt8(side & 0xff), 0, 0, UInt8(side >> 8), UInt8(side & 0xff)])
            bytes.replaceSubrange(29..<33, with: chunk("IHDR", Array(bytes[16..<29])).suffix(4))
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
            XCTAssertEqual(truncate(path, 1 << 30), 0)
            return path
        }
        let huge = try sparse("huge.png", side: 50000)
        XCTAssertThrowsError(try PNGCodec.read(path: huge)) { error in
            XCTAssertEqual(error as? PNGError, .tooLarge(name: huge, width: 50000, height: 50000, maxSide: 32768, maxPixels: 64 << 20))
        }
        let big = try sparse("big.png", side: 16)
        XCTAssertThrowsError(try PNGCodec.read(path: big)) { error in
            XCTAssertEqual(error as? PNGError, .unreadable(path: big, reason: "the file is 1024 MiB; at most 192 MiB are read"))
        }
    }
}
