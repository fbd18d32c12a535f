/// The colours and width a touch keeps from its `began` on.
public struct TouchStyle: Hashable, Sendable {
    /// Stroke colour with the opacity folded in.
    public var stroke: Color
    /// Fill colour with the opacity folded in, or nil for no fill.
    public var fill: Color?
    public var width: Double
    public var opacity: Double
}
