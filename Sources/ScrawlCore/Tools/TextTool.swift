/// The Text tool (`t`): a click places a caret (or, on a text, edits that text with the caret
/// there), typing inserts, `enter` starts a line, `backspace` / `delete` delete, the arrows,
/// `home` and `end` move the caret, and `escape`, a click elsewhere or another tool commits. While
/// a text is edited every key without ctrl goes to it (`TextTool+Editor`), so `p` types a "p".
///
/// Committing is one undo step (a new text, or the edited one replaced; an edit that empties a
/// text removes it). While typing, `ctrl+z` first undoes within the text, a word at a time.
public final class TextTool: Tool {
    public let kind = ToolKind.text
    var edit: TextEdit?
    /// The touch that placed the caret, until it ends.
    private var pressed: Int?
    /// The last layout and what it was made of: a frame asks for the live items (and a key for the
    /// caret's place) several times, and shaping a long text costs milliseconds (8000 characters,
    /// about 6 ms).
    private var laidOut: (key: LayoutKey, result: (text: TextDrawable, shaped: ShapedText))?

    private struct LayoutKey: Equatable {
        let string: String, family: String, size: Double, position: Point, colour: Color, shaper: String
    }

    public init() {}

    /// Whether a text is being edited (keys then go to it).
    public var isEditing: Bool { edit != nil }

    /// The string being edited, nil when none is.
    public var editedString: String? { edit?.string }

    /// Whether committing the text being edited would change the drawing: a new text with some
    /// characters, or an edited one whose string differs from the text it replaces.
    public var hasUncommittedChange: Bool {
        guard let e = edit else { return false }
        guard let original = e.replacing?.original else { return !e.characters.isEmpty }
        return original.string != e.string
    }

    /// The edit as autosave records it, nil when none is open; `layer` is the layer a new text
    /// goes to (a replaced text keeps its own).
    func openText(layer: LayerID, _ context: ToolContext) -> OpenText? {
        guard let e = edit else { return nil }
        let id = e.replacing?.id
        let own = id.flatMap { id in context.displayList.items.first { $0.id == id }?.layer }
        return OpenText(string: e.string, caret: e.caret, position: e.position, family: e.family, size: e.size,
                        colour: e.colour, layer: own ?? layer, replacing: id, step: e.steps)
    }

    public func handle(_ touches: [Touch], _ context: ToolContext) {
        for t in touches {
            switch t.phase {
            case .began where pressed == nil:
                pressed = t.id
                press(at: t.location, context)
            case .ended, .cancelled where t.id == pressed: pressed = nil
            default: break
            }
        }
    }

    /// A click inside the text being edited moves the caret; elsewhere it commits that text, then
    /// edits the text under the click or starts a new one there.
    private func press(at p: Point, _ context: ToolContext) {
        if let edit, let shown = layout(edit, context), shown.text.box.insetBy(-2 * context.screenPointSize).containsClosed(p) {
            self.edit?.moved(to: caretOffset(at: p, in: shown, edit))
            return
        }
        commit(context)
        if let (id, text) = TextTool.text(at: p, context) {
            begin(editing: text, id: id, caretAt: p, context)
            return
        }
        let style = context.beginStyle()
        let size = TextDrawable.clampedSize(context.settings.style(for: .text).width)
        // The click is on the first line's middle, a little left of the caret.
        let position = Point(p.x, p.y - size * 0.6)
        edit = TextEdit(position: position, family: context.textShaper.defaultFamily, size: size, colour: style.stroke)
    }

    /// Starts editing committed text `text` (item `id`), the caret nearest `p` (at the end when nil).
    func begin(editing text: TextDrawable, id: UInt64, caretAt p: Point?, _ context: ToolContext) {
        var e = TextEdit(characters: Array(text.string), position: text.position, family: text.family, size: text.size,
                         colour: text.colour)
        e.replacing = (id, text)
        edit = e
        if let p, let shown = layout(e, context) { edit?.moved(to: caretOffset(at: p, in: shown, e)) }
        if let shown = layout(e, context), shown.text.family != text.family {
            context.note(.fontMissing(family: text.family, using: shown.text.family))
        }
    }

