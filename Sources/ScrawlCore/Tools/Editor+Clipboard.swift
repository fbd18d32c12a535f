/// The selection and its clipboard, as the window reaches them (title, system clipboard, paste).
extension Editor {
    /// The selection tool when it is the current tool (its `selectedIDs`, `statusText`).
    public var selection: SelectTool? { tool as? SelectTool }

    /// The drawables the selection tool copied last (for the system clipboard); empty when the
    /// selection tool is not current.
    public var copiedDrawables: [Drawable] { selection?.copiedDrawables ?? [] }

    /// Pastes selection text from another window (a `.paste` event) with `decoder`, which says why
    /// when the text gives nothing to paste: makes the selection tool current, appends the
    /// drawables as one step and selects them. Returns why nothing was pasted, or nil when it worked.
    @discardableResult
    public func pasteSelection(text: String, decoder: SelectionDecoder?) -> String? {
        if selection == nil { select(.select) }
        guard let tool = selection else { return "The selection tool is not available." }
        guard let decoder else {
            tool.noteRefusal(.notASelection)
            return tool.lastPasteProblem
        }
        return tool.paste(text: text, context: self, decoder: decoder) ? nil : tool.lastPasteProblem
    }
}
