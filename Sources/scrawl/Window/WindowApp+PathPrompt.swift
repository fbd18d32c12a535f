import CGLFW
import Foundation
import ScrawlCore
import ScrawlGL

/// The in-window path prompt: keys and typed characters go to it while it is open (`InputRouter`),
/// and it is drawn as a bar across the bottom of the canvas area.
extension WindowApp {
    /// The colour of the prompt's "exists — enter again to replace" line.
    static let promptWarning = Color(r: 0xff, g: 0xa0, b: 0x30)

    /// Shows the prompt for `request`, with the names matching its suggestion listed.
    func openPrompt(_ request: FileRequest) {
        var prompt = PathPrompt(request: request)
        prompt.updateMatches(home: session.environment.homeDirectory, list: PathPrompt.listFolder)
        ui.prompt = prompt
        if graphics?.text == nil, !files.toldNoFont {
            files.toldNoFont = true
            printError("scrawl: no font to draw the path prompt; type the path and press enter, or escape")
        }
        needsRedraw = true
    }

    /// A key pressed (or repeated) while the prompt is open: editing keys act, every other key is
    /// swallowed so typing never reaches the tools.
    func promptKey(_ key: Int32, mods: Int32) {
        guard var prompt = ui.prompt else { return }
        let ctrl = mods & GLFW_MOD_CONTROL != 0
        switch key {
        case GLFW_KEY_ENTER, GLFW_KEY_KP_ENTER:
            promptEnter(prompt)
            return
        case GLFW_KEY_ESCAPE: ui.prompt = nil; needsRedraw = true; return
        case GLFW_KEY_BACKSPACE: prompt.backspace()
        case GLFW_KEY_RIGHT, GLFW_KEY_END: prompt.deselect()
        case GLFW_KEY_TAB: prompt.complete(home: session.environment.homeDirectory, list: PathPrompt.listFolder)
        case GLFW_KEY_U where ctrl: prompt.clear()
        case GLFW_KEY_V where ctrl: promptPaste(into: &prompt)
        default: return
        }
        prompt.updateMatches(home: session.environment.homeDirectory, list: PathPrompt.listFolder)
        ui.prompt = prompt
        needsRedraw = true
    }

    /// A character typed into the prompt.
    func promptTyped(_ c: Character) {
        guard var prompt = ui.prompt else { return }
        prompt.type(String(c))
        prompt.updateMatches(home: session.environment.homeDirectory, list: PathPrompt.listFolder)
        ui.prompt = prompt
        needsRedraw = true
    }

    /// ctrl+v in the prompt: the clipboard's text as one line (`PathPrompt.pasteLine`), typed; what
    /// was left out, or why nothing was pasted, is said on standard error and in a toast.
    func promptPaste(into prompt: inout PathPrompt) {
        let text: String
        switch clipboard.read(limit: PathPrompt.maxPasteBytes) {
        case .empty: return
        case .ours: text = clipboard.lastText ?? ""
        case .text(let bytes):
            guard let valid = String(validating: bytes, as: UTF8.self) else {
                return clipboardProblem("The clipboard's text is not valid UTF-8, so it cannot be a file name; nothing was pasted")
            }
            text = valid
        case .noAnswer: return clipboardProblem(WindowClipboard.noAnswer)
        case .tooLarge(let limit):
            return clipboardProblem("The clipboard holds more than \(limit >> 20) MiB of text, too much for a path; nothing was pasted")
        case .unavailable(let why): return clipboardProblem("Nothing was pasted: \(why)")
        }
        switch PathPrompt.pasteLine(text) {
        case .refused(let why): clipboardProblem(why)
        case .line(let line, let note):
            prompt.type(line)
            if let note { clipboardProblem(note) }
        }
    }

    /// Enter: acts on the path, unless it would replace an existing file (not the open document)
    /// that the first enter has not already named: then the prompt asks for a second enter.
    func promptEnter(_ prompt: PathPrompt) {
        needsRedraw = true
        guard let path = prompt.path(home: session.environment.homeDirectory) else { ui.prompt = nil; return }
        if let target = WindowApp.target(path, for: prompt.request.purpose), !session.isDocument(target),
           FileManager.default.fileExists(atPath: target), prompt.replacing != target {
            var asking = prompt
            asking.askToReplace(target)
            ui.prompt = asking
            return
        }
        ui.prompt = nil
        chosen(path, for: prompt.request.purpose)
    }

    /// The prompt's height in device pixels at content scale `cs`.
    static func promptHeight(cs: Double) -> Int { Int((WindowApp.textPoints * cs * 1.5 + 16 * cs).rounded()) }

    /// The height of one row of the list of matching names above the prompt.
    static func matchRowHeight(cs: Double) -> Int { Int((WindowApp.textPoints * cs * 1.4).rounded()) }

