/// One touch followed by a multitouch tool: the points it keeps (the input, or the stabilizer's
/// samples), their widths when its ink follows pressure, and the style it began with.
public final class TrackedTouch {
    public let id: Int
    public let liveID: LiveStrokeID
    public let style: TouchStyle
    /// The pressure and stabilizer settings it began with (those its tool uses).
    public let ink: InkSettings
    /// The points kept, consecutive duplicates dropped: the input points, or with a stabilizer its
    /// samples and, once the touch ended, the last input point as it came.
    public private(set) var points: [Point]
    /// The width at each point (one per point, canvas points) when the ink follows pressure: the
    /// tool uses pressure, its sensitivity is above 0, and the touch began with a pressure or the
    /// tool simulates one from the speed. Nil for constant width (the mouse, by default).
    public private(set) var widths: [Float]?
    /// Whether `widths` holds two that differ.
    public private(set) var widthVaries = false
    /// Shift was held at the latest event.
    public var shift: Bool
    /// Incremental smoothing state, for the Smooth brush and the Arrow.
    public var smooth: SmoothPathBuilder?
    /// Ended or cancelled: dropped from the tool's list at the end of the event.
    var isDone = false
    private var stabilizer: Stabilizer?
    private var speed: PressureFromSpeed?

    init(id: Int, liveID: LiveStrokeID, style: TouchStyle, ink: InkSettings = InkSettings(), start: Point,
         pressure: Double? = nil, shift: Bool) {
        self.id = id; self.liveID = liveID; self.style = style; self.ink = ink; self.points = [start]; self.shift = shift
        if ink.stabilizer > 0 {
            stabilizer = Stabilizer(strength: ink.stabilizer, start: start, pressure: pressure ?? InkSettings.neutralPressure)
        }
        if ink.pressure > 0, pressure != nil || ink.speedPressure {
            if ink.speedPressure { speed = PressureFromSpeed() }
            widths = [width(pressure ?? InkSettings.neutralPressure)]
        }
    }

    public var first: Point { points[0] }
    public var last: Point { points[points.count - 1] }

    /// The widths to commit with the points: nil when they are all equal (drawn as today's stroke).
    public var varyingWidths: [Float]? { widthVaries ? widths : nil }
    /// The width to commit the stroke at when its widths do not vary: that one width (a pen held at
    /// one pressure draws wider or thinner than the tool's width), else the tool's.
    public var uniformWidth: Double {
        guard !widthVaries, let w = widths?.first else { return style.width }
        return Double(w)
    }

    /// The width of the ink at pressure `p`.
    func width(_ p: Double) -> Float { Float(ink.width(style.width, pressure: p)) }

    /// Adds an input point of `pressure` (nil: none, the mouse) through the stabilizer; returns
    /// whether a point was kept (not when it equals the previous one).
    @discardableResult
    func add(_ p: Point, pressure: Double? = nil) -> Bool {
        var q = p, smoothed = pressure ?? InkSettings.neutralPressure
        if var s = stabilizer {
            (q, smoothed) = s.next(p, pressure: smoothed)
            stabilizer = s
        }
        return keep(q, pressure: pressure == nil ? nil : smoothed)
    }

    /// The touch's last input point: added through the stabilizer, then (with a stabilizer) as it
    /// came, so that the stroke ends where the hand stopped.
    func addLast(_ p: Point, pressure: Double? = nil) {
        add(p, pressure: pressure)
        if stabilizer != nil { keep(p, pressure: pressure) }
    }

    /// Keeps `q` unless it equals the previous point; its width from `pressure`, else from the speed
    /// where the touch simulates it, else the neutral pressure's.
    @discardableResult
    private func keep(_ q: Point, pressure: Double?) -> Bool {
        guard q != last else { return false }
        let step = last.distance(to: q)
        points.append(q)
        var w: Float? = nil
        if widths != nil {
            var p = pressure ?? InkSettings.neutralPressure
            if pressure == nil, speed != nil { p = speed!.next(distance: step, width: style.width) }
            let width = width(p)
            if width != widths![0] { widthVaries = true }
            widths!.append(width)
            w = width
        }
        smooth?.add(q, width: w)
        return true
    }
}
