// Writes the seed corpora of `make fuzz` (Fuzz/Corpus/TARGET/) with the product's own encoders:
// valid inputs, and a few slightly broken ones (cut short, one byte wrong). `Fuzz/fuzz.sh seeds`
// builds and runs it; the output is committed, so this only needs running when a format changes.
import Foundation
import ScrawlCore
import ScrawlStorage

let out = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "Fuzz/Corpus"
var written = 0

func save(_ target: String, _ name: String, _ bytes: [UInt8]) {
    let folder = out + "/" + target
    try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    guard FileManager.default.createFile(atPath: folder + "/" + name, contents: Data(bytes)) else { fatalError("cannot write \(folder)/\(name)") }
    written += 1
}

func cut(_ bytes: [UInt8], _ fraction: Double) -> [UInt8] { Array(bytes.prefix(Int(Double(bytes.count) * fraction))) }
func flip(_ bytes: [UInt8], at i: Int) -> [UInt8] { var b = bytes; b[i % b.count] ^= 0x20; return b }

// MARK: Images

func pixels(_ w: Int, _ h: Int, seed: Int) -> [UInt8] {
    (0..<(w * h * 4)).map { UInt8(truncatingIfNeeded: ($0 &* 37 &+ seed &* 11) ^ ($0 >> 3)) }
}
func pngBytes(_ w: Int, _ h: Int, seed: Int) -> [UInt8] { try! PNGCodec.encode(rgba: pixels(w, h, seed: seed), width: w, height: h) }
func image(_ w: Int, _ h: Int, seed: Int) -> RasterImage {
    let png = pngBytes(w, h, seed: seed)
    return try! PNGCodec.decode(png)
}

let png1 = pngBytes(1, 1, seed: 1), png4 = pngBytes(4, 3, seed: 2), png16 = pngBytes(16, 16, seed: 3)
save("png", "1x1.png", png1)
save("png", "4x3.png", png4)
save("png", "16x16.png", png16)
save("png", "opaque-8x8.png", try! PNGCodec.encode(rgba: [UInt8](repeating: 255, count: 8 * 8 * 4), width: 8, height: 8))
save("png", "cut.png", cut(png16, 0.6))
save("png", "bad-crc.png", flip(png4, at: 30))
save("png", "header-only.png", Array(png4.prefix(33)))

// MARK: Drawables

func path(_ elements: [PathElement], stroke: Color? = .black, fill: Color? = nil, style: StrokeOptions = StrokeOptions()) -> Drawable {
    .path(PathDrawable(path: Path(elements: elements), stroke: stroke, fill: fill, style: style))
}
let star = image(4, 3, seed: 2), dot = image(1, 1, seed: 1)
let drawables: [Drawable] = [
    path([.move(Point(10, 20)), .line(Point(30.5, 40.25)), .quad(control: Point(50, 0), to: Point(70, 20)),
          .cubic(c1: Point(80, 30), c2: Point(90, -10), to: Point(100, 20)), .close],
         stroke: Color(r: 1, g: 2, b: 3, a: 200), fill: Color(r: 250, g: 128, b: 0, a: 128),
         style: StrokeOptions(width: 3.5, cap: .square, join: .miter, miterLimit: 10)),
    path([.move(Point(0.1, 0.2)), .line(Point(-1e6, 1e6))], stroke: .red,
         style: StrokeOptions(width: 0.3, cap: .butt, join: .bevel, miterLimit: 1.5, tolerance: 0.1)),
    path([.line(Point(5, 5)), .close, .line(Point(7, 9))], stroke: nil, fill: .blue),
    path([.move(Point(50, 50))], stroke: .green, style: .round(width: 12)),
    .stamp(StampDrawable(image: star, center: Point(40.3, 17.7), opacity: 0.75)),
    .stamp(StampDrawable(image: dot, rect: Rect(minX: 0.1, minY: 0.2, maxX: 0.3, maxY: 0.7), opacity: 0)),
    .stamp(StampDrawable(image: star, rect: Rect(minX: 100, minY: 100, maxX: 100, maxY: 130), opacity: 1)),
]

// MARK: Documents