    /// The topmost committed text whose box holds `p`.
    static func text(at p: Point, _ context: ToolContext) -> (UInt64, TextDrawable)? {
        let index = context.spatialIndex
        let r = 2 * context.screenPointSize
        for id in index.query(Rect(x: p.x - r, y: p.y - r, width: 2 * r, height: 2 * r)).reversed() {
            if let text = index.drawable(id)?.kind(as: TextDrawable.self), text.isHit(at: p, radius: r) { return (id, text) }
        }
        return nil
    }

    // MARK: Keys and text

    /// Types `text` at the caret (line breaks start lines).
    func type(_ text: String, _ context: ToolContext) {
        guard edit != nil else { return }
        let clean = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        let room = TextDrawable.maxCharacters - (edit?.characters.count ?? 0)
        _ = edit?.insert(clean)
        if clean.count > room { context.note(.textFull(limit: TextDrawable.maxCharacters)) }
    }

    /// A key without ctrl while editing: edits or moves the caret; every other key does nothing
    /// (its character comes as text). Escape commits.
    func key(_ key: KeyPress, _ context: ToolContext) {
        guard var e = edit else { return }
        switch key.key {
        case "escape": commit(context); return
        case "enter": type("\n", context); return
        case "backspace": _ = e.delete(forward: false)
        case "delete": _ = e.delete(forward: true)
        case "left": e.moved(to: e.caret - 1)
        case "right": e.moved(to: e.caret + 1)
        case "home": e.moved(to: e.offset(row: e.caretLine.row, column: 0))
        case "end": e.moved(to: e.offset(row: e.caretLine.row, column: Int.max))
        case "up", "down": e.moved(to: verticalMove(e, down: key.key == "down", context))
        default: return
        }
        edit = e
    }

    /// The caret offset one line up or down, nearest the caret's x.
    private func verticalMove(_ e: TextEdit, down: Bool, _ context: ToolContext) -> Int {
        let (row, column) = e.caretLine
        let target = row + (down ? 1 : -1)
        guard let shown = layout(e, context), target >= 0, target < shown.shaped.carets.count else {
            return down ? e.offset(row: row, column: Int.max) : e.offset(row: row, column: 0)
        }
        let stops = shown.shaped.carets
        let x = stops[row][min(column, stops[row].count - 1)]
        let nearest = stops[target].indices.min { abs(stops[target][$0] - x) < abs(stops[target][$1] - x) } ?? 0
        return e.offset(row: target, column: nearest)
    }

    // MARK: Committing

    /// Ends the edit: the text committed as one undo step (nothing when unchanged or empty and new).
    public func commit(_ context: ToolContext) {
        guard let e = edit else { return }
        edit = nil
        let text = e.characters.isEmpty ? nil : layout(e, context)?.text
        if let (id, original) = e.replacing {
            guard text != original else { return }
            context.replace([id: text.map { [.text($0)] } ?? []])
        } else if let text {
            context.append([.text(text)])
        }
    }

    public func deactivate(_ context: ToolContext) { commit(context); pressed = nil }

    /// Undo, redo and clear commit what was typed first (so nothing typed is lost).
    public func cancelAll(_ context: ToolContext) { commit(context); pressed = nil }

    /// `ctrl+z` while editing undoes within the text first.
    public func undoOwnStep(_ context: ToolContext) -> Bool { edit?.undo() ?? false }

    public func hiddenIDs(_ context: ToolContext) -> Set<UInt64> { edit?.replacing.map { [$0.id] } ?? [] }

    public func displayListChanged(_ context: ToolContext) {
        // The text being edited again was removed (undone): stop editing it.
        if let id = edit?.replacing?.id, !context.displayList.items.contains(where: { $0.id == id }) { edit = nil }
    }

