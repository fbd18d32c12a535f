import ScrawlCore
@testable import ScrawlGL
import XCTest

final class ShaderTests: GLTestCase {
    func testEveryEmbeddedShaderCompiles() throws {
        try withRenderer { _ in
            XCTAssertFalse(ShaderLibrary.names.isEmpty)
            for name in ShaderLibrary.names {
                XCTAssertNotNil(ShaderStage(fileName: name), "\(name): suffix names no stage")
                XCTAssertNoThrow(try Shader(named: name), name)
            }
        }
    }

    func testEveryProgramLinksAndEveryShaderIsUsed() throws {
        try withRenderer { _ in
            for spec in ProgramSpec.all { XCTAssertNoThrow(try ShaderProgram(spec), spec.name) }
            let used = Set(ProgramSpec.all.flatMap { [$0.vertex, $0.fragment] })
            XCTAssertEqual(used, Set(ShaderLibrary.names), "every Shaders/*.glsl belongs to a program")
        }
    }

    func testBrokenShaderThrowsWithDriverLog() throws {
        try withRenderer { _ in
            let source = "#version 330 core\nvoid main() { undefined_thing = 1.0; }\n"
            XCTAssertThrowsError(try Shader(stage: .fragment, name: "broken.frag", source: source)) { error in
                guard case let GLError.shaderCompile(stage, name, log) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(stage, "fragment")
                XCTAssertEqual(name, "broken.frag")
                XCTAssertFalse(log.isEmpty)
                XCTAssertTrue("\(error)".contains("broken.frag"))
            }
            // The failed shader is deleted once (by deinit): no GL error is left for a later check.
            XCTAssertNoThrow(try GLCheck.check("after a failed compile"))
        }
    }

    func testUnresolvedFunctionFailsToLink() throws {
        try withRenderer { _ in
            let vertex = try Shader(named: "stroke.vert.glsl")
            let fragment = try Shader(stage: .fragment, name: "unresolved.frag", source: """
                #version 330 core
                vec4 declaredNeverDefined();
                out vec4 o_color;
                void main() { o_color = declaredNeverDefined(); }
                """)
            XCTAssertThrowsError(try ShaderProgram(name: "mismatch", vertex: vertex, fragment: fragment)) { error in
                guard case let GLError.programLink(name, log) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(name, "mismatch")
                XCTAssertFalse(log.isEmpty)
            }
            XCTAssertNoThrow(try GLCheck.check("after a failed link"))
        }
    }

    func testUnknownShaderFileIsATypedError() throws {
        try withRenderer { _ in
            XCTAssertThrowsError(try Shader(named: "nope.frag.glsl")) { error in
                guard case GLError.shaderCompile(_, "nope.frag.glsl", _) = error else { return XCTFail("\(error)") }
            }
        }
    }
}

final class ContextTests: XCTestCase {
    /// Without a current context the GL layer throws instead of letting libepoxy abort the process.
    func testNoCurrentContextIsATypedError() throws {
        let gl = try HeadlessGL.shared()
        try gl.withContext {}  // serialise with GL tests; the context is released afterwards
        XCTAssertThrowsError(try Renderer()) { XCTAssertEqual($0 as? GLError, .noCurrentContext) }
        XCTAssertThrowsError(try RenderTarget(width: 4, height: 4)) { XCTAssertEqual($0 as? GLError, .noCurrentContext) }
        XCTAssertThrowsError(try StreamingMesh()) { XCTAssertEqual($0 as? GLError, .noCurrentContext) }
    }

    func testSharedContextIsOneObjectAndReentrant() throws {
        let a = try HeadlessGL.shared(), b = try HeadlessGL.shared()
        XCTAssertTrue(a === b)
        try a.withContext { try a.withContext { try a.makeCurrent() } }
    }
}
