import XCTest
@testable import ScrawlCore
@testable import ScrawlStorage

/// Reading replay files (`Replay.load`): the system's reason, in the replay error's words.
final class ReplayLoadTests: XCTestCase {
    func testUnreadableFile() {
        XCTAssertThrowsError(try Replay.load(path: "/nonexistent/replay.json")) { error in
            XCTAssertEqual((error as? ReplayError)?.message(file: "replay.json"),
                           "replay.json: cannot read the replay: No such file or directory")
        }
        XCTAssertThrowsError(try Replay.load(path: "/")) { error in
            XCTAssertEqual((error as? ReplayError)?.message(file: "/"), "/: cannot read the replay: Is a directory")
        }
    }
}