    /// The prompt's height with its list of matching names (what a toast rises above).
    func promptPanelHeight(cs: Double) -> Int {
        guard let prompt = ui.prompt else { return 0 }
        let rows = prompt.matches.count + (prompt.moreMatches > 0 ? 1 : 0)
        return WindowApp.promptHeight(cs: cs) + (rows == 0 ? 0 : rows * WindowApp.matchRowHeight(cs: cs) + Int(8 * cs))
    }

    /// The colour of the matching names' panel above the prompt.
    static let matchPanel = Color(r: 0x2b, g: 0x30, b: 0x33)

    /// Draws the matching names above the prompt panel at `top` (device pixels): folders in blue,
    /// files in white, "… N more" when the list is cut.
    func drawMatches(_ prompt: PathPrompt, above top: Int, area: PixelRect, cs: Double, frame: RenderTarget, text: TextRenderer) {
        let lines = prompt.matches.map { ($0.shown, $0.isFolder) } + (prompt.moreMatches > 0 ? [("… \(prompt.moreMatches) more", false)] : [])
        guard !lines.isEmpty, let renderer = graphics?.renderer else { return }
        let size = WindowApp.textPoints * cs, row = WindowApp.matchRowHeight(cs: cs), pad = 8 * cs
        let height = lines.count * row + Int(pad)
        renderer.clear(frame, to: WindowApp.matchPanel, in: PixelRect(x: area.x, y: top - height, width: area.width, height: height))
        for (i, (line, folder)) in lines.enumerated() {
            let baseline = (Double(top - height + i * row) + pad / 2 + size * 1.05).rounded()
            let more = i >= prompt.matches.count
            let ink = more ? Color(r: 0x99, g: 0x99, b: 0x99) : folder ? Color(r: 0xaa, g: 0xcc, b: 0xff) : .white
            let shown = PathPrompt.tail(of: line, fitting: Double(area.width) - 4 * pad) { text.measure($0, pixelSize: size).width }
            text.draw(shown, at: Point(Double(area.x) + 2 * pad, baseline), pixelSize: size, color: ink, into: frame)
        }
    }

    /// Draws the prompt across the bottom of the canvas area: its label, the text (its end when it
    /// is too long, the untouched suggestion highlighted) and a caret.
    func drawPrompt(into frame: RenderTarget, area: PixelRect, cs: Double, text: TextRenderer) {
        guard let prompt = ui.prompt, let renderer = graphics?.renderer else { return }
        let size = WindowApp.textPoints * cs, pad = 8 * cs
        let height = WindowApp.promptHeight(cs: cs)
        let panel = PixelRect(x: area.x, y: area.y + area.height - height, width: area.width, height: height)
        renderer.clear(frame, to: Color(r: 0x20, g: 0x24, b: 0x26), in: panel)
        drawMatches(prompt, above: panel.y, area: area, cs: cs, frame: frame, text: text)
        let baseline = (Double(panel.y) + pad + size * 1.1).rounded()
        let label = prompt.label + " "
        let labelWidth = text.measure(label, pixelSize: size).width
        text.draw(label, at: Point(Double(panel.x) + pad, baseline), pixelSize: size, color: Color(r: 0xaa, g: 0xcc, b: 0xff), into: frame)
        let hint = prompt.replacing.map { "   \(PathText.name($0)) exists — enter again to replace · escape: cancel" }
            ?? "   enter: \(prompt.request.purpose.verb) · tab: complete · escape: cancel"
        let hintWidth = text.measure(hint, pixelSize: size).width
        let room = Double(panel.width) - 2 * pad - labelWidth - hintWidth - 2 * cs
        let shown = PathPrompt.tail(of: prompt.text, fitting: room) { text.measure($0, pixelSize: size).width }
        let x = Double(panel.x) + pad + labelWidth
        let width = text.measure(shown, pixelSize: size).width
        if prompt.selected && !shown.isEmpty {
            renderer.clear(frame, to: Color(r: 0x2a, g: 0x5d, b: 0xb0),
                           in: PixelRect(x: Int(x), y: Int(baseline - size), width: Int(width + 1), height: Int(size * 1.3)))
        }
        text.draw(shown, at: Point(x.rounded(), baseline), pixelSize: size, color: .white, into: frame)
        if !prompt.selected {
            renderer.clear(frame, to: .white, in: PixelRect(x: Int(x + width + cs), y: Int(baseline - size), width: max(1, Int(cs)), height: Int(size * 1.2)))
        }
        text.draw(hint, at: Point((x + width + 2 * cs).rounded(), baseline), pixelSize: size,
                  color: prompt.replacing == nil ? Color(r: 0x99, g: 0x99, b: 0x99) : WindowApp.promptWarning, into: frame)
    }
}
