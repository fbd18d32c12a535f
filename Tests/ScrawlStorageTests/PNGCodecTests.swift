import Foundation
@testable import ScrawlCore
@testable import ScrawlStorage
import XCTest

final class PNGCodecTests: XCTestCase {
    private func temporaryPath(_ name: String) -> String {
        NSTemporaryDirectory() + "scrawl-gl-\(ProcessInfo.processInfo.processIdentifier)-\(name)"
    }

    func testEncodeDecodeRoundTrip() throws {
        let width = 5, height = 3
        let rgba = (0..<width * height * 4).map { UInt8(($0 * 37) & 0xff) }
        let png = try PNGCodec.encode(rgba: rgba, width: width, height: height)
        XCTAssertEqual(Array(png.prefix(8)), PNGCodec.signature)
        let image = try PNGCodec.decode(png)
        XCTAssertEqual(image.width, width)
        XCTAssertEqual(image.height, height)
        XCTAssertEqual(image.pixels, rgba)
        XCTAssertEqual(image.pngData, png)
    }

    func testIncompressibleImageRoundTrip() throws {
        var rng = SystemRandomNumberGenerator()
        let rgba = (0..<301 * 199 * 4).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let png = try PNGCodec.encode(rgba: rgba, width: 301, height: 199)
        XCTAssertGreaterThan(png.count, rgba.count, "random data does not compress")
        XCTAssertEqual(try PNGCodec.decode(png).pixels, rgba)
    }

    func testWriteAndReadFile() throws {
        let path = temporaryPath("roundtrip.png")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let rgba: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 0, 0, 1, 2, 3, 4]
        try PNGCodec.write(rgba: rgba, width: 2, height: 2, to: path)
        let image = try PNGCodec.read(path: path)
        XCTAssertEqual(image.pixels, rgba)
        XCTAssertEqual(image.width, 2)
    }

    func testMissingFile() {
        let path = temporaryPath("does-not-exist.png")
        XCTAssertThrowsError(try PNGCodec.read(path: path)) { error in
            XCTAssertEqual(error as? PNGError, .missing(path: path))
            XCTAssertTrue("\(error)".contains(path))
        }
    }

    func testGarbageBytesAreNotAPNG() throws {
        let path = temporaryPath("garbage.png")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("this is not an image at all".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try PNGCodec.read(path: path)) { error in
            XCTAssertEqual(error as? PNGError, .notPNG(name: path))
            XCTAssertTrue("\(error)".contains(path))
        }
        XCTAssertThrowsError(try PNGCodec.decode([])) { XCTAssertEqual($0 as? PNGError, .notPNG(name: "<memory>")) }
    }

    func testTruncatedPNGIsCorrupt() throws {
        let png = try PNGCodec.encode(rgba: [UInt8](repeating: 7, count: 64 * 64 * 4), width: 64, height: 64)
        XCTAssertThrowsError(try PNGCodec.decode(Array(png.prefix(png.count / 2)))) { error in
            guard case let PNGError.corrupt(name, reason) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(name, "<memory>")
            XCTAssertFalse(reason.isEmpty)
        }
        XCTAssertThrowsError(try PNGCodec.decode(PNGCodec.signature + [0, 0, 0, 13, 1, 2, 3])) { error in
            guard case PNGError.corrupt = error else { return XCTFail("\(error)") }
        }
    }

    func testHugeDimensionsAreTooLarge() {
        XCTAssertThrowsError(try PNGCodec.decode(PNGHeader.bytes(width: 40_000, height: 40_000))) { error in
            guard case let PNGError.tooLarge(_, width, height, _, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(width, 40_000)
            XCTAssertEqual(height, 40_000)
        }
    }

    func testEncodeRejectsMismatchedPixels() {
        XCTAssertThrowsError(try PNGCodec.encode(rgba: [1, 2, 3], width: 1, height: 1)) { error in
            XCTAssertEqual(error as? PNGError, .invalidPixels(width: 1, height: 1, byteCount: 3))
        }
    }

    func testWriteToMissingDirectoryNamesThePath() {
        let path = temporaryPath("no-such-dir/out.png")
        XCTAssertThrowsError(try PNGCodec.write(rgba: [0, 0, 0, 255], width: 1, height: 1, to: path)) { error in
            guard case PNGError.writeFailed(path, _) = error else { return XCTFail("\(error)") }
        }
    }
}

/// A PNG signature, a valid IHDR of any size and an empty IDAT: enough for libpng to read the header.
enum PNGHeader {
    static func bytes(width: UInt32, height: UInt32) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)] }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return be(UInt32(data.count)) + body + be(crc32(body))
        }
        let ihdr = be(width) + be(height) + [8, 6, 0, 0, 0]
        return PNGCodec.signature + chunk("IHDR", ihdr) + chunk("IDAT", [])
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xffff_ffff
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xedb8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
