import XCTest
final class ScrawlAppTestsPlaceholder: XCTestCase { func testNothing() {} }