func document(_ canvas: CanvasSpec, _ list: [Drawable]) -> [UInt8] {
    try! Document(canvas: canvas, drawables: list).encoded()
}
let full = document(CanvasSpec(width: 320, height: 200, background: Color(r: 240, g: 240, b: 250)), drawables)
save("document", "full.scrawl", full)
save("document", "empty.scrawl", document(CanvasSpec(), []))
save("document", "paths.scrawl", document(CanvasSpec(width: 64, height: 48), Array(drawables.prefix(4))))
save("document", "stamp.scrawl", document(CanvasSpec(width: 64, height: 48), [drawables[4]]))
save("document", "cut.scrawl", cut(full, 0.7))
save("document", "ids.scrawl", try! Document(canvas: CanvasSpec(width: 64, height: 48), items: [
    DisplayItem(id: 9, drawable: drawables[0]), DisplayItem(id: 2, drawable: drawables[4]), DisplayItem(id: 40, drawable: drawables[3]),
]).encoded())
// A stamp whose image is only a PNG header (IHDR) with an odd size: the budget check reads it.
var header = Array(png4.prefix(33))
header[16...23] = [0, 0, 0x10, 0, 0, 0, 0x10, 0]  // 4096 x 4096
let headerDoc = String(decoding: document(CanvasSpec(width: 64, height: 48), [drawables[4]]), as: UTF8.self)
    .replacingOccurrences(of: Data(png4).base64EncodedString(), with: Data(header).base64EncodedString())
save("document", "image-header-only.scrawl", Array(headerDoc.utf8))

// MARK: Replays

