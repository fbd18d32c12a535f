import Foundation
import XCTest
@testable import ScrawlCore
@testable import ScrawlStorage

/// Every class of broken document is refused with a one-line `DocumentError`, never a crash and
/// never half a drawing.
final class DocumentErrorTests: XCTestCase {
    /// The message for `text`, or a failure when it decodes.
    private func message(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        message(bytes: Array(text.utf8), file: file, line: line)
    }

    private func message(bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            _ = try Document.decode(bytes)
            XCTFail("decoded", file: file, line: line)
            return ""
        } catch {
            let m = error.message(file: "d.scrawl")
            XCTAssertFalse(m.contains("\n"), "one line: \(m)", file: file, line: line)
            return m
        }
    }

    /// A valid document with `drawable` as drawables[1] (after a harmless one).
    private func with(_ drawable: String, images: String = #"[{"png": ""# + DocTest.onePixelBase64 + #""}]"#) -> String {
        #"{"format": "scrawl", "version": 1, "canvas": {"width": 10, "height": 20}, "images": "# + images
            + #", "drawables": [{"type": "path", "d": []}, "# + drawable + "]}"
    }

    private func path(_ fields: String) -> String { with(#"{"type": "path", "d": [["M", 1, 2]], "# + fields + "}") }

    func testEmptyAndNotADocument() {
        XCTAssertEqual(message(""), "d.scrawl: the document is empty")
        XCTAssertEqual(message(" \n "), "d.scrawl: the document is empty")
        XCTAssertEqual(message("[1, 2]"), "d.scrawl: not a Scrawl document: the top level is an array, not an object")
        XCTAssertEqual(message(#"{"version": 1, "events": []}"#), #"d.scrawl: not a Scrawl document: no "format": "scrawl" member"#)
        XCTAssertEqual(message(#"{"format": "svg"}"#), #"d.scrawl: not a Scrawl document: "format" is "svg", not "scrawl""#)
    }

    func testInvalidJSONNamesLineAndColumn() {
        XCTAssertEqual(message("{\"format\": \"scrawl\",\n \"version\": 1\n \"canvas\": {}}"),
                       "d.scrawl: line 3, column 2: invalid JSON: expected ',' or '}'")
        XCTAssertEqual(message("{\"format\": \"scrawl\", \"version\": 1, \"drawables\": [\n"),
                       "d.scrawl: line 2, column 1: the document is truncated: unexpected end of input")
        XCTAssertEqual(message(#"{"format": "scrawl", "format": "scrawl"}"#),
                       #"d.scrawl: line 1, column 22: invalid JSON: duplicate key "format""#)
    }

    func testVersions() {
        XCTAssertEqual(message(#"{"format": "scrawl", "version": 4, "future": "shape"}"#),
                       "d.scrawl: the document is version 4, written by a newer Scrawl; this build reads version 3 "
                       + "(update Scrawl to open it)")
        XCTAssertEqual(message(#"{"format": "scrawl", "version": 0}"#),
                       "d.scrawl: unsupported document version 0 (this build reads version 3)")
        XCTAssertEqual(message(#"{"format": "scrawl", "version": 1.5}"#),
                       "d.scrawl: unsupported document version 1.5 (this build reads version 3)")
        XCTAssertEqual(message(#"{"format": "scrawl", "version": "1"}"#),
                       "d.scrawl: version: expected an integer, found a string")
        XCTAssertEqual(message(#"{"format": "scrawl"}"#), "d.scrawl: version: missing")
    }

    func testCanvas() {
        let start = #"{"format": "scrawl", "version": 1, "drawables": [], "canvas": "#
        XCTAssertEqual(message(#"{"format": "scrawl", "version": 1, "drawables": []}"#), "d.scrawl: canvas: missing")
        XCTAssertEqual(message(start + "[]}"), "d.scrawl: canvas: expected an object, found an array")
        XCTAssertEqual(message(start + #"{"height": 1}}"#), "d.scrawl: canvas.width: missing")
        XCTAssertEqual(message(start + #"{"width": 0, "height": 1}}"#), "d.scrawl: canvas.width: must be 0.001 to 16384 points, found 0")
        XCTAssertEqual(message(start + #"{"width": 1e999, "height": 1}}"#), "d.scrawl: canvas.width: Infinity is not a finite number")
        XCTAssertEqual(message(start + #"{"width": 1, "height": 1, "background": "white"}}"#),
                       ##"d.scrawl: canvas.background: expected a colour "#rrggbb" or "#rrggbbaa", found "white""##)
    }

    /// A canvas side from 0.001 to 16384 points; a huge or tiny one (which would make the window
    /// allocate without bound or divide by almost nothing) is refused.
    func testCanvasSideLimits() throws {
        let start = #"{"format": "scrawl", "version": 1, "drawables": [], "canvas": "#
        XCTAssertEqual(message(start + #"{"width": 1e19, "height": 1}}"#), "d.scrawl: canvas.width: must be 0.001 to 16384 points, found 1e+19")
        XCTAssertEqual(message(start + #"{"width": 1, "height": 1e-320}}"#),
                       "d.scrawl: canvas.height: must be 0.001 to 16384 points, found 1e-320")
        XCTAssertEqual(message(start + #"{"width": 16384.5, "height": 1}}"#),
                       "d.scrawl: canvas.width: must be 0.001 to 16384 points, found 16384.5")
        XCTAssertEqual(message(start + #"{"width": 1, "height": -3}}"#), "d.scrawl: canvas.height: must be 0.001 to 16384 points, found -3")
        let edge = try Document.decode(Array((start + #"{"width": 16384, "height": 0.001}}"#).utf8))
        XCTAssertEqual(edge.canvas, CanvasSpec(width: 16384, height: 0.001))
        XCTAssertThrowsError(try Document(canvas: CanvasSpec(width: 1e19, height: 5)).encoded()) { error in
            XCTAssertEqual((error as? DocumentError)?.message(file: "d"), "d: canvas.width: must be 0.001 to 16384 points, found 1e+19")
        }
    }

    /// Path coordinates and stamp edges are within ±1e6 canvas points, as replays' touches.
    func testCoordinateLimit() throws {
        func d(_ elements: String) -> String { with(#"{"type": "path", "d": [["M", 0, 0], "# + elements + "]}") }
        XCTAssertEqual(message(d(#"["L", 1000000.5, 2]"#)), "d.scrawl: drawables[1].d[1][1]: 1000000.5 is outside -1000000 to 1000000 canvas points")
        XCTAssertEqual(message(d(#"["C", 1, 2, 3, -1e300, 5, 6]"#)), "d.scrawl: drawables[1].d[1][4]: -1e+300 is outside -1000000 to 1000000 canvas points")
        XCTAssertEqual(message(with(#"{"type": "image", "image": 0, "left": -2e6, "top": 0, "right": 1, "bottom": 1}"#)),
                       "d.scrawl: drawables[1].left: -2000000 is outside -1000000 to 1000000 canvas points")
        XCTAssertEqual(message(with(#"{"type": "image", "image": 0, "left": 0, "top": 0, "right": 1, "bottom": 1e7}"#)),
                       "d.scrawl: drawables[1].bottom: 10000000 is outside -1000000 to 1000000 canvas points")
        let ok = try Document.decode(Array(d(#"["L", 1000000, -1e6]"#).utf8))
        XCTAssertEqual(ok.drawables.count, 2)
    }

    /// A stamp whose right edge is left of its left edge, or bottom above top, is refused (the
    /// renderer and SVG would draw it differently); zero width or height is fine.
    func testReversedStampRectangles() throws {
        XCTAssertEqual(message(with(#"{"type": "image", "image": 0, "left": 5, "top": 0, "right": 3, "bottom": 1}"#)),
                       "d.scrawl: drawables[1].right: must not be less than left (5), found 3")
        XCTAssertEqual(message(with(#"{"type": "image", "image": 0, "left": 0, "top": 1.5, "right": 3, "bottom": -1}"#)),
                       "d.scrawl: drawables[1].bottom: must not be less than top (1.5), found -1")
        let flat = try Document.decode(Array(with(#"{"type": "image", "image": 0, "left": 2, "top": 1, "right": 2, "bottom": 1}"#).utf8))
        XCTAssertEqual(flat.drawables.count, 2)
        let reversed = Drawable.stamp(StampDrawable(image: DocTest.image(1, 1, seed: 0),
                                                    rect: Rect(minX: 10, minY: 0, maxX: 4, maxY: 1), opacity: 1))
        XCTAssertThrowsError(try Document(drawables: [reversed]).encoded()) { error in
            XCTAssertEqual((error as? DocumentError)?.message(file: "d"), "d: drawables[0].right: must not be less than left (10), found 4")
        }
        XCTAssertThrowsError(try SVGExporter.svg(Document(drawables: [reversed]))) { error in
            XCTAssertEqual((error as? DocumentError)?.message(file: "d"), "d: drawables[0].right: must not be less than left (10), found 4")
        }
    }

    func testPathFields() {
        let cases: [(String, String)] = [
            (##""stroke": "#12""##, ##"drawables[1].stroke: expected a colour "#rrggbb" or "#rrggbbaa", found "#12""##),
            (##""fill": 0"##, ##"drawables[1].fill: expected a colour "#rrggbb" or "#rrggbbaa" or null, found a number"##),
            (#""width": -2"#, "drawables[1].width: must not be negative, found -2"),
            (#""width": NaN"#, "drawables[1].width: NaN is not a finite number"),
            (#""width": "2""#, "drawables[1].width: expected a number, found a string"),
            (#""cap": "pointy""#, #"drawables[1].cap: expected one of "butt", "round", "square", found "pointy""#),
            (#""join": null"#, #"drawables[1].join: expected one of "miter", "round", "bevel", found null"#),
            (#""miterLimit": -Infinity"#, "drawables[1].miterLimit: -Infinity is not a finite number"),
        ]
        for (fields, expected) in cases {
            XCTAssertEqual(message(path(fields)), "d.scrawl: " + expected, fields)
        }
        XCTAssertEqual(message(with(#"{"type": "path"}"#)), "d.scrawl: drawables[1].d: missing")
        XCTAssertEqual(message(with(#"{"type": "path", "d": 3}"#)), "d.scrawl: drawables[1].d: expected an array, found a number")
    }

    func testPathElements() {
        func d(_ elements: String) -> String { with(#"{"type": "path", "d": [["M", 0, 0], "# + elements + "]}") }
        XCTAssertEqual(message(d(#"["L", 1, 2], ["L", 1, "x"]"#)), "d.scrawl: drawables[1].d[2][2]: expected a number, found a string")
        XCTAssertEqual(message(d(#"["L", 1]"#)), #"d.scrawl: drawables[1].d[1]: "L" takes 2 numbers, found 1"#)
        XCTAssertEqual(message(d(#"["C", 1, 2, 3, 4, 5, 6, 7]"#)), #"d.scrawl: drawables[1].d[1]: "C" takes 6 numbers, found 7"#)
        XCTAssertEqual(message(d(#"["Z", 1]"#)), #"d.scrawl: drawables[1].d[1]: "Z" takes 0 numbers, found 1"#)
        XCTAssertEqual(message(d(#"["A", 1, 2]"#)), #"d.scrawl: drawables[1].d[1][0]: expected "M", "L", "Q", "C" or "Z", found "A""#)
        XCTAssertEqual(message(d(#"["m", 1, 2]"#)), #"d.scrawl: drawables[1].d[1][0]: expected "M", "L", "Q", "C" or "Z", found "m""#)
        XCTAssertEqual(message(d("[]")), #"d.scrawl: drawables[1].d[1]: expected an array such as ["L", x, y], found an array"#)
        XCTAssertEqual(message(d(#"{"L": [1, 2]}"#)), #"d.scrawl: drawables[1].d[1]: expected an array such as ["L", x, y], found an object"#)
        XCTAssertEqual(message(d(#"["Q", 1, 2, 3, 1e999]"#)), "d.scrawl: drawables[1].d[1][4]: Infinity is not a finite number")
        XCTAssertEqual(message(d(#"["L", NaN, 2]"#)), "d.scrawl: drawables[1].d[1][1]: NaN is not a finite number")
        XCTAssertEqual(message(d(#"["L", -1e400, 2]"#)), "d.scrawl: drawables[1].d[1][1]: -Infinity is not a finite number")
    }

    func testDrawableTypes() {
        XCTAssertEqual(message(with(#"{"type": "note", "text": "hi"}"#)),
                       #"d.scrawl: drawables[1].type: unknown drawable type "note" (this build knows "path", "image" and "text")"#)
        XCTAssertEqual(message(with(#"{"type": "text", "text": "hi"}"#)), "d.scrawl: drawables[1].family: missing")
        XCTAssertEqual(message(with(#"{"d": []}"#)), "d.scrawl: drawables[1].type: missing")
        XCTAssertEqual(message(with("7")), "d.scrawl: drawables[1]: expected an object, found a number")
        XCTAssertEqual(message(#"{"format": "scrawl", "version": 1, "canvas": {"width": 1, "height": 1}}"#),
                       "d.scrawl: drawables: missing")
        XCTAssertEqual(message(#"{"format": "scrawl", "version": 1, "canvas": {"width": 1, "height": 1}, "drawables": {}}"#),
                       "d.scrawl: drawables: expected an array, found an object")
    }

    func testImages() {
        let stamp = #"{"type": "image", "image": 0, "left": 0, "top": 0, "right": 1, "bottom": 1}"#
        XCTAssertEqual(message(with(stamp, images: #"[{"png": "not base64!"}]"#)), "d.scrawl: images[0].png: is not valid base64")
        XCTAssertEqual(message(with(stamp, images: #"[{"png": "RkFLRQABAAEBAgM"}]"#)), "d.scrawl: images[0].png: is not valid base64")
        XCTAssertEqual(message(with(stamp, images: #"[{"png": "RkFLRQABAAEBAgME\n"}]"#)), "d.scrawl: images[0].png: is not valid base64")
        XCTAssertEqual(message(with(stamp, images: #"[{"png": "aGVsbG8="}]"#)), "d.scrawl: images[0].png: not a usable PNG: PNG <memory>: not a PNG file (bad signature)")
        XCTAssertEqual(message(with(stamp, images: #"[{"data": "aGVsbG8="}]"#)), "d.scrawl: images[0].png: missing")
        XCTAssertEqual(message(with(stamp, images: #"{}"#)), "d.scrawl: images: expected an array, found an object")
        XCTAssertEqual(message(with(stamp, images: "[]")), "d.scrawl: drawables[1].image: no image 0 (the document has no images)")
        XCTAssertEqual(message(with(#"{"type": "image", "image": 3, "left": 0, "top": 0, "right": 1, "bottom": 1}"#)),
                       "d.scrawl: drawables[1].image: no image 3 (images are numbered 0 to 0)")
        XCTAssertEqual(message(with(#"{"type": "image", "image": 0.5, "left": 0, "top": 0, "right": 1, "bottom": 1}"#)),
                       "d.scrawl: drawables[1].image: expected an integer, found 0.5")
        XCTAssertEqual(message(with(#"{"type": "image", "image": 0, "left": 0, "top": 0, "right": 1}"#)),
                       "d.scrawl: drawables[1].bottom: missing")
        XCTAssertEqual(message(with(#"{"type": "image", "image": 0, "left": 0, "top": 0, "right": 1, "bottom": NaN}"#)),
                       "d.scrawl: drawables[1].bottom: NaN is not a finite number")
        XCTAssertEqual(message(with(#"{"type": "image", "image": 0, "left": 0, "top": 0, "right": 1, "bottom": 1, "opacity": 1.5}"#)),
                       "d.scrawl: drawables[1].opacity: must be 0 to 1, found 1.5")
    }

    func testUnreadableAndOversizeFiles() throws {
        XCTAssertThrowsError(try Document.load(path: "/nonexistent/d.scrawl")) { error in
            XCTAssertEqual((error as? DocumentError)?.message(file: "d.scrawl"),
                           "d.scrawl: cannot read the document: No such file or directory")
        }
        XCTAssertThrowsError(try Document.load(path: "/")) { error in
            XCTAssertEqual((error as? DocumentError)?.message(file: "/"), "/: cannot read the document: Is a directory")
        }
        // A sparse file one byte over the limit: refused from its size alone (reading 256 MiB of
        // zeros would take a while and then fail as invalid JSON instead).
        let folder = DocTest.makeTempFolder()
        defer { DocTest.remove(folder) }
        let path = folder + "/huge.scrawl"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        XCTAssertGreaterThanOrEqual(fd, 0)
        XCTAssertEqual(ftruncate(fd, off_t(Document.maxFileSize + 1)), 0)
        close(fd)
        XCTAssertThrowsError(try Document.load(path: path)) { error in
            XCTAssertEqual(error as? DocumentError, .tooLarge(bytes: Int64(Document.maxFileSize) + 1))
            XCTAssertEqual((error as? DocumentError)?.message(file: "huge.scrawl"),
                           "huge.scrawl: the document is 256 MiB; documents larger than 256 MiB are refused")
        }
    }

    /// Every prefix of a valid document (cut anywhere, as a crash or a full disk would) is refused.
    func testTruncatedAtEveryOffset() throws {
        let doc = Document(canvas: CanvasSpec(width: 30, height: 20), drawables: DocTest.sampleDrawables())
        let bytes = try doc.encoded()
        var complete = bytes.count
        while complete > 0 && bytes[complete - 1] == 0x0A { complete -= 1 }
        for n in 0..<complete {
            do {
                _ = try Document.decode(Array(bytes.prefix(n)))
                XCTFail("a document cut at byte \(n) of \(bytes.count) decoded")
                return
            } catch {
                XCTAssertFalse(error.message(file: "d").contains("\n"))
            }
        }
    }

    /// Random damage never crashes the reader: it decodes or throws a `DocumentError`.
    func testRandomDamageNeverCrashes() throws {
        let doc = Document(canvas: CanvasSpec(width: 30, height: 20), drawables: DocTest.sampleDrawables())
        let bytes = try doc.encoded()
        var g = SplitMix64(seed: 7)
        let alphabet = Array(#"{}[]",:0123456789.eE-+ntfalsuNI"\#u{0}"#.utf8) + [0xFF, 0xC3]
        var refused = 0
        for _ in 0..<3000 {
            var b = bytes
            for _ in 0...(g.next() % 4) {
                let i = Int(g.next() % UInt64(b.count))
                switch g.next() % 3 {
                case 0: b[i] = alphabet[Int(g.next() % UInt64(alphabet.count))]
                case 1: b.remove(at: i)
                default: b.insert(alphabet[Int(g.next() % UInt64(alphabet.count))], at: i)
                }
            }
            do { _ = try Document.decode(b) } catch { refused += 1 }
        }
        XCTAssertGreaterThan(refused, 1000)
    }
}

/// A file's flattening tolerance is raised to `FlatteningBudget.minFileTolerance`, not refused.
final class DocumentToleranceTests: XCTestCase {
    func testTinyTolerancesAreRaisedToTheFloor() throws {
        for (given, read) in [("0.01", 0.05), ("0", 0.05), ("-3", 0.05), ("0.05", 0.05), ("0.3", 0.3)] {
            let text = "{\"format\": \"scrawl\", \"version\": 1, \"canvas\": {\"width\": 10, \"height\": 10}, \"drawables\": "
                + "[{\"type\": \"path\", \"d\": [[\"M\", 1, 1]], \"stroke\": \"#000000\", \"fill\": null, \"tolerance\": \(given)}]}"
            let document = try Document.decode(Array(text.utf8))
            guard case .path(let d) = document.drawables[0] else { return XCTFail("not a path") }
            XCTAssertEqual(d.style.tolerance, read, given)
        }
    }
}
