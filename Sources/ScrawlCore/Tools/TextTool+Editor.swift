/// The Text tool's way in: typed characters, keys while a text is edited (every key without ctrl
/// goes to the text, so `p` types a "p" and selects no tool), and a double click on text with the
/// select tool, which edits it with the Text tool.
extension Editor {
    /// The Text tool when it is current.
    public var textTool: TextTool? { tool as? TextTool }

    /// Whether a text is being edited: the window then sends it every key without ctrl and the
    /// characters typed.
    public var isEditingText: Bool { textTool?.isEditing ?? false }

    /// Whether the text being typed would change the drawing once committed (the title's unsaved
    /// mark counts it as a change before it is).
    public var hasUncommittedText: Bool { textTool?.hasUncommittedChange ?? false }

    /// The text being typed, not yet committed, as autosave journals it (nil when none is).
    public var openText: OpenText? { textTool?.openText(layer: currentLayer.id, self) }

    /// Brings back `open`, a text that was being typed when the session ended, as a committed
    /// text laid out anew by `textShaper`: one undo step, replacing the text it was editing when
    /// that is still there (undo then restores it). Nothing for an empty text (a replaced one is
    /// kept as it was) or one that changes nothing. Returns whether the drawing changed.
    @discardableResult
    public func recoverText(_ open: OpenText) -> Bool {
        guard !open.string.isEmpty else { return false }
        let text = TextDrawable(string: String(open.string.prefix(TextDrawable.maxCharacters)), family: open.family,
                                size: open.size, position: open.position, colour: open.colour, shaper: textShaper)
        if let id = open.replacing, let item = displayList.items.first(where: { $0.id == id }),
           let original = item.drawable.kind(as: TextDrawable.self) {
            guard original.string != text.string || original.position != text.position || original.size != text.size
                    || original.colour != text.colour else { return false }
            return replace([id: [.text(text)]]) != nil
        }
        let layer = displayList.layer(open.layer)?.id ?? displayList.topLayer.id
        guard !displayList.append(insideCanvas([.text(text)]), to: layer).isEmpty else { return false }
        tool.displayListChanged(self)
        return true
    }

    /// Commits the text being typed, if any, as escape does (before a save or a quit).
    public func commitText() { textTool?.commit(self) }

    /// Characters typed (a `text` event): into the text being edited, else nowhere.
    func typeText(_ text: String) {
        guard let t = textTool, t.isEditing else { return }
        t.type(text, self)
    }

    /// A key while a text is edited: true when the text took it (every key without ctrl).
    func textKey(_ key: KeyPress) -> Bool {
        guard let t = textTool, t.isEditing, !key.ctrl else { return false }
        t.key(key, self)
        return true
    }

    /// With the select tool, a second tap on the spot of the first, on a text, edits that text
    /// with the Text tool (the caret at the tap): true when it did.
    func editsTextOnDoubleClick(_ touches: [Touch]) -> Bool {
        guard tool.kind == .select, let t = touches.first, touches.count == 1 else { lastTap = nil; return false }
        let near = 4 * screenPointSize
        switch t.phase {
        case .began:
            guard let last = lastTap, last.distance(to: t.location) <= near,
                  let (id, text) = TextTool.text(at: t.location, self) else { lastTap = nil; return false }
            lastTap = nil
            select(.text)
            textTool?.begin(editing: text, id: id, caretAt: t.location, self)
            return true
        case .moved: return false
        case .ended:
            lastTap = t.location
            return false
        case .cancelled:
            lastTap = nil
            return false
        }
    }
}
