import XCTest
final class ScrawlGLTestsPlaceholder: XCTestCase { func testNothing() {} }
