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

    /// Pastes drawables read from another window's selection text (`Editor.pasteSelection` decodes
    /// them first, so text that pastes nothing changes no tool): they keep their place, are
    /// appended as one step and selected.
    func paste(_ drawables: [Drawable], context: ToolContext) {
        gesture = nil
        lastPasteProblem = nil
        place(drawables, context)
    }

    /// Notes why a text paste did nothing (`lastPasteProblem`).
    func noteRefusal(_ refusal: PasteRefusal) {
        gesture = nil
        lastPasteProblem = refusal.message
    }

    /// Appends `drawables` as one step and selects them.
    private func place(_ drawables: [Drawable], _ context: ToolContext) {
        let items = context.append(drawables)
        selectedIDs = Set(items.map(\.id))
    }
}
