/// The Text tool's way in: typed characters, keys while a text is edited (every key without ctrl
/// goes to the text, so `p` types a "p" and selects no tool), and a double click on text with the
/// select tool, which edits it with the Text tool.
extension Editor {
    /// The Text tool when it is current.
    public var textTool: TextTool? { tool as? TextTool }

    /// Whether a text is being edited: the window then sends it every key without ctrl and the
    /// characters typed.
    public var isEditingText: Bool { textTool?.isEditing ?? false }

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
