/// Builds the Smooth brush's path as points arrive: cubic junctions at midpoints (5-point scheme).
/// Given a width with each point, it keeps the width at each node (the junction midpoints get the
/// mean of the two points they lie between), for `PathDrawable.widths`.
public struct SmoothPathBuilder: Sendable {
    /// The cubics committed so far (starting with a move to the first point).
    public private(set) var body: Path
    private var buffer: [Point]
    /// One width per node of `body`, when the points come with widths.
    private var bodyWidths: [Float]?
    private var bufferWidths: [Float]

    public init(start: Point, width: Float? = nil) {
        body = Path()
        body.move(to: start)
        buffer = [start]
        bodyWidths = width.map { [$0] }
        bufferWidths = width.map { [$0] } ?? []
    }

    /// Adds an input point (with its width, when the builder was started with one); a full buffer
    /// of five becomes one cubic.
    public mutating func add(_ p: Point, width: Float? = nil) {
        buffer.append(p)
        if bodyWidths != nil { bufferWidths.append(width ?? bufferWidths.last ?? 0) }
        guard buffer.count == 5 else { return }
        let p3 = buffer[2].lerp(buffer[4], 0.5)
        body.cubic(buffer[1], buffer[2], to: p3)
        buffer = [p3, buffer[4]]
        if bodyWidths != nil {
            let w3 = (bufferWidths[2] + bufferWidths[4]) / 2
            bodyWidths!.append(w3)
            bufferWidths = [w3, bufferWidths[4]]
        }
    }

    /// The path as it would be committed now: the body plus the tail (line, quadratic or cubic).
    public var path: Path {
        var p = body
        switch buffer.count {
        case 2: p.line(to: buffer[1])
        case 3: p.quad(control: buffer[1], to: buffer[2])
        case 4: p.cubic(buffer[1], buffer[2], to: buffer[3])
        default: break
        }
        return p
    }

    /// The width at each node of `path` (nil when the points came without widths): the tail's end
    /// gets the last point's width.
    public var widths: [Float]? {
        guard var w = bodyWidths else { return nil }
        if buffer.count > 1, let end = bufferWidths.last { w.append(end) }
        return w
    }
}
