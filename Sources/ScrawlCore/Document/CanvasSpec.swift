/// The page a replay or document draws on: its size in points and its background colour. The one
/// place for the canvas rules both formats and every renderer share.
public struct CanvasSpec: Hashable, Sendable {
    /// Width in canvas points.
    public var width: Double
    /// Height in canvas points.
    public var height: Double
    /// The background colour.
    public var background: Color

    /// The largest canvas side in device pixels.
    public static let maxDevicePixels = 16384
    /// The most device pixels one canvas target may have at the render scale: 64 Mi (8192 x 8192,
    /// 256 MiB as RGBA), which bounds what the whole-canvas target and its copies cost.
    public static let maxDevicePixelArea = 64 << 20
    /// The smallest and largest canvas width and height, in points.
    public static let sideRange: ClosedRange<Double> = 1e-3...Double(maxDevicePixels)
    /// The largest |x| or |y| of a touch, path point or stamp edge, in canvas points.
    public static let coordinateLimit = 1e6

    /// Why `value` cannot be a canvas width or height in points, or nil when it can: finite,
    /// greater than 0 and within `sideRange`. Replays and documents both apply this rule.
    public static func sideProblem(_ value: Double) -> String? {
        guard value.isFinite else { return "is not a finite number" }
        guard sideRange.contains(value) else {
            return "must be \(JSONWriter.format(sideRange.lowerBound)) to \(JSONWriter.format(sideRange.upperBound)) "
                + "points, found \(JSONWriter.format(value))"
        }
        return nil
    }

    /// A canvas (800x600, white unless given).
    public init(width: Double = 800, height: Double = 600, background: Color = .white) {
        self.width = width
        self.height = height
        self.background = background
    }

    /// The size in device pixels at `scale`: each side `floor(side * scale)`, clamped to Int.
    public func devicePixelSize(scale: Double) -> (width: Int, height: Int) {
        (CanvasSpec.clampedInt((width * scale).rounded(.down)), CanvasSpec.clampedInt((height * scale).rounded(.down)))
    }

    /// Throws `.canvasSize` unless both device-pixel sides at `scale` are within 1...16384 and
    /// there are at most `maxDevicePixelArea` device pixels.
    public func validate(scale: Double) throws(ReplayError) {
        let (w, h) = devicePixelSize(scale: scale)
        guard CanvasSpec.fits(width: w, height: h) else { throw .canvasSize(width: w, height: h, scale: scale) }
    }

    /// Whether a target of `width` x `height` device pixels is within the side and area limits.
    public static func fits(width: Int, height: Int) -> Bool {
        let range = 1...maxDevicePixels
        return range.contains(width) && range.contains(height) && width * height <= maxDevicePixelArea
    }

    /// The limits `fits` checks, as messages state them.
    public static var limitText: String {
        "each side must be 1 to \(maxDevicePixels) and the canvas at most \(maxDevicePixelArea) device pixels "
            + "(64 Mi, e.g. 8192x8192)"
    }

    private static func clampedInt(_ v: Double) -> Int {
        if v.isNaN { return 0 }
        if v >= 9e18 { return Int.max }
        if v <= -9e18 { return Int.min }
        return Int(v)
    }

    /// Writes `{"width": W, "height": H, "background": "#rrggbb"}`, as replays and documents spell it.
    public func encode(into w: inout JSONWriter) {
        w.object { w in
            w.key("width")
            w.number(width)
            w.key("height")
            w.number(height)
            w.key("background")
            w.string(background.hex)
        }
    }
}