var events: [InputEvent] = [
    .key(KeyPress("1")), .key(KeyPress("l")),
    .touches([Touch(id: 0, phase: .began, location: Point(10, 20))]),
    .touches([Touch(id: 0, phase: .moved, location: Point(30.5, 41), shift: true),
              Touch(id: 1, phase: .began, location: Point(300, 200))]),
    .touches([Touch(id: 0, phase: .ended, location: Point(31, 45)), Touch(id: 1, phase: .cancelled, location: Point(300, 201))]),
    .frame("mid-stroke"),
    .key(KeyPress("z", ctrl: true)), .key(KeyPress("z", ctrl: true, shift: true)), .key(KeyPress("delete")),
    .key(KeyPress("]")), .key(KeyPress("[", shift: true)), .key(KeyPress("i")),
    .touches([Touch(id: 0, phase: .began, location: Point(100, 100))]),
    .touches([Touch(id: 0, phase: .ended, location: Point(100, 100))]),
]
let replay = Replay(canvas: CanvasSpec(width: 640, height: 480, background: .white), seed: 7, stamp: "star.png", events: events)
let replayBytes = Array(replay.encoded().utf8)
save("replay", "keys-and-touches.json", replayBytes)
save("replay", "workload.json", Array(BenchmarkWorkload.replay(strokes: 3, points: 12, seed: 3).encoded().utf8))
save("replay", "minimal.json", Array(#"{"version": 1, "events": []}"#.utf8))
save("replay", "cut.json", cut(replayBytes, 0.8))
save("replay", "bad-number.json", Array(String(decoding: replayBytes, as: UTF8.self)
    .replacingOccurrences(of: "30.5", with: "3e999").utf8))
events.removeAll()

// MARK: Journal sessions (SNAPSHOT \n--journal--\n JOURNAL; journal lines without their CRC, which the harness adds)

let scratch = NSTemporaryDirectory() + "scrawl-seeds-\(getpid())"
try? FileManager.default.removeItem(atPath: scratch)

/// The session's files as one harness input; `keepFrames` keeps the CRC prefixes.
func session(_ journal: Journal, keepFrames: Bool = false) -> [UInt8] {
    journal.waitForBackgroundWork()
    let dir = journal.sessionDirectory
    journal.close()
    let names = try! FileManager.default.contentsOfDirectory(atPath: dir)
    let snapshot = names.first { $0.hasPrefix("snapshot-") }.map { [UInt8](FileManager.default.contents(atPath: dir + "/" + $0)!) }
    let log = [UInt8](FileManager.default.contents(atPath: dir + "/journal-0.log")!)
    try! FileManager.default.removeItem(atPath: dir)
    var body: [UInt8] = []
    for line in log.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast() {
        body += keepFrames ? Array(line) : Array(line.dropFirst(9))
        body.append(0x0A)
    }
    return (snapshot.map { $0 + Array("\n--journal--\n".utf8) } ?? []) + body
}

let canvas = CanvasSpec(width: 200, height: 150)
do {
    // No snapshot: a session that started blank.
    let j = try Journal(directory: scratch, canvas: canvas)
    j.record(.add(drawables[0])); j.record(.add(drawables[4])); j.record(.undo); j.record(.redo)
    j.record(.add(drawables[3])); j.record(.clear); j.record(.undo); j.record(.add(drawables[6]))
    let bytes = session(j)
    save("journal", "blank-start.bin", bytes)
    save("journal", "cut.bin", cut(bytes, 0.85))
}
do {
    // Version 4: the document's path in the header and in records, then a hot exit's marker.
    let j = try Journal(directory: scratch, canvas: canvas, documentPath: "/home/u/a.scrawl")
    j.record(.add(drawables[0])); j.setDocumentPath("/home/u/b.scrawl"); j.record(.add(drawables[3]))
    j.record(.undo); j.setDocumentPath(nil)
    j.waitForBackgroundWork()
    let dir = j.sessionDirectory
    _ = j.keepForNextStart()
    let log = [UInt8](FileManager.default.contents(atPath: dir + "/journal-0.log")!)
    try! FileManager.default.removeItem(atPath: dir)
    save("journal", "document-exit.bin", log.split(separator: 0x0A).flatMap { Array($0.dropFirst(9)) + [0x0A] })
}
do {
    // File stamps (the document's modification time and size) with its path; none for a new file.
    let j = try Journal(directory: scratch, canvas: canvas, documentPath: "/home/u/s.scrawl")
    j.setDocumentPath("/home/u/s.scrawl", stamp: FileStamp(seconds: 1_700_000_000, nanoseconds: 5, size: 1234))
    j.record(.add(drawables[0])); j.setDocumentPath("/home/u/new.scrawl", stamp: .missing)
    save("journal", "document-stamps.bin", session(j))
}
do {
    // A snapshot of an opened document, then records.
    let j = try Journal(directory: scratch, canvas: canvas, drawables: Array(drawables.prefix(3)))
    j.record(.add(drawables[5])); j.record(.undo); j.record(.undo); j.record(.redo); j.record(.clear)
    save("journal", "document-start.bin", session(j))
}
do {
    // A snapshot with undo and redo history (a recovered session's list).
    var list = DisplayList()
    for d in drawables.prefix(5) { _ = list.add(d) }
    _ = list.undo(); _ = list.clear(); _ = list.undo(); _ = list.undo()
    let j = try Journal(directory: scratch, canvas: canvas, displayList: list)
    j.record(.redo); j.record(.add(drawables[6])); j.record(.undo)
    save("journal", "history-start.bin", session(j))
}
do {
    // Edits (a split, an erase, a transform in place, a paste of several) with ids, on a snapshot
    // whose history holds an edit step (journal version 3).
    var list = DisplayList()
    list.append(Array(drawables.prefix(4)))
    let j = try Journal(directory: scratch, canvas: canvas, displayList: list)
    list.replace([1: [drawables[4], drawables[5]]]); list.remove([2]); list.undo()
    list.replace([3: [drawables[6]], 4: [drawables[0]]]); list.append([drawables[1], drawables[4]]); list.undo()
    j.sync(with: list)
    save("journal", "edits.bin", session(j))
}
do {
    // Frames kept as written (the harness passes framed lines through): then one corrupt frame.
    let j = try Journal(directory: scratch, canvas: canvas)
    j.record(.add(drawables[1])); j.record(.add(drawables[2])); j.record(.undo)
    let framed = session(j, keepFrames: true)
    save("journal", "framed.bin", framed)
    save("journal", "framed-bad-crc.bin", flip(framed, at: framed.count - 12))
}
try? FileManager.default.removeItem(atPath: scratch)
print("wrote \(written) seed files under \(out)")
