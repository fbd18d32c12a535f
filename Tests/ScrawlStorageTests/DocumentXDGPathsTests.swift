import Foundation
import XCTest
@testable import ScrawlCore
@testable import ScrawlStorage

/// XDG folder resolution, all through an explicit environment (no real home folder involved).
final class DocumentXDGPathsTests: XCTestCase {
    private var home = ""

    override func setUp() { home = DocTest.makeTempFolder("scrawl-home") }
    override func tearDown() { DocTest.remove(home) }

    private func mkdirs(_ path: String) {
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    private func writeUserDirs(_ text: String, config: String? = nil) {
        let dir = config ?? home + "/.config"
        mkdirs(dir)
        DocTest.write(Array(text.utf8), to: dir + "/user-dirs.dirs")
    }

    func testPicturesFromTheEnvironmentVariable() {
        mkdirs(home + "/Art")
        mkdirs(home + "/Pictures")
        XCTAssertEqual(XDGPaths.picturesDirectory(environment: ["HOME": home, "XDG_PICTURES_DIR": home + "/Art/"]), home + "/Art")
        // Missing or relative: ignored.
        XCTAssertEqual(XDGPaths.picturesDirectory(environment: ["HOME": home, "XDG_PICTURES_DIR": home + "/Nope"]), home + "/Pictures")
        XCTAssertEqual(XDGPaths.picturesDirectory(environment: ["HOME": home, "XDG_PICTURES_DIR": "Art"]), home + "/Pictures")
    }

    func testPicturesFromUserDirs() {
        mkdirs(home + "/Bilder")
        mkdirs(home + "/Pictures")
        writeUserDirs("""
            # This file is written by xdg-user-dirs-update
            XDG_DESKTOP_DIR="$HOME/Schreibtisch"
            XDG_PICTURES_DIR="$HOME/Bilder"
            XDG_VIDEOS_DIR="$HOME/Videos"
            """)
        XCTAssertEqual(XDGPaths.picturesDirectory(environment: ["HOME": home]), home + "/Bilder")
    }

    func testUserDirsInXDGConfigHome() {
        let config = home + "/elsewhere"
        mkdirs(home + "/Drawings")
        writeUserDirs("XDG_PICTURES_DIR=\"\(home)/Drawings\"\n", config: config)
        XCTAssertEqual(XDGPaths.picturesDirectory(environment: ["HOME": home, "XDG_CONFIG_HOME": config]), home + "/Drawings")
        // Without XDG_CONFIG_HOME that file is not found.
        XCTAssertEqual(XDGPaths.picturesDirectory(environment: ["HOME": home]), home)
    }

    func testUserDirsValueParsing() {
        func parse(_ line: String) -> String? {
            XDGPaths.userDirectory("XDG_PICTURES_DIR", inUserDirs: line, home: "/home/ann")
        }
        XCTAssertEqual(parse(#"XDG_PICTURES_DIR="$HOME/Pictures""#), "/home/ann/Pictures")
        XCTAssertEqual(parse(#"XDG_PICTURES_DIR="${HOME}/My Pictures""#), "/home/ann/My Pictures")
        XCTAssertEqual(parse(#"XDG_PICTURES_DIR="$HOME/Say \"cheese\" \$5""#), #"/home/ann/Say "cheese" $5"#)
        XCTAssertEqual(parse(#"XDG_PICTURES_DIR="/srv/photos/""#), "/srv/photos")
        XCTAssertEqual(parse(#"XDG_PICTURES_DIR="$HOME/""#), "/home/ann")
        XCTAssertEqual(parse(#"XDG_PICTURES_DIR=$HOME/Unquoted  # comment"#), "/home/ann/Unquoted")
        XCTAssertEqual(parse(#"  export XDG_PICTURES_DIR='$HOME/single'"#), "/home/ann/single")
        XCTAssertNil(parse(#"XDG_PICTURES_DIR="Pictures""#), "relative paths are not allowed")
        XCTAssertNil(parse(#"# XDG_PICTURES_DIR="$HOME/Commented""#))
        XCTAssertNil(parse(#"XDG_PICTURES_DIRX="$HOME/Other""#))
        XCTAssertEqual(parse("XDG_PICTURES_DIR=\"$HOME/a\"\r\nXDG_PICTURES_DIR=\"$HOME/b\"\r\n"), "/home/ann/b", "the last one wins")
    }

    func testPicturesFallbacks() {
        writeUserDirs(#"XDG_PICTURES_DIR="$HOME/Gone""#)
        XCTAssertEqual(XDGPaths.picturesDirectory(environment: ["HOME": home]), home, "no Pictures folder: home")
        mkdirs(home + "/Pictures")
        XCTAssertEqual(XDGPaths.picturesDirectory(environment: ["HOME": home]), home + "/Pictures")
        XCTAssertEqual(XDGPaths.picturesDirectory(environment: ["HOME": home + "/"]), home + "/Pictures")
    }

    func testStateDirectory() {
        XCTAssertEqual(XDGPaths.stateDirectory(environment: ["HOME": "/home/ann", "XDG_STATE_HOME": "/var/state/"]), "/var/state/scrawl")
        XCTAssertEqual(XDGPaths.stateDirectory(environment: ["HOME": "/home/ann"]), "/home/ann/.local/state/scrawl")
        XCTAssertEqual(XDGPaths.stateDirectory(environment: ["HOME": "/home/ann", "XDG_STATE_HOME": ""]), "/home/ann/.local/state/scrawl")
        XCTAssertEqual(XDGPaths.stateDirectory(environment: ["HOME": "/home/ann", "XDG_STATE_HOME": "rel"]), "/home/ann/.local/state/scrawl")
        XCTAssertTrue(XDGPaths.stateDirectory(environment: [:]).hasSuffix("/.local/state/scrawl"))
    }

    func testDefaultDocumentName() {
        var c = DateComponents()
        c.year = 2026; c.month = 11; c.day = 29; c.hour = 14; c.minute = 3; c.second = 7
        c.timeZone = TimeZone(identifier: "UTC")
        let date = Calendar(identifier: .gregorian).date(from: c)!
        XCTAssertEqual(XDGPaths.defaultDocumentName(date: date, timeZone: TimeZone(identifier: "UTC")!),
                       "Scrawl 2026-11-29 14-03-07.scrawl")
        XCTAssertEqual(XDGPaths.defaultDocumentName(date: date, timeZone: TimeZone(secondsFromGMT: 3600)!),
                       "Scrawl 2026-11-29 15-03-07.scrawl")
    }

    func testDefaultSavePathAvoidsExistingFiles() {
        mkdirs(home + "/Pictures")
        let store = DocumentStore()
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        let utc = TimeZone(identifier: "UTC")!
        let first = store.defaultSavePath(environment: ["HOME": home], date: date, timeZone: utc)
        XCTAssertEqual(first, home + "/Pictures/Scrawl 2027-01-15 08-00-00.scrawl")
        DocTest.write([], to: first)
        XCTAssertEqual(store.defaultSavePath(environment: ["HOME": home], date: date, timeZone: utc),
                       home + "/Pictures/Scrawl 2027-01-15 08-00-00 2.scrawl")
        XCTAssertEqual(DocumentStore.pngPath(forDocument: "/a/b.scrawl"), "/a/b.png")
        XCTAssertEqual(DocumentStore.pngPath(forDocument: "/a/b"), "/a/b.png")
        XCTAssertEqual(DocumentStore.pngPath(forDocument: "/a.scrawl/.scrawl"), "/a.scrawl/.scrawl.png")
    }
}
