import Foundation
import XCTest
@testable import ScrawlCore
@testable import ScrawlStorage

/// Every kind of file Scrawl writes (documents, PNG and SVG exports) goes through `AtomicFile`: a
/// failure injected between the write and the rename leaves the old file intact and no temporary
/// file behind.
final class AtomicWriteTests: XCTestCase {
    private var folder = ""
    private let canvas = CanvasSpec(width: 100, height: 80)

    override func setUp() { folder = DocTest.makeTempFolder("scrawl-atomic") }
    override func tearDown() {
        StorageFaults.clear()
        DocTest.remove(folder)
    }

    private func document(_ n: Int) -> Document {
        Document(canvas: canvas, drawables: (0..<n).map { DocTest.path([.move(Point(Double($0), 1)), .line(Point(30, 40))]) })
    }

    /// Writes the first version with `write(0)`, then fails `write(1)`'s rename; checks the old
    /// bytes are there and nothing else is.
    private func check(_ name: String, write: (Int, String) throws -> Void, file: StaticString = #filePath, line: UInt = #line) throws {
        let path = folder + "/" + name
        try write(0, path)
        let old = try XCTUnwrap(DocTest.read(path), file: file, line: line)
        StorageFaults.inject(.rename, EIO, times: 1)  // after the temporary file is written and flushed
        XCTAssertThrowsError(try write(1, path), file: file, line: line) { error in
            XCTAssertTrue("\(error)".contains(PosixIO.reason(EIO)), "\(error)", file: file, line: line)
        }
        StorageFaults.clear()
        XCTAssertEqual(DocTest.read(path), old, "\(name): the old file is intact", file: file, line: line)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [name], "no temporary file", file: file, line: line)
        try write(1, path)
        XCTAssertNotEqual(DocTest.read(path), old, "\(name): written once the fault is gone", file: file, line: line)
    }

    func testDocumentSave() throws {
        try check("d.scrawl") { n, path in try DocumentStore.standard.save(document(n + 1).drawables, canvas: canvas, to: path) }
    }

    func testPNGExport() throws {
        try check("x.png") { n, path in
            try PNGCodec.write(rgba: [UInt8(n), 2, 3, 255, 4, 5, 6, 255], width: 2, height: 1, to: path)
        }
    }

    func testSVGExport() throws {
        try check("x.svg") { n, path in try SVGExporter.write(document(n + 1), to: path) }
    }
}
