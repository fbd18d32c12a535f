// TEMPORARY until the tessellation branch lands (it provides the real Path.flattened).
public struct Polyline { public var points: [Point]; public var closed: Bool }
extension Path {
    public func flattened(tolerance: Double) -> [Polyline] {
        var out: [Polyline] = []; var cur: [Point] = []; var closed = false; var last = Point.zero
        func flush() { if !cur.isEmpty { out.append(Polyline(points: cur, closed: closed)) }; cur = []; closed = false }
        for e in elements {
            switch e {
            case .move(let p): flush(); cur = [p]; last = p
            case .line(let p): cur.append(p); last = p
            case .quad(let c, let p):
                for i in 1...32 { let t = Double(i)/32; cur.append(last.lerp(c, t).lerp(c.lerp(p, t), t)) }; last = p
            case .cubic(let c1, let c2, let p):
                for i in 1...64 { let t = Double(i)/64; let a = last.lerp(c1, t), b = c1.lerp(c2, t), c = c2.lerp(p, t); cur.append(a.lerp(b, t).lerp(b.lerp(c, t), t)) }; last = p
            case .close: closed = true
            }
        }
        flush(); return out
    }
}
