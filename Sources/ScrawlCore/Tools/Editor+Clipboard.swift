/// The selection and its clipboard, as the window reaches them (title, system clipboard, paste).
extension Editor {
    /// The selection tool when it is the current tool (its `selectedIDs`, `statusText`).
    public var selection: SelectTool? { tool as? SelectTool }

    /// The drawables the selection tool copied last (for the system clipboard); empty when the
    /// selection tool is not current.
    public var copiedDrawables: [Drawable] { selection?.copiedDrawables ?? [] }

    /// Pastes selection text from another window (a `.paste` event) with `decoder`, which returns
    /// nil for text that is not a selection: makes the selection tool current, appends the
    /// drawables as one step and selects them. Returns why nothing was pasted, or nil when it worked.
    /// Text that pastes nothing leaves the tool as it was (the selection tool, when current, shows
    /// the problem in the title); the text is decoded once, before anything changes.
    @discardableResult
    public func pasteSelection(text: String, decoder: ((String) -> [Drawable]?)?) -> String? {
        let drawables = decoder?(text) ?? []
        guard !drawables.isEmpty else {
            selection?.lastPasteProblem = SelectTool.notASelection
            return SelectTool.notASelection
        }
        if selection == nil { select(.select) }
        guard let tool = selection else { return "The selection tool is not available." }
        return tool.paste(text: text, context: self) { _ in drawables } ? nil : tool.lastPasteProblem
    }
}
