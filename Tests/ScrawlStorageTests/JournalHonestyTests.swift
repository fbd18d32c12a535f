import Foundation
import XCTest
@testable import ScrawlCore
@testable import ScrawlStorage

/// The journal never writes a drawable it could not encode (no empty stand-in, no half record),
/// recovery never counts an emptied drawable as recovered, and what it says about what it left
/// out is what happened: a record cut off by the crash, a damaged one, or an intact one it could
/// not use.
final class JournalHonestyTests: XCTestCase {
    private var folder = ""
    private let canvas = CanvasSpec(width: 320, height: 200)

    override func setUp() { folder = DocTest.makeTempFolder("scrawl-journal-honest") }
    override func tearDown() { DocTest.remove(folder) }

    private let good = DocTest.path([.move(Point(1, 2)), .line(Point(30, 40))])
    private let other = DocTest.path([.move(Point(5, 5)), .line(Point(60, 9))])
    /// Past the canvas limit: no document or journal may hold it.
    private let outside = DocTest.path([.move(Point(1_000_010, 2)), .line(Point(1_000_010, 40))])

    private func sessionFolder() throws -> String {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("session-") }
        return folder + "/" + (try XCTUnwrap(names.first))
    }

    /// Every journal file of the session, one text.
    private func journals() throws -> String {
        let session = try sessionFolder()
        return try FileManager.default.contentsOfDirectory(atPath: session).filter { $0.hasSuffix(".log") }.sorted()
            .map { String(decoding: DocTest.read(session + "/" + $0) ?? [], as: UTF8.self) }.joined()
    }

    func testADrawableThatCannotBeEncodedIsNeverWrittenAndRecoveryGivesTheStateBeforeIt() throws {
        var list = DisplayList()
        let journal = try Journal(directory: folder, canvas: canvas, displayList: list)
        list.append([good, other])
        journal.sync(with: list)
        let before = list
        list.replace([list.items[1].id: [outside]])  // a move past the limit, as the editor never makes one now
        journal.sync(with: list)
        XCTAssertTrue(journal.lastError?.contains("1000010 is outside") ?? false, String(describing: journal.lastError))
        list.add(good)
        journal.sync(with: list)
        XCTAssertNotNil(journal.lastError, "nothing is written while the state holds what cannot be encoded")
        let text = try journals()
        XCTAssertFalse(text.contains(#""d": []"#), text)
        XCTAssertFalse(text.contains("1000010"), text)
        for line in text.split(separator: "\n") {
            XCTAssertNoThrow(try JSONValue.parse(Array(line.utf8.dropFirst(9))), "every line is a whole record: \(line)")
        }
        journal.close()
        let recovered = try XCTUnwrap(Journal.recover(directory: folder))
        DocTest.assertSameIDHistory(recovered.displayList, before, "the last state the files hold whole")
        XCTAssertFalse(recovered.foundTornRecord)
        XCTAssertNil(recovered.leftOut)
        XCTAssertEqual(recovered.lostDrawables, 0)
        recovered.release()
    }

    func testOnceTheUnencodableDrawableIsGoneFromTheHistoryAutosaveCatchesUp() throws {
        var list = DisplayList()
        let journal = try Journal(directory: folder, canvas: canvas, displayList: list)
        list.append([good, other])
        list.replace([list.items[1].id: [outside]])
        journal.sync(with: list)
        XCTAssertNotNil(journal.lastError)
        list.undo()
        journal.sync(with: list)
        XCTAssertNotNil(journal.lastError, "the redo step still holds it")
        list.add(other)  // empties the redo stack
        journal.sync(with: list)
        XCTAssertNil(journal.lastError, "a snapshot holds everything again")
        list.add(good)
        journal.sync(with: list)
        journal.close()
        let recovered = try XCTUnwrap(Journal.recover(directory: folder))
        DocTest.assertSameIDHistory(recovered.displayList, list, "caught up")
        XCTAssertFalse(recovered.foundTornRecord)
        recovered.discard()
    }

    // MARK: What recovery says

    /// A session folder with one journal holding `ops` after its header; `tail` is appended raw.
    private func craft(_ ops: [String], tail: [UInt8] = []) {
        let dir = PosixIO.join(folder, "session-1-crafted")
        XCTAssertNil(PosixIO.makeFolders(dir))
        DocTest.write(JournalCraftedSessionTests.journal(generation: 0, ops: ops) + tail, to: PosixIO.join(dir, "journal-0.log"))
    }

    private let stroke = ##"{"id": 1, "type": "path", "d": [["M", 1, 2], ["L", 3, 4]], "stroke": "#000000", "width": 2}"##
    /// What older builds wrote for a drawable they could not encode.
    private let standIn = ##"{"id": 2, "type": "path", "d": [], "stroke": null, "fill": null, "width": 2, "cap": "round", "join": "round", "miterLimit": 4}"##

    func testDrawablesAnOlderBuildRecordedEmptyAreNotCountedAsRecovered() throws {
        craft([#"{"op": "add", "drawable": \#(stroke)}"#, #"{"op": "add", "drawable": \#(standIn)}"#])
        let recovered = try XCTUnwrap(Journal.recover(directory: folder))
        XCTAssertEqual(recovered.drawables.count, 2, "kept, so the history lines up")
        XCTAssertEqual(recovered.lostDrawables, 1)
        XCTAssertEqual(recovered.recoveredDrawings, 1)
        recovered.discard()
    }

    func testARecordCutOffByTheCrashIsCalledSo() throws {
        let cut = JournalFormat.frame(Array(#"{"op": "add", "drawable": \#(stroke)}"#.utf8)).dropLast(12)
        craft([#"{"op": "add", "drawable": \#(stroke)}"#], tail: Array(cut))
        let recovered = try XCTUnwrap(Journal.recover(directory: folder))
        XCTAssertEqual(recovered.drawables.count, 1)
        XCTAssertTrue(recovered.foundTornRecord)
        XCTAssertEqual(recovered.leftOut, "the last record of journal-0.log was cut off by the crash and left out")
        recovered.discard()
    }

    func testAnIntactRecordThatCannotBeUsedIsNotCalledTorn() throws {
        // What an older build wrote for a drawable whose id it could not encode: a whole line
        // with a right checksum, but no drawable in it.
        craft([#"{"op": "add", "drawable": \#(stroke)}"#, #"{"op": "add", "drawable": "#, #"{"op": "undo"}"#])
        let recovered = try XCTUnwrap(Journal.recover(directory: folder))
        XCTAssertEqual(recovered.drawables.count, 1)
        XCTAssertTrue(recovered.foundTornRecord)
        let said = try XCTUnwrap(recovered.leftOut)
        XCTAssertTrue(said.hasPrefix("line 3 of journal-0.log could not be used (it is not valid JSON: "), said)
        XCTAssertTrue(said.hasSuffix("; it and everything after it were left out"), said)
        XCTAssertFalse(said.contains("torn") || said.contains("cut off"), said)
        recovered.discard()
    }

    func testADamagedRecordAndOneThatDoesNotFitAreNamed() throws {
        var damaged = JournalFormat.frame(Array(#"{"op": "undo"}"#.utf8))
        damaged[0] = damaged[0] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
        craft([#"{"op": "add", "drawable": \#(stroke)}"#], tail: damaged + JournalFormat.frame(Array(#"{"op": "clear"}"#.utf8)))
        var recovered = try XCTUnwrap(Journal.recover(directory: folder))
        XCTAssertEqual(recovered.leftOut, "line 3 of journal-0.log is damaged (its checksum does not match); "
                       + "it and everything after it were left out")
        recovered.discard()

        craft([#"{"op": "add", "drawable": \#(stroke)}"#, #"{"op": "undo"}"#, #"{"op": "undo"}"#])
        recovered = try XCTUnwrap(Journal.recover(directory: folder))
        XCTAssertEqual(recovered.leftOut, "line 4 of journal-0.log could not be used (there is nothing to undo); "
                       + "it and everything after it were left out")
        recovered.discard()
    }
}
