/// Builds the Smooth brush's path as points arrive: cubic junctions at midpoints (5-point scheme).
public struct SmoothPathBuilder: Sendable {
    /// The cubics committed so far (starting with a move to the first point).
    public private(set) var body: Path
    private var buffer: [Point]

    public init(start: Point) {
        body = Path()
        body.move(to: start)
        buffer = [start]
    }

    /// Adds an input point; a full buffer of five becomes one cubic.
    public mutating func add(_ p: Point) {
        buffer.append(p)
        guard buffer.count == 5 else { return }
        let p3 = buffer[2].lerp(buffer[4], 0.5)
        body.cubic(buffer[1], buffer[2], to: p3)
        buffer = [p3, buffer[4]]
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
}
