import Foundation
import XCTest
@testable import ScrawlCore
@testable import ScrawlStorage

/// Images are journaled once by content (`image-<hash>-<length>.png` in the session folder), so
/// journals and snapshots stay small whatever the images weigh, and a lost image file costs only
/// the drawables that use it.
final class JournalImageFileTests: XCTestCase {
    private var folder = ""
    private let canvas = CanvasSpec(width: 200, height: 100)

    override func setUp() { folder = DocTest.makeTempFolder("scrawl-images") }
    override func tearDown() {
        StorageFaults.clear()
        DocTest.remove(folder)
    }

    /// An image whose PNG is about `4 * side * side` bytes (noise does not compress).
    private func noise(_ side: Int, seed: UInt64) -> RasterImage {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        let pixels = (0..<(side * side * 4)).map { _ -> UInt8 in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(truncatingIfNeeded: state)
        }
        return RasterImage(width: side, height: side, pixels: pixels)
    }

    private func stroke(_ i: Int) -> Drawable { DocTest.path([.move(Point(1, Double(i))), .line(Point(50, Double(i)))]) }

    private func stamp(_ image: RasterImage, _ i: Int) -> Drawable {
        .stamp(StampDrawable(image: image, center: Point(Double(i), 20)))
    }

    private func files(_ session: String, prefix: String) -> [String] {
        (PosixIO.list(session) ?? []).filter { $0.hasPrefix(prefix) }.sorted()
    }

    private func size(_ path: String) -> Int { DocTest.read(path)?.count ?? -1 }

    /// One image used by many drawables over several generations (the same object and an equal
    /// copy) is written once; no journal or snapshot embeds it.
    func testAnImageUsedByManyDrawablesIsWrittenOnce() throws {
        let image = noise(100, seed: 1)
        let copy = RasterImage(width: image.width, height: image.height, pixels: image.pixels)
        let png = try DocTest.encode(image)
        let journal = try Journal(directory: folder, canvas: canvas, compactAfter: 4)
        var expected: [Drawable] = []
        for i in 0..<30 {
            let d = i % 3 == 0 ? stroke(i) : stamp(i % 2 == 0 ? image : copy, i)
            journal.record(.add(d))
            expected.append(d)
        }
        journal.waitForBackgroundWork()
        XCTAssertNil(journal.lastError)
        let session = journal.sessionDirectory
        let images = files(session, prefix: "image-")
        XCTAssertEqual(images, [JournalImageFile(png: png).name])
        XCTAssertEqual(size(PosixIO.join(session, images[0])), png.count)
        let others = files(session, prefix: "journal-") + files(session, prefix: "snapshot-")
        XCTAssertTrue(others.contains { $0.hasPrefix("snapshot-") }, "it rotated: \(others)")
        for name in others { XCTAssertLessThan(size(PosixIO.join(session, name)), png.count / 2, name) }
        journal.close()
        let recovered = try XCTUnwrap(Journal.recover(directory: folder))
        DocTest.assertSame(recovered.drawables, expected)
        XCTAssertFalse(recovered.foundTornRecord)
        XCTAssertEqual(recovered.imageProblems, [])
        recovered.discard()
        XCTAssertFalse(PosixIO.exists(session), "discarding removes the image files with the session")
    }

    /// A session whose image would have taken its journal and snapshots past the read limit (here
    /// lowered to 8 KB; the PNG is ~40 KB) is recovered, snapshots included.
    func testAnImageLargerThanTheReadLimitIsRecovered() throws {
        let image = noise(100, seed: 2)
        XCTAssertGreaterThan(try DocTest.encode(image).count, 32_000)
        let journal = try Journal(directory: folder, canvas: canvas, compactAfter: 3)
        journal.snapshotLimit = 8_000
        var expected: [Drawable] = [stamp(image, 0)]
        journal.record(.add(expected[0]))
        for i in 1..<10 {
            expected.append(stroke(i))
            journal.record(.add(expected[i]))
        }
        journal.record(.undo)
        expected.removeLast()
        journal.waitForBackgroundWork()
        XCTAssertNil(journal.lastError)
        XCTAssertFalse(files(journal.sessionDirectory, prefix: "snapshot-").isEmpty)
        journal.close()
        let result = Journal.recoverReporting(directory: folder, fileLimit: 8_000)
        XCTAssertEqual(result.unreadable, [])
        let recovered = try XCTUnwrap(result.session)
        DocTest.assertSame(recovered.drawables, expected)
        XCTAssertTrue(recovered.displayList.canRedo, "the history came back too")
        recovered.discard()
    }

