import Foundation
import XCTest
@testable import scrawl

/// The path prompt's Tab completion and its list of matching names, on a made-up folder tree.
final class PathPromptCompletionTests: XCTestCase {
    private let tree: [String: [PromptEntry]] = [
        "/home/me/Pictures": [PromptEntry(name: "alpha.scrawl", isFolder: false), PromptEntry(name: "alpine.scrawl", isFolder: false),
                              PromptEntry(name: "Albums", isFolder: true), PromptEntry(name: "alpha.png", isFolder: false),
                              PromptEntry(name: ".hidden.scrawl", isFolder: false), PromptEntry(name: "beta.scrawl", isFolder: false)],
        "/home/me/Pictures/Albums": [PromptEntry(name: "trip.scrawl", isFolder: false)],
        "/home/me": [PromptEntry(name: "Pictures", isFolder: true), PromptEntry(name: "Public", isFolder: true)],
    ]
    private var reads: [String] = []

    private func list(_ folder: String) -> [PromptEntry]? {
        reads.append(folder)
        return tree[folder]
    }

    private func prompt(_ purpose: FilePurpose, _ suggestion: String, typing text: String? = nil) -> PathPrompt {
        var p = PathPrompt(request: FileRequest(purpose: purpose, suggestion: suggestion))
        if let text { p.type(text) }
        p.updateMatches(home: "/home/me", list: list)
        return p
    }

    func testTheListShowsFoldersAndTheRequestsFilesInNameOrder() {
        let p = prompt(.open, "/home/me/Pictures/")
        XCTAssertEqual(p.matches.map(\.shown), ["Albums/", "alpha.png", "alpha.scrawl", "alpine.scrawl", "beta.scrawl"],
                       "documents, pictures (Open makes a PNG a new drawing's stamp) and folders, no hidden names")
        XCTAssertEqual(p.moreMatches, 0)
        let export = prompt(.export(transparent: false), "/home/me/Pictures/x.png", typing: "/home/me/Pictures/al")
        XCTAssertEqual(export.matches.map(\.shown), ["alpha.png"], "Export lists pictures; case counts while something matches")
    }

    func testTabCompletesToTheCommonStartThenTheName() {
        var p = prompt(.open, "/home/me/Pictures/", typing: "alp")
        XCTAssertEqual(p.matches.map(\.name), ["alpha.png", "alpha.scrawl", "alpine.scrawl"])
        XCTAssertFalse(p.complete(home: "/home/me", list: list), "alp is all they share")
        p.type("h")
        XCTAssertTrue(p.complete(home: "/home/me", list: list))
        XCTAssertEqual(p.text, "alpha.", "as far as alpha.png and alpha.scrawl agree")
        p.type("s")
        XCTAssertTrue(p.complete(home: "/home/me", list: list))
        XCTAssertEqual(p.text, "alpha.scrawl")
        XCTAssertEqual(p.path(home: "/home/me"), "/home/me/Pictures/alpha.scrawl", "relative to the suggested folder")
    }

    func testALoneFolderGetsItsSlashAndIsListedNext() {
        var p = prompt(.saveAs, "/home/me/Pictures/new.scrawl", typing: "~/Pic")
        XCTAssertTrue(p.complete(home: "/home/me", list: list))
        XCTAssertEqual(p.text, "~/Pictures/")
        XCTAssertEqual(p.matches.map(\.shown), ["Albums/", "alpha.scrawl", "alpine.scrawl", "beta.scrawl"])
        p.type("alb")
        XCTAssertTrue(p.complete(home: "/home/me", list: list), "ignoring case when nothing matches exactly")
        XCTAssertEqual(p.text, "~/Pictures/Albums/")
        XCTAssertEqual(p.matches.map(\.shown), ["trip.scrawl"])
    }

    func testTabOnTheSelectedSuggestionKeepsIt() {
        var p = prompt(.open, "/home/me/Pictures/")
        XCTAssertTrue(p.selected)
        p.complete(home: "/home/me", list: list)
        XCTAssertFalse(p.selected, "tab keeps the suggestion and goes on from its end")
        XCTAssertEqual(p.text, "/home/me/Pictures/")
        p.type("b")
        p.complete(home: "/home/me", list: list)
        XCTAssertEqual(p.text, "/home/me/Pictures/beta.scrawl")
    }

    func testHiddenNamesOnceADotIsTypedAndTheListIsCut() {
        XCTAssertEqual(prompt(.open, "/home/me/Pictures/", typing: "/home/me/Pictures/.").matches.map(\.name), [".hidden.scrawl"])
        var many = PathPrompt(request: FileRequest(purpose: .open, suggestion: "/big/"))
        many.updateMatches(home: "/home/me") { _ in (0..<20).map { PromptEntry(name: "f\($0).scrawl", isFolder: false) } }
        XCTAssertEqual(many.matches.count, PathPrompt.listedMatches)
        XCTAssertEqual(many.moreMatches, 20 - PathPrompt.listedMatches)
    }

    func testAFolderIsReadOncePerFolderNamed() {
        var p = prompt(.open, "/home/me/Pictures/")
        for c in "alpha" { p.type(String(c)); p.updateMatches(home: "/home/me", list: list) }
        XCTAssertEqual(reads, ["/home/me/Pictures"], "typing within one folder reads it once")
        XCTAssertTrue(prompt(.open, "/nowhere/").matches.isEmpty, "an unreadable folder lists nothing")
    }

    /// `listFolder` reads a real folder: names, folders (links to folders too), nothing else.
    func testListFolderReadsTheFileSystem() throws {
        let dir = NSTemporaryDirectory() + "scrawl-list-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        FileManager.default.createFile(atPath: dir + "/a b.scrawl", contents: Data())
        try FileManager.default.createSymbolicLink(atPath: dir + "/link", withDestinationPath: dir + "/sub")
        let entries = try XCTUnwrap(PathPrompt.listFolder(dir)).sorted { $0.name < $1.name }
        XCTAssertEqual(entries, [PromptEntry(name: "a b.scrawl", isFolder: false), PromptEntry(name: "link", isFolder: true),
                                 PromptEntry(name: "sub", isFolder: true)])
        XCTAssertNil(PathPrompt.listFolder(dir + "/missing"))
    }
}
