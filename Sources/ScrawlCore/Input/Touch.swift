/// One touch that changed at the moment of an input event. Locations are canvas points, y down.
public struct Touch: Hashable, Sendable {
    public var id: Int
    public var phase: TouchPhase
    public var location: Point
    /// Shift was held (constrains rectangles and ellipses to squares and circles).
    public var shift: Bool
    /// Alt was held (the selection's handles scale without scaling stroke widths).
    public var alt: Bool = false
    /// The pen's pressure, 0...1; nil for a device without (the mouse), which draws as 0.5 would.
    public var pressure: Double?
    /// The pen's tilt from the vertical towards +x and +y, in degrees (-90...90); nil where the
    /// device has none. The tools do not read it yet; recordings keep it.
    public var tiltX: Double?
    public var tiltY: Double?
    /// What the touch came from; the eraser end erases (`Editor`), the rest draw alike.
    public var device: TouchDevice = .mouse

    public init(id: Int, phase: TouchPhase, location: Point, shift: Bool = false, alt: Bool = false,
                pressure: Double? = nil, tiltX: Double? = nil, tiltY: Double? = nil, device: TouchDevice = .mouse) {
        self.id = id; self.phase = phase; self.location = location; self.shift = shift; self.alt = alt
        self.pressure = pressure; self.tiltX = tiltX; self.tiltY = tiltY; self.device = device
    }
}
