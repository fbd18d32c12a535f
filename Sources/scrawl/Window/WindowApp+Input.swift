import CGLFW
import Foundation
import ScrawlCore
import ScrawlStorage

/// Mouse and keys: each GLFW callback turns its event into a `WindowInput`, asks the window's
/// `InputRouter` who gets it (the order is written there) and performs the answer
/// (WindowApp+Routes). The left button is touch 0; with Alt held or in mirror mode a second touch
/// (id 1) moves mirrored through the page centre (the iOS Simulator's Option-key convention).
extension WindowApp {
    static func app(_ window: OpaquePointer?) -> WindowApp? {
        guard let window, let raw = glfwGetWindowUserPointer(window) else { return nil }
        return Unmanaged<WindowApp>.fromOpaque(raw).takeUnretainedValue()
    }

    func installCallbacks() {
        glfwSetWindowUserPointer(window, Unmanaged.passUnretained(self).toOpaque())
        glfwSetKeyCallback(window) { w, key, _, action, mods in
            let press = KeyNames.keyPress(key: key, mods: mods)
            WindowApp.app(w)?.handle(action == GLFW_RELEASE ? .keyUp(press) : .keyDown(press), key: key, mods: mods)
        }
        glfwSetMouseButtonCallback(window) { w, button, action, mods in
            WindowApp.app(w)?.mouseButton(button, pressed: action == GLFW_PRESS, mods: mods)
        }
        glfwSetCursorPosCallback(window) { w, x, y in WindowApp.app(w)?.cursorMoved(x, y) }
        glfwSetScrollCallback(window) { w, dx, dy in
            guard let app = WindowApp.app(w) else { return }
            app.handle(.wheel(dx: dx, dy: dy, at: app.cursorPosition()))
        }
        glfwSetCharCallback(window) { w, codepoint in
            guard let scalar = Unicode.Scalar(codepoint) else { return }
            WindowApp.app(w)?.handle(.text(Character(scalar)))
        }
        // The cursor feedback goes when the pointer leaves the window.
        glfwSetCursorEnterCallback(window) { w, entered in
            guard let app = WindowApp.app(w) else { return }
            if entered == GLFW_FALSE { app.ui.pointerSeen = false; app.ui.cursor = nil }
            app.needsRedraw = true
        }
        glfwSetFramebufferSizeCallback(window) { w, _, _ in WindowApp.app(w)?.needsRedraw = true }
        glfwSetWindowRefreshCallback(window) { w in WindowApp.app(w)?.needsRedraw = true }
        glfwSetWindowSizeCallback(window) { w, _, _ in WindowApp.app(w)?.needsRedraw = true }
        glfwSetDropCallback(window) { w, count, paths in
            guard let paths else { return }
            let list = (0..<Int(count)).compactMap { paths[$0].map { String(cString: $0) } }
            WindowApp.app(w)?.handle(.drop(list))
        }
    }

    /// Asks the router who gets `input`, with the window as it is now, and performs the answer.
    /// `key` and `mods` are a key input's GLFW code and modifiers (the path prompt reads them).
    func handle(_ input: WindowInput, key: Int32 = GLFW_KEY_UNKNOWN, mods: Int32 = 0) {
        // Any key after the one that opened the picker comes after that key's character.
        if case .keyDown = input { ui.picker?.openingCharacter = nil }
        let screen = inputScreen()
        let route = ui.router.route(input, on: screen)
        if route == .prompt(.key) { promptKey(key, mods: mods); return }
        perform(route, on: screen)
    }

    func mouseButton(_ button: Int32, pressed: Bool, mods: Int32) {
        catchUpWithPen(sync: true)
        if pressed, ui.toast?.isError == true { ui.toast = nil; needsRedraw = true }  // an error stays until the next click
        let b = KeyNames.button(button), p = cursorPosition(), m = KeyNames.modifiers(mods)
        handle(pressed ? .press(b, at: p, modifiers: m) : .release(b, at: p, modifiers: m))
    }

    func cursorMoved(_ x: Double, _ y: Double) {
        catchUpWithPen(sync: false)
        if ui.router.mouseIsPens { return }  // the pen's duplicate: the pen's own moves place the cursor
        ui.cursor = Point(x, y)
        ui.pointerSeen = true
        handle(.move(to: Point(x, y), modifiers: heldModifiers()))
    }

    /// The pointer as of the last motion event handled, so a press handled late (a busy frame)
    /// acts where it happened, not where the pointer has moved since; the live position before any.
    func cursorPosition() -> Point {
        if let p = ui.cursor { return p }
        var x = 0.0, y = 0.0
        glfwGetCursorPos(window, &x, &y)
        return Point(x, y)
    }

