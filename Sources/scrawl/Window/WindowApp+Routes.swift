import CGLFW
import Foundation
import ScrawlCore

/// What the window does with each answer of the input router (who gets an input is decided there,
/// not here).
extension WindowApp {
    /// Performs `route`, given for an input on `screen`.
    func perform(_ route: InputRoute, on screen: InputScreen) {
        let barHeight = screen.barHeight
        switch route {
        case .none: return
        case .prompt(.key): return  // the key callback hands the key code to `promptKey`
        case .prompt(.text(let c)): promptTyped(c)
        case .picker(let p): perform(p)
        case .layers(let l): perform(l)
        case .overlay: ui.helpShown.toggle(); needsRedraw = true
        case .bars(.click(let hit, let shift, let ctrl)): clickBar(hit, shift: shift, ctrl: ctrl)
        case .bars(.step(let hit, let up)): stepValue(hit == .width ? .stepWidth(up ? 1 : -1) : .stepOpacity(up ? 1 : -1))
        case .hover(let p): hovered(at: p, on: screen)
        case .hoverEnded: ui.pointerSeen = false; ui.hover = nil; needsRedraw = true
        case .view(let v): perform(v, barHeight: barHeight)
        case .canvas(.key(let press, let action)): editorKey(press, action)
        case .canvas(.text(let c)): apply(.text(String(c)))
        case .canvas(.touches(let phase, let p, let mods, let mirrored, let pen)):
            if phase == .began { ui.firstHint = false }
            let top = editor.barsVisible ? barHeight : 0
            let at = editor.viewport.canvasPoint(atWindow: Point(p.x, p.y - top))
            apply(.touches(touches(phase, at: at, modifiers: mods, mirrored: mirrored, pen: pen)))
        case .canvas(.fingers(let fingers)):
            if fingers.contains(where: { $0.phase == .began }) { ui.firstHint = false }
            let top = editor.barsVisible ? barHeight : 0
            apply(.touches(fingers.map { f in
                Touch(id: f.id, phase: f.phase, location: WindowApp.clamped(editor.viewport.canvasPoint(atWindow: Point(f.at.x, f.at.y - top))),
                      device: .touch)
            }))
        case .window(let action): perform(action)
        case .files(let paths): dropped(paths)
        }
    }

    func perform(_ route: ViewRoute, barHeight: Double) {
        switch route {
        case .space, .beginPan, .endPan: updateCursor()
        case .pan(let from, let to): setView(editor.viewport.panned(byWindow: to - from))
        case .wheel(let dx, let dy, let p): scrolled(dx: dx, dy: dy, anchor: Point(p.x, p.y - (editor.barsVisible ? barHeight : 0)))
        case .zoom(let action): zoomAction(action)
        case .touchGesture(let from, let to, let scale):
            let top = editor.barsVisible ? barHeight : 0
            touchGesture(from: Point(from.x, from.y - top), to: Point(to.x, to.y - top), scale: scale)
        }
    }

    /// Does what a window-level key binding asks.
    func perform(_ action: KeyAction.WindowAction) {
        switch action {
        case .quit: glfwSetWindowShouldClose(window, GLFW_TRUE)
        case .save: save()
        case .open: chooseFile(.open)
        case .saveAs: chooseFile(.saveAs)
        case .export(let transparent): chooseFile(.export(transparent: transparent))
        case .revert: revert()
        case .insertImage: chooseFile(.insertImage)
        case .toggleMirror: ui.mirror.toggle(); needsRedraw = true
        case .toggleTouchMode: ui.touchMode = ui.touchMode.toggled; toast(ui.touchMode == .draw ? "Fingers draw" : "Fingers pan and zoom"); needsRedraw = true
        case .zoomIn, .zoomOut, .zoomToFit, .zoomToActualSize: zoomAction(action)
        case .toggleHelp: ui.helpShown.toggle(); needsRedraw = true
        case .colorPicker: togglePicker(fill: false, byKey: true)
        case .colorPickerFill: togglePicker(fill: true, byKey: true)
        case .toggleLayers: toggleLayerPanel()
        }
    }

    /// A click on a swatch, tool or command does what its key does (and is recorded as that key).
    func clickBar(_ hit: ToolbarHit, shift: Bool, ctrl: Bool = false) {
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
        case .pressure: if let event = editor.pressureClick(shift: shift) { apply(.ink(event)) }
        case .stabilizer: stepValue(.stepStabilizer)
        case .touchMode: perform(KeyAction.WindowAction.toggleTouchMode)
        case .command(let command): press(command.action)
        case .zoom: zoomAction(ctrl ? .zoomToFit : .zoomToActualSize)
        case .selectMode: press(.selectTool(editor.tool.kind))
        }
    }

    /// Does what the first key bound to `action` does, as if it were pressed: the window's own
    /// (save, export) as that key does them, the editor's recorded as that key.
    func press(_ action: KeyAction) {
        guard let chord = KeyTable.chord(for: action) else { return }
        switch action {
        case .window(let w): perform(w)
        default: editorKey(chord, action)
        }
    }

    /// Steps the width or opacity as its key does (recorded as that key).
    func stepValue(_ action: KeyAction) {
        if let chord = KeyTable.chord(for: action) { apply(.key(chord)) }
    }

    /// A colour chosen without a key of its own: recorded as the key where one exists, else as a `color` event.
    func applyColour(_ choice: ColorEvent) {
        apply(choice.key.map { .key($0) } ?? .color(choice))
    }
}
