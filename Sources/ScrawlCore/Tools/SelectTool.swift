/// The selection tool (`v`): picks, lassoes, moves and scales drawables (issue 10; being built).
public final class SelectTool: Tool {
    public let kind = ToolKind.select
    public init() {}
    public func handle(_ touches: [Touch], _ context: ToolContext) {}
    public func cancelAll(_ context: ToolContext) {}
    public func liveItems(_ context: ToolContext) -> [LiveItem] { [] }
}
