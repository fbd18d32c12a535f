import CGLFW
import Foundation
import ScrawlCore
import ScrawlStorage

/// Mouse and keys: the left button is touch 0; with Alt held or in mirror mode a second touch (id 1)
/// moves mirrored through the page centre (the iOS Simulator's Option-key convention). The wheel,
/// the middle button and space-drag move the view (WindowApp+View).
extension WindowApp {
    static func app(_ window: OpaquePointer?) -> WindowApp? {
        guard let window, let raw = glfwGetWindowUserPointer(window) else { return nil }
        return Unmanaged<WindowApp>.fromOpaque(raw).takeUnretainedValue()
    }

    func installCallbacks() {
        glfwSetWindowUserPointer(window, Unmanaged.passUnretained(self).toOpaque())
        glfwSetKeyCallback(window) { w, key, _, action, mods in
            guard let app = WindowApp.app(w) else { return }
            if app.files.prompt != nil { if action != GLFW_RELEASE { app.promptKey(key, mods: mods) }; return }
            if key == GLFW_KEY_SPACE {
                app.spaceHeld = action != GLFW_RELEASE
                app.updateCursor()
                return
            }
            guard action != GLFW_RELEASE else { return }
            app.key(key, mods: mods)
        }
        glfwSetMouseButtonCallback(window) { w, button, action, mods in
            WindowApp.app(w)?.mouseButton(button, pressed: action == GLFW_PRESS, mods: mods)
        }
        glfwSetCursorPosCallback(window) { w, x, y in WindowApp.app(w)?.cursorMoved(x, y) }
        glfwSetScrollCallback(window) { w, dx, dy in WindowApp.app(w)?.wheel(dx: dx, dy: dy) }
        // Typed text: the path prompt, else the colour picker's hex field (WindowApp+Picker).
        glfwSetCharCallback(window) { w, codepoint in WindowApp.app(w)?.typed(codepoint) }
        // The cursor feedback goes when the pointer leaves the window.
        glfwSetCursorEnterCallback(window) { w, entered in
            guard let app = WindowApp.app(w) else { return }
            if entered == GLFW_FALSE { app.pointerUI.seen = false; app.lastCursor = nil }
            app.needsRedraw = true
        }
        glfwSetFramebufferSizeCallback(window) { w, _, _ in WindowApp.app(w)?.needsRedraw = true }
        glfwSetWindowRefreshCallback(window) { w in WindowApp.app(w)?.needsRedraw = true }
        glfwSetDropCallback(window) { w, count, paths in
            guard let paths else { return }
            let list = (0..<Int(count)).compactMap { paths[$0].map { String(cString: $0) } }
            WindowApp.app(w)?.dropped(list)
        }
        installFileCallbacks()
    }

    /// Records an input event and hands it to the editor.
    func apply(_ event: InputEvent) {
        if toastState?.isError == true { toastState = nil }  // an error stays until the next action
        record(event)
        editor.handle(event)
        for notice in editor.takeNotices() { toast(notice.message) }  // a move stopped at the canvas limit
        autosave()
        needsRedraw = true
    }

    /// Writes `event` to the recording (`--record`), if there is one.
    func record(_ event: InputEvent) {
        do { try recorder?.record(event) } catch {
            printError("scrawl: \(error); recording stopped")
            recorder = nil
        }
    }

    func key(_ key: Int32, mods: Int32) {
        guard let press = KeyNames.keyPress(key: key, mods: mods) else { return }
        if pickerKey(press) { return }  // the open picker takes typing, enter and escape
        let action = KeyTable.binding(for: press)?.action
        if case .window(let windowAction) = action { perform(windowAction); return }
        if action == .paste, pasteFromClipboard() { return }
        if pointerDown, [.undo, .redo, .clear].contains(action) {
            pointerDown = false  // the editor cancels the touches; later moves must not revive them
        }
        apply(.key(press))
        if action == .copy || action == .cut { publishCopy() }
    }

    /// Puts the selection just copied on the system clipboard as `.scrawl` JSON.
    func publishCopy() {
        let drawables = editor.copiedDrawables
        guard !drawables.isEmpty else { return }
        clipboard.publish(SelectionClipboard.encode(drawables), window: window)
    }

