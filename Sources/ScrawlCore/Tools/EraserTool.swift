/// The eraser (`x`): removes what it touches (issue 10; being built).
public final class EraserTool: Tool {
    public let kind = ToolKind.eraser
    public init() {}
    public func handle(_ touches: [Touch], _ context: ToolContext) {}
    public func cancelAll(_ context: ToolContext) {}
    public func liveItems(_ context: ToolContext) -> [LiveItem] { [] }
}
