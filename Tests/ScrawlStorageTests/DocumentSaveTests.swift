import Foundation
import XCTest
@testable import ScrawlCore
@testable import ScrawlStorage

/// Atomic saves: the new file appears whole or not at all, failures name the path and reason and
/// leave the previous file intact. Tests run as root in CI, where permission bits do not stop
/// writes, so failures are made other ways: a parent that is a file, a target that is a folder,
/// a file size limit (RLIMIT_FSIZE) that makes write(2) fail half way.
final class DocumentSaveTests: XCTestCase {
    private var folder = ""

    override func setUp() { folder = DocTest.makeTempFolder("scrawl-save") }
    override func tearDown() { DocTest.remove(folder) }

    private var leftovers: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.contains(".tmp-") }
    }

    func testWritesAndReplaces() throws {
        let path = folder + "/a.scrawl"
        try AtomicFile.write(Array("one".utf8), to: path)
        XCTAssertEqual(DocTest.read(path), Array("one".utf8))
        try AtomicFile.write(Array("two, longer".utf8), to: path)
        XCTAssertEqual(DocTest.read(path), Array("two, longer".utf8))
        try AtomicFile.write([], to: path)
        XCTAssertEqual(DocTest.read(path), [])
        XCTAssertEqual(leftovers, [])
    }

    func testKeepsTheModeOfAnExistingFile() throws {
        let path = folder + "/a.scrawl"
        DocTest.write([1], to: path)
        XCTAssertEqual(chmod(path, 0o600), 0)
        try AtomicFile.write([2], to: path)
        var st = stat()
        XCTAssertEqual(stat(path, &st), 0)
        XCTAssertEqual(st.st_mode & 0o777, 0o600)
    }

    func testFollowsASymbolicLink() throws {
        let real = folder + "/real.scrawl", link = folder + "/link.scrawl"
        DocTest.write([1], to: real)
        XCTAssertEqual(symlink(real, link), 0)
        try AtomicFile.write([2, 3], to: link)
        XCTAssertEqual(DocTest.read(real), [2, 3])
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), real)
    }

    func testParentThatIsAFileFails() {
        let blocker = folder + "/notafolder"
        DocTest.write([9], to: blocker)
        XCTAssertThrowsError(try AtomicFile.write([1], to: blocker + "/a.scrawl")) { error in
            XCTAssertEqual((error as? SaveError)?.path, blocker + "/a.scrawl")
            XCTAssertEqual((error as? SaveError)?.description,
                           "\(blocker)/a.scrawl: cannot save: Not a directory (creating a temporary file in \(blocker))")
        }
        XCTAssertEqual(DocTest.read(blocker), [9])
    }

    func testMissingFolderFails() {
        XCTAssertThrowsError(try AtomicFile.write([1], to: folder + "/missing/a.scrawl")) { error in
            XCTAssertTrue("\(error)".contains("No such file or directory"), "\(error)")
        }
    }

    func testTargetThatIsAFolderIsLeftAlone() {
        let target = folder + "/dir.scrawl"
        XCTAssertEqual(mkdir(target, 0o755), 0)
        DocTest.write([5], to: target + "/inside")
        XCTAssertThrowsError(try AtomicFile.write([1], to: target)) { error in
            XCTAssertEqual("\(error)", "\(target): cannot save: it is a folder")
        }
        XCTAssertEqual(DocTest.read(target + "/inside"), [5])
        XCTAssertEqual(leftovers, [])
    }

    /// write(2) fails half way (as on a full disk): the previous document is intact and no
    /// temporary file is left behind.
    func testFailedWriteLeavesThePreviousFileIntact() throws {
        let path = folder + "/a.scrawl"
        let store = DocumentStore()
        let old = Array(DocTest.sampleDrawables().prefix(2))
        try store.save(old, canvas: CanvasSpec(), to: path)
        let before = DocTest.read(path)

        var limit = rlimit()
        XCTAssertEqual(getrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit), 0)
        let saved = limit
        let previousHandler = signal(SIGXFSZ, SIG_IGN)
        limit.rlim_cur = 200
        XCTAssertEqual(setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit), 0)
        var restore = saved
        defer {
            _ = setrlimit(Int32(RLIMIT_FSIZE.rawValue), &restore)
            _ = signal(SIGXFSZ, previousHandler)
        }
        let big = DocTest.sampleDrawables() + DocTest.sampleDrawables()
        XCTAssertThrowsError(try store.save(big, canvas: CanvasSpec(), to: path)) { error in
            XCTAssertEqual("\(error)", "\(path): cannot save: File too large (writing the temporary file)")
        }
        _ = setrlimit(Int32(RLIMIT_FSIZE.rawValue), &restore)
        XCTAssertEqual(DocTest.read(path), before)
        XCTAssertEqual(leftovers, [])
        DocTest.assertSame(try store.open(path).drawables, old)
    }

    func testUnencodableDocumentIsNotWritten() throws {
        let path = folder + "/a.scrawl"
        DocTest.write(Array("previous".utf8), to: path)
        let store = DocumentStore()
        XCTAssertThrowsError(try store.save([DocTest.path([.move(Point(.nan, 0))])], canvas: CanvasSpec(), to: path)) { error in
            XCTAssertEqual("\(error)", "\(path): cannot save: drawables[0].d[0][1]: NaN is not a finite number")
        }
        XCTAssertEqual(DocTest.read(path), Array("previous".utf8))
    }

    /// The folder fsync fails after the rename: the new file is in place, and the error says it
    /// was saved (not "cannot save").
    func testFolderSyncFailureAfterTheRenameSaysTheFileIsSaved() throws {
        let path = folder + "/a.scrawl"
        DocTest.write(Array("old".utf8), to: path)
        XCTAssertThrowsError(try AtomicFile.write(Array("new".utf8), to: path, syncFolder: { _ in EIO })) { error in
            let e = error as? SaveError
            XCTAssertEqual(e?.fileIsInPlace, true)
            XCTAssertEqual(e?.description, "\(path): saved, but the folder could not be synced: Input/output error (\(folder))")
        }
        XCTAssertEqual(DocTest.read(path), Array("new".utf8))
        XCTAssertEqual(leftovers, [])
        // File systems that cannot fsync a folder at all are not an error.
        try AtomicFile.write(Array("newer".utf8), to: path, syncFolder: { _ in EINVAL })
        XCTAssertEqual(DocTest.read(path), Array("newer".utf8))
    }

    /// A document larger than the reader accepts (`Document.maxFileSize`) is not written: it
    /// could never be opened again. The previous file stays.
    func testDocumentTooLargeToReopenIsNotWritten() throws {
        let path = folder + "/a.scrawl"
        DocTest.write(Array("previous".utf8), to: path)
        let doc = Document(drawables: DocTest.sampleDrawables())
        let size = try doc.encoded().count
        XCTAssertThrowsError(try doc.save(to: path, sizeLimit: size - 1)) { error in
            XCTAssertEqual("\(error)", "\(path): cannot save: the document would be \(size) bytes; "
                           + "documents larger than \(size - 1) bytes cannot be opened again, so it was not written")
        }
        XCTAssertEqual(DocTest.read(path), Array("previous".utf8))
        XCTAssertEqual(leftovers, [])
        try doc.save(to: path, sizeLimit: size)
        DocTest.assertSame(try Document.load(path: path).drawables, doc.drawables)
        XCTAssertEqual(DocumentError.size(Int64(Document.maxFileSize) + (3 << 19)), "257.5 MiB")
    }
}
