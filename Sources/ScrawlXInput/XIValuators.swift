import ScrawlCore

/// An event's valuators as XInput2 sends them, packed: `values` holds one number per bit set in
/// `mask`, in bit order, so the value of valuator n is at the count of bits set below n.
public struct PackedValuators: Hashable, Sendable {
    public var mask: [UInt8]
    public var values: [Double]

    public init(mask: [UInt8], values: [Double]) { self.mask = mask; self.values = values }

    /// Whether valuator `n` is in the event.
    public func has(_ n: Int) -> Bool {
        n >= 0 && n / 8 < mask.count && mask[n / 8] & (1 << UInt8(n % 8)) != 0
    }

    /// Valuator `n`'s value, or nil when the event does not carry it (or `values` is short).
    public func value(_ n: Int) -> Double? {
        guard has(n) else { return nil }
        var slot = 0
        for byte in 0..<(n / 8) { slot += mask[byte].nonzeroBitCount }
        slot += (mask[n / 8] & UInt8((1 << (n % 8)) - 1)).nonzeroBitCount
        return slot < values.count ? values[slot] : nil
    }

    /// The value of `axis`, if the event carries it and it is finite.
    public func value(of axis: XIAxis?) -> Double? {
        guard let axis, let v = value(axis.number), v.isFinite else { return nil }
        return v
    }
}

extension XIAxis {
    /// `v` on 0...1 from this axis's range (clamped; 0 for an empty range).
    public func normalized(_ v: Double) -> Double {
        guard max > min, v.isFinite else { return 0 }
        return Swift.min(Swift.max((v - min) / (max - min), 0), 1)
    }

    /// A tilt value in degrees (-90...90): through the resolution where the driver gives one in
    /// units per radian (the Wacom driver's 57), as degrees where the range lies within ±90 (the
    /// libinput driver's ±64), else the range mapped linearly onto ±90.
    public func degrees(_ v: Double) -> Double {
        guard v.isFinite else { return 0 }
        let d: Double
        if resolution > 1 {
            d = v / Double(resolution) * 180 / Double.pi
        } else if min >= -90, max <= 90 {
            d = v
        } else if max > min {
            d = (v - min) / (max - min) * 180 - 90
        } else {
            d = 0
        }
        return Swift.min(Swift.max(d, -90), 90)
    }

    /// Where position value `v` lies on a screen `side` pixels long, as the X server maps it: the
    /// range min...max+1 onto 0...side.
    public func screenPosition(_ v: Double, side: Double) -> Double {
        (v - min) * side / (max - min + 1)
    }
}

extension PenDevice {
    /// The pen's sample from an event's valuators; what the event leaves out stays as in `last`.
    public func sample(_ v: PackedValuators, last: PenSample?) -> PenSample {
        var s = last ?? PenSample(eraser: eraser)
        s.eraser = eraser
        if let p = v.value(of: pressure) { s.pressure = pressure.normalized(p) }
        if let t = v.value(of: tiltX) { s.tiltX = tiltX!.degrees(t) }
        if let t = v.value(of: tiltY) { s.tiltY = tiltY!.degrees(t) }
        return s
    }

    /// Where the pen is in the window. The event's own position is the X server's, except that a
    /// slave device's event carries the pointer's whole pixel from before the event (the server
    /// moves the pointer after it), so where the event has the position axes, they place the pen on
    /// the screen (`screen`, in pixels), shifted by the window's offset on it (root less window
    /// position: the same stale pixel in both).
    public func position(_ v: PackedValuators, root: Point, window: Point, screen: (width: Double, height: Double)) -> Point {
        var p = window
        if let ax = x, let value = v.value(of: ax), screen.width > 0 {
            p.x = ax.screenPosition(value, side: screen.width) - (root.x - window.x)
        }
        if let ay = y, let value = v.value(of: ay), screen.height > 0 {
            p.y = ay.screenPosition(value, side: screen.height) - (root.y - window.y)
        }
        return p
    }
}
