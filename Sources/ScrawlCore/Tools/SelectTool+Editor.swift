/// The selection tool and its clipboard as the editor offers them to the window (the selection,
/// the system clipboard, a paste from another window).
extension Editor {
    /// The selection tool when it is the current tool (its `selectedIDs`, `statusText`).
    public var selection: SelectTool? { tool as? SelectTool }

    /// The selection's mode (box or lasso) while the selection tool is current, which the bar shows.
    public var selectionMode: SelectionMode? { selection?.mode }

    /// The drawables the selection tool copied last (for the system clipboard); empty when the
    /// selection tool is not current.
    public var copiedDrawables: [Drawable] { selection?.copiedDrawables ?? [] }

    /// Pastes selection text from another window (a `.paste` event) with `decoder`, which says why
    /// when the text gives nothing to paste: makes the selection tool current, appends the
    /// drawables as one step and selects them. Returns why nothing was pasted, or nil when it worked.
    /// Text that pastes nothing leaves the tool as it was (the selection tool, when current, shows
    /// the problem in the title); the text is decoded once, before anything changes.
    @discardableResult
    public func pasteSelection(text: String, decoder: SelectionDecoder?) -> String? {
        let drawables: [Drawable]
        do throws(PasteRefusal) {
            guard let decoder else { throw .notASelection }
            drawables = try decoder(text, displayList.images)
            guard !drawables.isEmpty else { throw .empty }
        } catch {
            selection?.noteRefusal(error)
            return error.message
        }
        if selection == nil { select(.select) }
        guard let tool = selection else { return "The selection tool is not available." }
        tool.paste(drawables, context: self)
        return nil
    }
}
