/// The selection tool's keys: select all, deselect, delete, nudge, restyle and the clipboard.
extension SelectTool {
    public func perform(_ action: KeyAction, _ context: ToolContext) -> Bool {
        switch action {
        case .selectAll:
            gesture = nil
            selectedIDs = Set(context.displayList.items.map(\.id))
            return true
        case .cancel:
            let had = gesture != nil || !selectedIDs.isEmpty
            gesture = nil
            selectedIDs.removeAll()
            return had
        case .copy, .cut, .paste, .duplicate:
            return performClipboard(action, context)
        case .selectTool(kind):
            // `v` while selecting: switches between box and lasso (the selection stays).
            gesture = nil
            mode = mode == .box ? .lasso : .box
            return true
        default:
            return performEdit(action, context)
        }
    }

    /// Actions that change the selected drawables; false (left to the editor) when none is selected.
    private func performEdit(_ action: KeyAction, _ context: ToolContext) -> Bool {
        guard !selectedIDs.isEmpty else { return false }
        switch action {
        case .deleteSelection:
            gesture = nil
            deleteSelection(context)
        case .nudge(let dx, let dy):
            gesture = nil
            moveSelection(by: Point(Double(dx), Double(dy)), context)
        default:
            guard let restyle = Restyle(action) else { return false }
            gesture = nil
            replaceSelection(context) { $0.restyled(restyle, random: &random) }
        }
        return true
    }

    /// Moves the selection by `wanted` as one step, shortened so that it stops at the canvas limit
    /// (and says so); nothing when it is at the limit already.
    func moveSelection(by wanted: Point, _ context: ToolContext) {
        let offset = selectionLimits(context).map { CanvasLimit.clamp(offset: wanted, moving: $0) } ?? wanted
        if offset != wanted { context.note(offset == .zero ? .selectionAtLimit : .selectionStoppedAtLimit) }
        guard offset != .zero else { return }
        replaceSelection(context) { $0.translated(by: offset) }
    }

    /// Removes the selected drawables as one step.
    func deleteSelection(_ context: ToolContext) {
        let ids = selectedIDs
        selectedIDs.removeAll()
        context.replace(Dictionary(uniqueKeysWithValues: ids.map { ($0, [Drawable]()) }))
    }
}
