import Foundation
@testable import ScrawlGL
import XCTest

/// The background start hands its renderer over whole: its thread keeps no reference to it, so the
/// renderer ends on the thread that took it, with its context current there. (A reference the
/// thread kept until its closure returned made the renderer end on that thread now and then, after
/// the context had moved away: epoxy asserted "Couldn't find current GLX or EGL context" as a
/// command that had failed was exiting.)
final class HeadlessStartTests: XCTestCase {
    func testTheRendererEndsOnTheThreadThatTookIt() throws {
        for i in 0..<40 {
            let start = HeadlessStart()
            weak var taken: Renderer?
            do {
                let renderer = try start.renderer()
                taken = renderer
                XCTAssertNotNil(taken)
            }
            XCTAssertNil(taken, "start \(i): the start's thread still held the renderer when the taker let it go")
            try HeadlessGL.shared().releaseCurrent()
        }
    }
}
