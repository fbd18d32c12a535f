import Foundation
import XCTest
import ScrawlCore
import ScrawlSession
import ScrawlStorage

/// A temporary home with its own state, pictures and config folders, and sessions started in it
/// through an injected environment: nothing reads the real process environment.
final class SessionSandbox {
    let root: String
    var variables: [String: String]

    init() throws {
        root = NSTemporaryDirectory() + "scrawl-session-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        for sub in ["state", "pics", "config", "docs", "tmp"] {
            try FileManager.default.createDirectory(atPath: root + "/" + sub, withIntermediateDirectories: true)
        }
        FileManager.default.createFile(atPath: root + "/blocker", contents: Data("not a folder".utf8))
        variables = ["HOME": root, "XDG_STATE_HOME": root + "/state", "XDG_PICTURES_DIR": root + "/pics",
                     "XDG_CONFIG_HOME": root + "/config", "TMPDIR": root + "/tmp"]
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// A folder that cannot exist (under a regular file: ENOTDIR, even for root).
    var blocked: String { root + "/blocker" }

    var environment: SessionEnvironment { SessionEnvironment(variables: variables) }

    /// `SessionStart.make` then a session over it, as the window starts one.
    func start(_ file: String? = nil) throws -> DocumentSession {
        let start = try SessionStart.make(file: file, environment: environment)
        let editor = Editor(canvas: start.canvas, seed: 1, stampImage: start.stamp ?? .defaultStamp,
                            displayList: start.displayList)
        return DocumentSession(start: start, environment: environment, editor: editor)
    }

    /// The `.scrawl` files in a folder under the sandbox.
    func documents(in sub: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root + "/" + sub)) ?? []).filter { $0.hasSuffix(".scrawl") }.sorted()
    }

    /// The autosave sessions left in the state folder.
    var sessions: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root + "/state/scrawl")) ?? []).filter { $0.hasPrefix("session-") }
    }

    /// A document with `count` strokes at `path`.
    func makeDocument(_ path: String, count: Int) throws {
        try DocumentStore.standard.save((0..<count).map(stroke), canvas: CanvasSpec(width: 300, height: 200), to: path)
    }

    func drawables(_ path: String) throws -> Int { try DocumentStore.standard.open(path).drawables.count }
}

/// A short stroke, different for each `i`.
func stroke(_ i: Int) -> Drawable {
    .path(PathDrawable(path: Path(elements: [.move(Point(Double(i) * 3, 5)), .line(Point(Double(i) * 3 + 20, 40))]),
                       stroke: .black, fill: nil, style: StrokeOptions()))
}

extension DocumentSession {
    /// Commits `n` strokes, as the tools do, and lets autosave follow.
    func draw(_ n: Int) {
        for i in 0..<n { editor.commit(stroke(editor.displayList.count + i)) }
        autosave()
    }

    /// What a kill -9 leaves: the journal's files, no quit.
    func crash() { journal?.close() }
}
