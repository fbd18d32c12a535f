import Foundation

extension Path {
    /// Adds a circular arc as Core Graphics' `addArc(center:radius:startAngle:endAngle:clockwise:)`
    /// does in UIKit's y-down coordinates: `clockwise` increases the angle. A line joins the current
    /// point to the arc's start (or a move starts it on an empty path). Cubic pieces of at most 90°.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double,
                                clockwise: Bool) {
        var sweep = endAngle - startAngle
        let full = 2 * Double.pi
        if clockwise {
            while sweep < 0 { sweep += full }
        } else {
            while sweep > 0 { sweep -= full }
        }
        let start = center + Point(cos(startAngle), sin(startAngle)) * radius
        if isEmpty { move(to: start) } else if currentPoint != start { line(to: start) }
        let pieces = max(1, Int((abs(sweep) / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / Double(pieces)
        let k = 4.0 / 3.0 * tan(step / 4)
        var a0 = startAngle
        for _ in 0..<pieces {
            let a1 = a0 + step
            let p0 = Point(cos(a0), sin(a0)), p3 = Point(cos(a1), sin(a1))
            let c1 = p0 + p0.perpendicular * k, c2 = p3 - p3.perpendicular * k
            cubic(center + c1 * radius, center + c2 * radius, to: center + p3 * radius)
            a0 = a1
        }
    }

    /// The Follow tool's figure-8 on an empty `width` x `height` canvas: two 270° arcs of radius
    /// height/6 around centres ±(2·radius·√½) from the middle, joined by the diagonals through the centre.
    public static func figureEight(width: Double, height: Double) -> Path {
        let radius = height / 6
        let offset = 2 * radius * 0.5.squareRoot()
        let top = Point(width / 2, height / 2 - offset), bottom = Point(width / 2, height / 2 + offset)
        var p = Path()
        p.addArc(center: top, radius: radius, startAngle: .pi / 4, endAngle: -.pi - .pi / 4, clockwise: false)
        p.addArc(center: bottom, radius: radius, startAngle: -.pi / 4, endAngle: .pi + .pi / 4, clockwise: true)
        p.close()
        return p
    }
}
