import CEpoxy
import ScrawlCore
@testable import ScrawlGL
import XCTest

/// GL errors are caught in the builds CI tests (release): `Renderer.checksErrors` is a runtime
/// switch, not `#if DEBUG`, and the GL test support turns it on.
final class GLErrorCheckTests: GLTestCase {
    func testTheGLTestsCheckErrors() throws {
        try withRenderer { _ in XCTAssertTrue(Renderer.checksErrors) }
    }

    /// An invalid GL call is recorded by the next renderer operation, named after it.
    func testAnInjectedGLErrorIsRecorded() throws {
        try withRenderer { renderer in
            let target = try RenderTarget(width: 4, height: 4)
            epoxy_glEnable(GLenum(0x7fff_0001))  // not a capability: GL_INVALID_ENUM
            renderer.clear(target, to: .white)
            XCTAssertEqual(renderer.lastError, .glError(code: UInt32(GL_INVALID_ENUM), call: "clear"))
            renderer.clear(target, to: .white)
            XCTAssertEqual(renderer.lastError, .glError(code: UInt32(GL_INVALID_ENUM), call: "clear"),
                           "the first error is kept")
            renderer.resetLastError()
        }
    }

    /// With the switch off nothing is checked (the error stays queued for whoever checks next).
    func testSwitchedOffNothingIsRecorded() throws {
        try withRenderer { renderer in
            let target = try RenderTarget(width: 4, height: 4)
            Renderer.checksErrors = false
            defer { Renderer.checksErrors = true }
            epoxy_glEnable(GLenum(0x7fff_0001))
            renderer.clear(target, to: .white)
            XCTAssertNil(renderer.lastError)
            GLCheck.drain()
        }
    }

    /// The release build this suite runs in (`make test`) checks only because the switch is on.
    func testDefaultIsOnlyForDebugBuilds() {
        #if DEBUG
        XCTAssertTrue(GLCheck.isDebugBuild)
        #else
        XCTAssertFalse(GLCheck.isDebugBuild)
        #endif
    }
}
