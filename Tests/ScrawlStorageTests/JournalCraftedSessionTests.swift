import Foundation
import XCTest
@testable import ScrawlCore
@testable import ScrawlStorage

/// Sessions written by hand (or by a fuzzer) never make recovery trap: a session that cannot be
/// replayed to its end is recovered up to its last good record.
final class JournalCraftedSessionTests: XCTestCase {
    private var folder = ""

    override func setUp() { folder = DocTest.makeTempFolder("scrawl-crafted") }
    override func tearDown() { DocTest.remove(folder) }

    private let stroke = ##"{"type": "path", "d": [["M", 1, 2], ["L", 3, 4]], "stroke": "#000000", "width": 2}"##

    /// A journal file: the header, then `ops` as records, each framed with its CRC-32.
    static func journal(generation: Int, ops: [String]) -> [UInt8] {
        let header = #"{"journal": "scrawl", "version": 1, "generation": \#(generation), "canvas": {"width": 100, "height": 80}}"#
        return ([header] + ops).flatMap { JournalFormat.frame(Array($0.utf8)) }
    }

    private func snapshot(undo: String, redo: String) -> [UInt8] {
        Array((#"{"format": "scrawl", "version": 1, "canvas": {"width": 100, "height": 80}, "images": [], "drawables": [\#(stroke)],"#
               + #""history": {"undo": \#(undo), "redo": \#(redo), "extra": []}}"#).utf8)
    }

    private func session(_ snapshot: [UInt8]?, ops: [String]) -> String {
        let dir = PosixIO.join(folder, "session-1-crafted")
        XCTAssertNil(PosixIO.makeFolders(dir))
        if let snapshot { DocTest.write(snapshot, to: PosixIO.join(dir, "snapshot-0.scrawl")) }
        DocTest.write(Self.journal(generation: 0, ops: ops), to: PosixIO.join(dir, "journal-0.log"))
        return dir
    }

    /// The fuzzer's session: a redo history that starts with a clear of nothing, then redo, undo,
    /// undo. It used to trap in undo on an empty list.
    func testRedoOfACrookedClearThenUndoesDoNotTrap() throws {
        let redo = #"{"op": "redo"}"#, undo = #"{"op": "undo"}"#
        _ = session(snapshot(undo: #"[["add", 0]]"#, redo: #"[["clear", []]]"#), ops: [redo, undo, undo])
        let recovered = try XCTUnwrap(Journal.recover(directory: folder))
        XCTAssertEqual(recovered.drawables.count, 1, "the snapshot's drawing is kept")
        XCTAssertEqual(recovered.recordsApplied, 0, "the redo does not fit: recovery stops before it")
        XCTAssertTrue(recovered.foundTornRecord)
        var list = recovered.displayList
        while list.undo() {}
        while list.redo() {}
        recovered.discard()
    }

    /// Records that do not fit the history end the replay there; what came before is kept.
    func testRecordsThatDoNotFitStopTheReplayThere() throws {
        let add = #"{"op": "add", "drawable": \#(stroke)}"#
        let ops = [add, #"{"op": "undo"}"#, #"{"op": "undo"}"#, #"{"op": "undo"}"#, add, #"{"op": "redo"}"#, #"{"op": "clear"}"#]
        _ = session(nil, ops: ops)
        let recovered = try XCTUnwrap(Journal.recover(directory: folder))
        XCTAssertEqual(recovered.recordsApplied, 2, "add, undo; the second undo has nothing to undo")
        XCTAssertEqual(recovered.drawables.count, 0)
        XCTAssertTrue(recovered.displayList.canRedo)
        recovered.discard()
    }

    /// Every prefix and every single-record variation of a small session recovers without a trap.
    func testEveryOrderOfUndoRedoAndClearRecovers() throws {
        let kinds = [#"{"op": "undo"}"#, #"{"op": "redo"}"#, #"{"op": "clear"}"#, #"{"op": "add", "drawable": \#(stroke)}"#]
        for n in 0..<(1 << 6) {
            DocTest.remove(folder)
            folder = DocTest.makeTempFolder("scrawl-crafted")
            let ops = (0..<3).map { kinds[(n >> (2 * $0)) & 3] }
            _ = session(snapshot(undo: #"[["add", 0]]"#, redo: "[]"), ops: ops)
            Journal.recover(directory: folder)?.discard()
        }
    }
}