    // MARK: Showing

    /// The edit laid out: the text as it would be committed and the shaper's answer.
    func layout(_ e: TextEdit, _ context: ToolContext) -> (text: TextDrawable, shaped: ShapedText)? {
        let shaper = context.textShaper
        let key = LayoutKey(string: e.string, family: e.family, size: e.size, position: e.position, colour: e.colour,
                            shaper: String(describing: Swift.type(of: shaper)))
        if let laidOut, laidOut.key == key { return laidOut.result }
        let shaped = shaper.shape(TextDrawable.lines(of: key.string), size: e.size, family: e.family)
        let text = TextDrawable(string: e.string, family: shaped.family, size: e.size, position: e.position, colour: e.colour,
                                outline: shaped.outline.mapped { $0 + e.position },
                                box: Rect(x: e.position.x, y: e.position.y, width: shaped.box.width, height: shaped.box.height))
        laidOut = (key, (text, shaped))
        return (text, shaped)
    }

    /// The caret offset nearest `p` in the laid-out edit.
    private func caretOffset(at p: Point, in shown: (text: TextDrawable, shaped: ShapedText), _ e: TextEdit) -> Int {
        let stops = shown.shaped.carets
        guard !stops.isEmpty else { return 0 }
        let row = min(max(Int(((p.y - e.position.y) / shown.shaped.lineHeight).rounded(.down)), 0), stops.count - 1)
        let x = p.x - e.position.x
        let column = stops[row].indices.min { abs(stops[row][$0] - x) < abs(stops[row][$1] - x) } ?? 0
        return e.offset(row: row, column: column)
    }

    public func liveItems(_ context: ToolContext) -> [LiveItem] {
        guard let e = edit, let shown = layout(e, context) else { return [] }
        var items: [LiveItem] = []
        if !e.characters.isEmpty { items.append(.drawable(.text(shown.text))) }
        let (row, column) = e.caretLine
        let stops = shown.shaped.carets
        let x = row < stops.count ? stops[row][min(column, stops[row].count - 1)] : 0
        let top = Point(e.position.x + x, e.position.y + Double(row) * shown.shaped.lineHeight)
        let caret = Path.polyline([top, Point(top.x, top.y + shown.shaped.lineHeight)])
        let width = 1.5 * context.screenPointSize
        items.append(.mark(.path(PathDrawable(path: caret, stroke: e.colour.withOpacity(1), fill: nil,
                                                  style: StrokeOptions(width: width, cap: .butt)))))
        let box = shown.text.box.insetBy(-3 * context.screenPointSize)
        items.append(.dashed(.rectangle(box), color: Color(r: 0x33, g: 0x66, b: 0xcc), width: context.screenPointSize,
                             pattern: DashPattern(on: 4 * context.screenPointSize, off: 3 * context.screenPointSize)))
        return items
    }

    public func statusLine(_ context: ToolContext) -> String {
        let s = style(context)
        let words = "Text — colour \(s.stroke.name), size \(s.widthText), opacity \(Int((s.opacity * 100).rounded()))%"
        return edit == nil ? words + " — click to place the caret" : words + " — typing (escape ends)"
    }

    public func cursorFeedback(at p: Point, pointerDown: Bool, _ context: ToolContext) -> CursorFeedback { .none }

    /// The shape bar's icon: a serif "T".
    static func icon(_ r: Rect, _ c: Color) -> [Drawable] {
        func p(_ x: Double, _ y: Double) -> Point { Point(r.minX + x * r.width, r.minY + y * r.height) }
        let bar = Path.polyline([p(0.1, 0.1), p(0.9, 0.1)]), stem = Path.polyline([p(0.5, 0.1), p(0.5, 0.92)])
        let foot = Path.polyline([p(0.32, 0.92), p(0.68, 0.92)])
        return [bar, stem, foot].map { .path(PathDrawable(path: $0, stroke: c, fill: nil, style: .round(width: 1.8))) }
    }
}
