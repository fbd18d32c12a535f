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
    /// The display list changed (commit, undo, redo, clear).
    func displayListChanged(_ context: ToolContext)
}

extension Tool {
    public func activate(_ context: ToolContext) {}
    public func finish(_ context: ToolContext) {}
    public func deactivate(_ context: ToolContext) { cancelAll(context) }
    public func displayListChanged(_ context: ToolContext) {}
}
