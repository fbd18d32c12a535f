/// What a click on the bars hits.
public enum ToolbarHit: Hashable, Sendable {
    case swatch(index: Int)
    case tool(ToolKind)
}
