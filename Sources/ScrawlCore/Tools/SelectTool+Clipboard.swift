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
    /// them; the next paste lands a further `pasteOffset` away. False when nothing was copied.
    @discardableResult
    func pasteCopied(_ context: ToolContext) -> Bool {
        guard !copiedDrawables.isEmpty else { return false }
        let offset = Point(nextPasteOffset, nextPasteOffset)
        nextPasteOffset += SelectTool.pasteOffset
        place(copiedDrawables.map { $0.translated(by: offset) }, context)
        return true
    }

    /// Pastes selection text from another window: `decoder` reads the drawables (or says why there
    /// are none, which pastes nothing and sets `lastPasteProblem`). They keep their place, are
    /// appended as one step and selected. Returns whether anything was pasted.
    @discardableResult
    public func paste(text: String, context: ToolContext, decoder: SelectionDecoder) -> Bool {
        gesture = nil
        let drawables: [Drawable]
        do { drawables = try decoder(text, context.displayList.images) } catch {
            noteRefusal(error)
            return false
        }
        guard !drawables.isEmpty else {
            lastPasteProblem = "The pasted selection is empty; nothing was pasted."
            return false
        }
        lastPasteProblem = nil
        place(drawables, context)
        return true
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