    /// Sessions of the previous format (images as base64 in records and snapshots) still recover.
    func testVersion1ImagesStillRecover() throws {
        let png = DocTest.onePixelBase64
        let stampJSON = #"{"type": "image", "image": 0, "left": 1, "top": 2, "right": 2, "bottom": 3}"#
        let secondJSON = stampJSON.replacingOccurrences(of: #""image": 0"#, with: #""image": 1"#)
        let session = PosixIO.join(folder, "session-1-v1")
        XCTAssertNil(PosixIO.makeFolders(session))
        let snapshot = #"{"format": "scrawl", "version": 1, "canvas": {"width": 100, "height": 80}, "images": [{"png": "\#(png)"}], "#
            + #""drawables": [\#(stampJSON)], "history": {"undo": [["add", 0]], "redo": [], "extra": []}}"#
        DocTest.write(Array(snapshot.utf8), to: PosixIO.join(session, "snapshot-1.scrawl"))
        DocTest.write(JournalCraftedSessionTests.journal(generation: 1, ops: [
            #"{"op": "add", "drawable": \#(stampJSON)}"#, #"{"op": "image", "id": 1, "png": "\#(png)"}"#,
            #"{"op": "add", "drawable": \#(secondJSON)}"#]),
                      to: PosixIO.join(session, "journal-1.log"))
        let recovered = try XCTUnwrap(Journal.recover(directory: folder))
        XCTAssertEqual(recovered.drawables.count, 3)
        for d in recovered.drawables {
            guard case .stamp(let s) = d else { return XCTFail("\(d)") }
            XCTAssertEqual(s.image.pixels, [1, 2, 3, 4])
        }
        XCTAssertFalse(recovered.foundTornRecord)
        recovered.discard()
    }

    /// Writes a session with a stamp in its snapshot and another in its journal, then lets
    /// `damage` loose on the image files; returns the drawables written.
    private func sessionWithStamps(damage: (String, String) -> Void) throws -> [Drawable] {
        let journal = try Journal(directory: folder, canvas: canvas, compactAfter: 3)
        let first = noise(8, seed: 3), second = noise(9, seed: 4)
        let drawables = [stroke(0), stamp(first, 1), stroke(2), stamp(first, 3), stamp(second, 4), stroke(5)]
        for d in drawables { journal.record(.add(d)) }
        journal.waitForBackgroundWork()
        XCTAssertNil(journal.lastError)
        journal.close()
        damage(journal.sessionDirectory, JournalImageFile(png: try DocTest.encode(first)).name)
        return drawables
    }

    private func assertRecoveredWithoutFirstImage(_ drawables: [Drawable], problem: String) throws {
        let recovered = try XCTUnwrap(Journal.recover(directory: folder))
        XCTAssertEqual(recovered.drawables.count, drawables.count)
        XCTAssertTrue(recovered.foundTornRecord)
        XCTAssertEqual(recovered.imageProblems.count, 1, "\(recovered.imageProblems)")
        XCTAssertTrue(recovered.imageProblems.first?.contains(problem) ?? false, "\(recovered.imageProblems)")
        for i in [0, 2, 4, 5] { DocTest.assertSame([recovered.drawables[i]], [drawables[i]], "drawable \(i)") }
        for i in [1, 3] {
            guard case .path(let p) = recovered.drawables[i] else { return XCTFail("drawable \(i): \(recovered.drawables[i])") }
            XCTAssertTrue(p.path.elements.isEmpty, "an empty path stands in for drawable \(i)")
        }
        recovered.discard()
    }

    /// A missing image file fails only the drawables using it; the problem is reported.
    func testAMissingImageFileCostsOnlyItsDrawables() throws {
        let drawables = try sessionWithStamps { session, name in
            XCTAssertEqual(unlink(PosixIO.join(session, name)), 0)
        }
        try assertRecoveredWithoutFirstImage(drawables, problem: "cannot be read")
    }

    /// A damaged image file (same length, other bytes) is recognised by its hash.
    func testADamagedImageFileIsRecognised() throws {
        let drawables = try sessionWithStamps { session, name in
            let path = PosixIO.join(session, name)
            var bytes = DocTest.read(path) ?? []
            bytes[bytes.count / 2] ^= 0xFF
            DocTest.write(bytes, to: path)
        }
        try assertRecoveredWithoutFirstImage(drawables, problem: "damaged")
    }

    /// A kill while an image file was being written leaves its temporary file and no record naming
    /// it: everything before is recovered, and discarding removes the leftover too.
    func testATornImageTemporaryFileIsIgnored() throws {
        let journal = try Journal(directory: folder, canvas: canvas)
        let drawables = (0..<3).map(stroke)
        for d in drawables { journal.record(.add(d)) }
        journal.close()
        let name = JournalImageFile(png: try DocTest.encode(noise(8, seed: 5))).name
        let temp = PosixIO.join(journal.sessionDirectory, ".\(name).tmp-1-0123abcd")
        DocTest.write(Array((try DocTest.encode(noise(8, seed: 5))).prefix(40)), to: temp)
        let recovered = try XCTUnwrap(Journal.recover(directory: folder))
        DocTest.assertSame(recovered.drawables, drawables)
        XCTAssertFalse(recovered.foundTornRecord)
        recovered.discard()
        XCTAssertFalse(PosixIO.exists(journal.sessionDirectory))
    }

    /// An image file that cannot be written (a full disk) is reported and written by the next
    /// snapshot once the disk has room; the stamp is never named before its file exists.
    func testAnImageFileThatCannotBeWrittenIsWrittenLater() throws {
        let journal = try Journal(directory: folder, canvas: canvas)
        let image = noise(8, seed: 6)
        journal.record(.add(stroke(0)))
        StorageFaults.inject(.open, ENOSPC, path: "image-")
        journal.record(.add(stamp(image, 1)))
        XCTAssertNotNil(journal.lastError)
        journal.waitForBackgroundWork()
        StorageFaults.clear()
        journal.record(.add(stroke(2)))
        journal.waitForBackgroundWork()
        XCTAssertNil(journal.lastError)
        XCTAssertEqual(files(journal.sessionDirectory, prefix: "image-").count, 1)
        journal.close()
        let recovered = try XCTUnwrap(Journal.recover(directory: folder))
        DocTest.assertSame(recovered.drawables, [stroke(0), stamp(image, 1), stroke(2)])
        XCTAssertEqual(recovered.imageProblems, [])
        recovered.discard()
    }

    /// Clean exit removes the image files with the session.
    func testACleanExitRemovesTheImageFiles() throws {
        let journal = try Journal(directory: folder, canvas: canvas)
        journal.record(.add(stamp(noise(8, seed: 7), 0)))
        XCTAssertEqual(files(journal.sessionDirectory, prefix: "image-").count, 1)
        journal.markCleanExit()
        XCTAssertFalse(PosixIO.exists(journal.sessionDirectory))
        XCTAssertNil(Journal.recover(directory: folder))
    }

    /// Names are exactly `image-<16 hex>-<digits>.png`: nothing else (no paths) is read.
    func testImageFileNames() {
        let file = JournalImageFile(png: [1, 2, 3])
        XCTAssertEqual(JournalImageFile(name: file.name), file)
        XCTAssertEqual(file.name.count, "image-0123456789abcdef-3.png".count)
        for bad in ["image-../../etc/passwd-1.png", "image-0123456789ABCDEF-3.png", "image-0123456789abcdef-.png",
                    "image-0123456789abcdef-3.png.tmp", "x/image-0123456789abcdef-3.png", "image-0123456789abcde-3.png"] {
            XCTAssertNil(JournalImageFile(name: bad), bad)
        }
    }
}
