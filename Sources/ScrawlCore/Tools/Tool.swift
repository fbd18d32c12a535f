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
    /// The drawables the tool has selected (what moving the selection to another layer moves);
    /// none for a tool without a selection.
    func selection(_ context: ToolContext) -> Set<UInt64>
    /// Selects `ids` (the moved selection under its new ids); nothing for a tool without one.
    func reselect(_ ids: Set<UInt64>, _ context: ToolContext)

    // MARK: Style and feedback (defaults below; the tool table says which record a tool reads)

    /// The style record the tool reads and the colour keys, picker, eyedropper and `[` `]` set;
    /// nil for none (the keys then set the pen's).
    var styleRecord: StyleRecord? { get }
    /// The style a touch keeps, from `style` (what `style(_:)` reads, random colours drawn).
    func touchStyle(_ style: ToolStyle) -> TouchStyle
    /// What the bars show as the current colours, width and opacity, from `style`.
    func shownStyle(_ style: ToolStyle) -> ToolStyle
    /// What the window draws at the pointer at `p` over the canvas.
    func cursorFeedback(at p: Point, pointerDown: Bool, _ context: ToolContext) -> CursorFeedback
    /// The window title's words for the tool: its title, its style and its state.
    func statusLine(_ context: ToolContext) -> String
}

extension Tool {
    public func activate(_ context: ToolContext) {}
    public func finish(_ context: ToolContext) {}
    public func deactivate(_ context: ToolContext) { cancelAll(context) }
    public func displayListChanged(_ context: ToolContext) {}
    public func hiddenIDs(_ context: ToolContext) -> Set<UInt64> { [] }
    public func undoOwnStep(_ context: ToolContext) -> Bool { false }
    public func perform(_ action: KeyAction, _ context: ToolContext) -> Bool { false }
    public func selection(_ context: ToolContext) -> Set<UInt64> { [] }
    public func reselect(_ ids: Set<UInt64>, _ context: ToolContext) {}

    public var styleRecord: StyleRecord? { ToolCatalog[kind].style }
    public func touchStyle(_ style: ToolStyle) -> TouchStyle { style.touchStyle }
    public func shownStyle(_ style: ToolStyle) -> ToolStyle { style }
    public func cursorFeedback(at p: Point, pointerDown: Bool, _ context: ToolContext) -> CursorFeedback { .none }
    public func statusLine(_ context: ToolContext) -> String { styleStatusLine(context) }

    /// The style the tool reads now: its record's own members, the pen's for the rest.
    public func style(_ context: ToolContext) -> ToolStyle { context.settings.style(for: styleRecord ?? .pen) }

    /// "Pencil — stroke black, fill light gray, width 2, opacity 100%": the title and the style read.
    public func styleStatusLine(_ context: ToolContext) -> String { "\(kind.title) — " + style(context).penStatusText }

    /// A ring of the width read around the pointer (the tools that draw lines).
    public func widthRing(at p: Point, _ context: ToolContext) -> CursorFeedback {
        .ring(center: p, diameter: style(context).width)
    }
}