    /// ctrl+v: pastes another window's selection from the system clipboard, or says why nothing
    /// was pasted (an owner that did not answer in time, text that is not a selection). False when
    /// the clipboard is empty or holds this window's own copy: the editor pastes that (`.key`).
    func pasteFromClipboard() -> Bool {
        switch clipboard.read(limit: SelectionClipboard.maxBytes) {
        case .empty, .ours: return false
        case .text(let bytes): paste(String(decoding: bytes, as: UTF8.self))
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
        if toastState?.isError == true { toastState = nil }
        if let problem = editor.pasteSelection(text: text, decoder: editor.selectionDecoder) {
            clipboardProblem(problem)
            return
        }
        record(.paste(text))
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

    /// Does what a window-level key binding asks.
    func perform(_ action: KeyAction.WindowAction) {
        switch action {
        case .quit: glfwSetWindowShouldClose(window, GLFW_TRUE)
        case .save: save()
        case .open: chooseFile(.open)
        case .saveAs: chooseFile(.saveAs)
        case .export(let transparent): chooseFile(.export(transparent: transparent))
        case .toggleMirror: mirror.toggle(); needsRedraw = true
        case .zoomIn, .zoomOut, .zoomToFit, .zoomToActualSize: zoomAction(action)
        case .toggleHelp: helpShown.toggle(); needsRedraw = true
        case .colorPicker: togglePicker(fill: false, byKey: true)
        case .colorPickerFill: togglePicker(fill: true, byKey: true)
        }
    }

    /// The pointer as of the last motion event handled, so a press handled late (a busy frame)
    /// acts where it happened, not where the pointer has moved since; the live position before any.
    func cursorPosition() -> (Double, Double) {
        if let p = lastCursor { return p }
        var x = 0.0, y = 0.0
        glfwGetCursorPos(window, &x, &y)
        return (x, y)
    }

    func mouseButton(_ button: Int32, pressed: Bool, mods: Int32) {
        if pressed, toastState?.isError == true { toastState = nil; needsRedraw = true }
        if button == GLFW_MOUSE_BUTTON_MIDDLE || (button == GLFW_MOUSE_BUTTON_LEFT && (panFrom != nil || (pressed && spaceHeld && !pointerDown))) {
            if pressed && panFrom == nil { beginPan() } else if !pressed { endPan() }
            return
        }
        guard button == GLFW_MOUSE_BUTTON_LEFT else { return }
        let (x, y) = cursorPosition()
        let p = canvasPoint(cursorX: x, cursorY: y)
        if !pointerDown, pickerMouse(pressed: pressed, at: p.content) { return }
        if pressed {
            if let hit = layout.hit(p.content), isLive(hit) {
                clickBar(hit, shift: mods & GLFW_MOD_SHIFT != 0)
                return
            }
            // An empty part of a bar does nothing (and a press there never draws when dragged on).
            if isOverBars(p.content) { return }
            pointerDown = true
            // Alt mirrors the drawing tools' touch; the eraser and the selection take it as a flag
            // (alt-scaling keeps stroke widths).
            pointerMirrored = editor.tool.kind.draws && (mirror || mods & GLFW_MOD_ALT != 0)
            apply(.touches(touches(.began, at: p.canvas, mods: mods)))
        } else if pointerDown {
            pointerDown = false
            apply(.touches(touches(.ended, at: p.canvas, mods: mods)))
        }
    }

    func cursorMoved(_ x: Double, _ y: Double) {
        lastCursor = (x, y)
        pointerUI.seen = true
        if panFrom != nil { pan(toCursorX: x, y: y); return }
        if pickerMoved(to: Point(x, y)) { return }
        guard pointerDown else { hovered(at: Point(x, y)); return }
        apply(.touches(touches(.moved, at: canvasPoint(cursorX: x, cursorY: y).canvas, mods: heldModifiers())))
    }

    /// Whether a window point lies on the colour or the shape bar (when they are shown).
    func isOverBars(_ p: Point) -> Bool {
        guard editor.barsVisible else { return false }
        return p.y < barHeight || p.y >= barHeight + canvasAreaSize.height
    }

    /// The shift and alt keys held now, as GLFW modifier bits.
    func heldModifiers() -> Int32 {
        func down(_ a: Int32, _ b: Int32) -> Bool { glfwGetKey(window, a) == GLFW_PRESS || glfwGetKey(window, b) == GLFW_PRESS }
        return (down(GLFW_KEY_LEFT_SHIFT, GLFW_KEY_RIGHT_SHIFT) ? GLFW_MOD_SHIFT : 0)
            | (down(GLFW_KEY_LEFT_ALT, GLFW_KEY_RIGHT_ALT) ? GLFW_MOD_ALT : 0)
    }

    /// Touch 0 at `p` (within the canvas's ±1e6 points), plus touch 1 mirrored through the page
    /// centre when mirroring. Alt is a flag on the touch only when it does not mirror.
    func touches(_ phase: TouchPhase, at p: Point, mods: Int32) -> [Touch] {
        let limit = CanvasSpec.coordinateLimit
        let clamped = Point(min(max(p.x, -limit), limit), min(max(p.y, -limit), limit))
        let shift = mods & GLFW_MOD_SHIFT != 0, alt = !pointerMirrored && mods & GLFW_MOD_ALT != 0
        var list = [Touch(id: 0, phase: phase, location: clamped, shift: shift, alt: alt)]
        if pointerMirrored {
            let c = Point(editor.canvas.width, editor.canvas.height)
            let m = c - clamped
            list.append(Touch(id: 1, phase: phase, location: Point(min(max(m.x, -limit), limit), min(max(m.y, -limit), limit)),
                              shift: shift))
        }
        return list
    }

    /// A click on a swatch or tool does what its key does (and is recorded as that key).
    func clickBar(_ hit: ToolbarHit, shift: Bool) {
        switch hit {
        case .swatch(let i):
            let choice = ColorChoice.bar[i].choice
            if let chord = KeyTable.chord(for: shift ? .fillColor(choice) : .strokeColor(choice)) { apply(.key(chord)) }
        case .tool(let kind):
            if let chord = KeyTable.chord(for: .selectTool(kind)) { apply(.key(chord)) }
        case .colorIndicator(let fill): togglePicker(fill: fill || shift)
        case .recent(let i):
            guard i < editor.recentColours.count else { return }
            let c = editor.recentColours[i]
            applyColour(shift ? .fill(c) : .stroke(c))
        case .width: stepValue(.stepWidth(shift ? -1 : 1))
        case .opacity: stepValue(.stepOpacity(shift ? -1 : 1))
        }
    }
}
