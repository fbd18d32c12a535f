/// A drawing tool (Dudel's `Tool` protocol): touch handling plus a temporary (live) layer.
public protocol Tool: AnyObject {
    var kind: ToolKind { get }
    /// Called when the tool becomes current.
    func activate(_ context: ToolContext)
    /// Called when another tool is chosen: live touch strokes are cancelled, a Bézier path finished.
    func deactivate(_ context: ToolContext)
    /// Handles the touches of one input event that changed, in array order.
    func handle(_ touches: [Touch], _ context: ToolContext)
    /// Cancels everything in progress (escape, undo, redo, clear).
    func cancelAll(_ context: ToolContext)
    /// Finishes a multi-step drawing (`enter`): only the Bézier tool has one.
    func finish(_ context: ToolContext)
    /// Whatever the tool shows in the live layer now.
    func liveItems(_ context: ToolContext) -> [LiveItem]
    /// The display list changed (commit, undo, redo, clear, edit).
    func displayListChanged(_ context: ToolContext)
    /// Committed drawables the renderer should leave out for now (a selection being dragged or
    /// drawables about to be erased), which the tool shows in its live items instead.
    func hiddenIDs(_ context: ToolContext) -> Set<UInt64>
    /// Undoes the tool's own last step (a Bézier path's last point) instead of the display list's;
    /// false when it has none.
    func undoOwnStep(_ context: ToolContext) -> Bool
    /// Acts on a key action before the editor does (a selection restyled by colour keys, deleted
    /// by `delete`); false leaves it to the editor.
    func perform(_ action: KeyAction, _ context: ToolContext) -> Bool
}

extension Tool {
    public func activate(_ context: ToolContext) {}
    public func finish(_ context: ToolContext) {}
    public func deactivate(_ context: ToolContext) { cancelAll(context) }
    public func displayListChanged(_ context: ToolContext) {}
    public func hiddenIDs(_ context: ToolContext) -> Set<UInt64> { [] }
    public func undoOwnStep(_ context: ToolContext) -> Bool { false }
    public func perform(_ action: KeyAction, _ context: ToolContext) -> Bool { false }
}
