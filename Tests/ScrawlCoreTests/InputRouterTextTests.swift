import XCTest
@testable import ScrawlCore

/// While a text is edited (`InputScreen.textEditing`), keys without ctrl and typed characters go to
/// the editor: not to the window's own bindings (`c` the picker, `m` mirror, `f1` help, `ctrl` ones
/// excepted), not to space's pan; with the prompt or the picker open, they go there as before.
final class InputRouterTextTests: XCTestCase {
    private let bars = ToolbarLayout(canvas: CanvasSpec(width: 800, height: 600), visible: true)
    private var router = InputRouter()

    private func screen(editing: Bool = true, prompt: Bool = false) -> InputScreen {
        var s = InputScreen(promptOpen: prompt, bars: bars, barHeight: 44)
        s.textEditing = editing
        return s
    }

    private func down(_ name: String, _ s: InputScreen) -> InputRoute { router.route(.keyDown(KeyPress(name: name)!), on: s) }

    func testKeysAndCharactersGoToTheText() {
        for name in ["c", "shift+c", "m", "n", "f1", "shift+/", "space", "p", "escape", "enter", "tab", "home"] {
            XCTAssertEqual(down(name, screen()), .canvas(.key(KeyPress(name: name)!, nil)), name)
            XCTAssertEqual(router.route(.keyUp(KeyPress(name: name)!), on: screen()), .none, name)
        }
        XCTAssertEqual(router.route(.text("é"), on: screen()), .canvas(.text("é")))
        XCTAssertEqual(router.route(.text("é"), on: screen(editing: false)), .none, "no text edited: nobody")
        XCTAssertEqual(down("ctrl+s", screen()), .window(.save), "ctrl keys keep their bindings")
        XCTAssertEqual(down("ctrl+z", screen()), .canvas(.key(KeyPress(name: "ctrl+z")!, .undo)))
        XCTAssertEqual(down("c", screen(editing: false)), .picker(.toggle(fill: false)), "not editing: the picker as before")
        XCTAssertEqual(down("c", screen(prompt: true)), .prompt(.key), "the prompt comes first")
        XCTAssertEqual(router.route(.text("c"), on: screen(prompt: true)), .prompt(.text("c")))
    }
}
