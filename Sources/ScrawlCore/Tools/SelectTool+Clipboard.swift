/// The selection tool's clipboard: copy, cut, paste, duplicate, and text pasted from another window.
extension SelectTool {
    /// Copy, cut, paste and duplicate; false when there is nothing to act on.
    func performClipboard(_ action: KeyAction, _ context: ToolContext) -> Bool {
        gesture = nil
        switch action {
        case .copy, .cut, .duplicate:
            let items = selectedItems(context)
            guard !items.isEmpty else { return false }
            copiedDrawables = items.map(\.drawable)
            nextPasteOffset = action == .cut ? 0 : SelectTool.pasteOffset
            if action == .cut { deleteSelection(context) }
            if action == .duplicate { pasteCopied(context) }
            return true
        case .paste:
            return pasteCopied(context)
        default:
            return false
        }
    }

    /// Appends the copied drawables, offset from where they were copied, as one step and selects
    /// them; the next paste lands a further `pasteOffset` away, short of the canvas limit. False
    /// when nothing was copied.
    @discardableResult
    func pasteCopied(_ context: ToolContext) -> Bool {
        guard !copiedDrawables.isEmpty else { return false }
        let wanted = Point(nextPasteOffset, nextPasteOffset)
        nextPasteOffset += SelectTool.pasteOffset
        // Near the canvas limit the copies stop at it (on top of each other, once there).
        let offset = CanvasLimit.coordinateBounds(copiedDrawables).map { CanvasLimit.clamp(offset: wanted, moving: $0) } ?? wanted
        if offset != wanted { context.note(.selectionStoppedAtLimit) }
        place(copiedDrawables.map { $0.translated(by: offset) }, context)
        return true
    }

    /// What pasting text that is not a Scrawl selection says.
    static let notASelection = "The pasted text is not a Scrawl selection; nothing was pasted."

    /// Pastes selection text from another window: `decoder` reads the drawables (nil for text that
    /// is not a Scrawl selection, which pastes nothing and sets `lastPasteProblem`). They keep
    /// their place, are appended as one step and selected. Returns whether anything was pasted.
    @discardableResult
    public func paste(text: String, context: ToolContext, decoder: (String) -> [Drawable]?) -> Bool {
        gesture = nil
        guard let drawables = decoder(text), !drawables.isEmpty else {
            lastPasteProblem = SelectTool.notASelection
            return false
        }
        lastPasteProblem = nil
        place(drawables, context)
        return true
    }

    /// Appends `drawables` as one step and selects them.
    private func place(_ drawables: [Drawable], _ context: ToolContext) {
        let items = context.append(drawables)
        selectedIDs = Set(items.map(\.id))
    }
}
