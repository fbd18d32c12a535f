/// One touch followed by a multitouch tool: its input points and the style it began with.
public final class TrackedTouch {
    public let id: Int
    public let liveID: LiveStrokeID
    public let style: TouchStyle
    /// Input points, consecutive duplicates dropped.
    public private(set) var points: [Point]
    /// Shift was held at the latest event.
    public var shift: Bool
    /// Incremental smoothing state, for the Smooth brush and the Arrow.
    public var smooth: SmoothPathBuilder?
    /// Ended or cancelled: dropped from the tool's list at the end of the event.
    var isDone = false

    init(id: Int, liveID: LiveStrokeID, style: TouchStyle, start: Point, shift: Bool) {
        self.id = id; self.liveID = liveID; self.style = style; self.points = [start]; self.shift = shift
    }

    public var first: Point { points[0] }
    public var last: Point { points[points.count - 1] }

    /// Adds an input point unless it equals the previous one; returns whether it was added.
    @discardableResult
    func add(_ p: Point) -> Bool {
        guard p != last else { return false }
        points.append(p)
        smooth?.add(p)
        return true
    }
}