    /// The shift and alt keys held now.
    func heldModifiers() -> InputModifiers {
        func down(_ a: Int32, _ b: Int32) -> Bool { glfwGetKey(window, a) == GLFW_PRESS || glfwGetKey(window, b) == GLFW_PRESS }
        var m: InputModifiers = []
        if down(GLFW_KEY_LEFT_SHIFT, GLFW_KEY_RIGHT_SHIFT) { m.insert(.shift) }
        if down(GLFW_KEY_LEFT_ALT, GLFW_KEY_RIGHT_ALT) { m.insert(.alt) }
        return m
    }

    /// Records an input event and hands it to the editor.
    func apply(_ event: InputEvent) {
        if ui.toast?.isError == true { ui.toast = nil }  // an error stays until the next action
        session.record(event)
        editor.handle(event)
        for notice in editor.takeNotices() { toast(notice.message) }  // a move stopped at the canvas limit
        autosave()
        needsRedraw = true
    }

    /// A key for the editor: `paste` takes another window's selection from the system clipboard
    /// first; what `copy` and `cut` took goes on the system clipboard.
    func editorKey(_ press: KeyPress, _ action: KeyAction?) {
        if action == .paste, pasteFromClipboard() { return }
        apply(.key(press))
        if action == .copy || action == .cut { publishCopy() }
    }

    /// Puts the selection just copied on the system clipboard as `.scrawl` JSON.
    func publishCopy() {
        let drawables = editor.copiedDrawables
        guard !drawables.isEmpty else { return }
        clipboard.publish(SelectionClipboard.encode(drawables), window: window)
    }

    /// ctrl+v: pastes another window's selection from the system clipboard, else a picture another
    /// program put there (WindowApp+Insert), or says why nothing was pasted (an owner that did not
    /// answer in time, text that is not a selection). False when the clipboard is empty or holds
    /// this window's own copy: the editor pastes that (`.key`).
    func pasteFromClipboard() -> Bool {
        switch clipboard.read(limit: SelectionClipboard.maxBytes) {
        case .ours: return false
        case .empty: return pasteImageFromClipboard()
        case .text(let bytes):
            let text = String(decoding: bytes, as: UTF8.self)
            if !text.contains("\"\(SelectionClipboard.marker)\""), pasteImageFromClipboard() { return true }
            paste(text)
        case .noAnswer: clipboardProblem(WindowClipboard.noAnswer)
        case .tooLarge(let limit): clipboardProblem("The clipboard holds more than \(limit >> 20) MiB of text; nothing was pasted")
        case .unavailable(let why): clipboardProblem("Nothing was pasted: \(why)")
        }
        return true
    }

    /// Pastes selection text from another window. Only a paste that placed drawables is recorded
    /// (a recording never holds clipboard text that pasted nothing); one that did not says why,
    /// and leaves the tool as it was.
    func paste(_ text: String) {
        if ui.toast?.isError == true { ui.toast = nil }
        if let problem = editor.pasteSelection(text: text, decoder: editor.selectionDecoder) {
            clipboardProblem(problem)
            return
        }
        session.record(.paste(text))
        autosave()
        needsRedraw = true
    }

    /// A paste that did not happen: one line on standard error and an error toast.
    func clipboardProblem(_ message: String) {
        printError("scrawl: " + message)
        toast(message, error: true)
    }

    /// Selection text from another window, as the editor pastes it (sharing the images it holds).
    static func decodeSelection(_ text: String, reusing images: [RasterImage]) throws(PasteRefusal) -> [Drawable] {
        try SelectionClipboard.paste(text, reusing: images)
    }

    /// Touch 0 at `p` (canvas points, within the canvas's ±1e6 points), plus touch 1 mirrored
    /// through the page centre when `mirrored`. Alt is a flag on the touch only when it does not mirror.
    /// The pen's touches carry its pressure, tilt and end (pen or eraser).
    func touches(_ phase: TouchPhase, at p: Point, modifiers: InputModifiers, mirrored: Bool, pen: PenSample? = nil) -> [Touch] {
        let clamped = WindowApp.clamped(p)
        let shift = modifiers.contains(.shift), alt = !mirrored && modifiers.contains(.alt)
        func touch(_ id: Int, _ at: Point, alt: Bool) -> Touch {
            Touch(id: id, phase: phase, location: at, shift: shift, alt: alt, pressure: pen?.pressure,
                  tiltX: pen?.tiltX, tiltY: pen?.tiltY, device: pen?.device ?? .mouse)
        }
        var list = [touch(0, clamped, alt: alt)]
        if mirrored {
            let c = Point(editor.canvas.width, editor.canvas.height)
            list.append(touch(1, WindowApp.clamped(c - clamped), alt: false))
        }
        return list
    }

    /// A canvas point within the canvas's ±1e6 points.
    static func clamped(_ p: Point) -> Point {
        let limit = CanvasSpec.coordinateLimit
        return Point(min(max(p.x, -limit), limit), min(max(p.y, -limit), limit))
    }
}
