import XCTest
final class ScrawlCoreTestsPlaceholder: XCTestCase { func testNothing() {} }
