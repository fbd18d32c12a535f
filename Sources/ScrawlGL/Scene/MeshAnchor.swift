import ScrawlCore

/// Keeps mesh coordinates small wherever a drawable lies. Meshes hold `Float` device pixels, which
/// near canvas point 900000 at zoom 64 (5.8e7 px) would be 4 px apart: every drawable is instead
/// tessellated relative to an anchor, the corner nearer the origin of the 65536-pixel cell of its
/// level's device grid that holds its painted bounds' top-left, and the GPU adds the anchor's
/// offset from the target (computed in `Double`) back. Drawables within one cell of the origin on
/// either side (a stroke whose round cap reaches past x = 0, say) have anchor (0, 0) and the exact
/// meshes they always had.
enum MeshAnchor {
    /// Side of one anchor cell in device pixels: `Float` steps there are 1/128 px.
    static let cell = 65536.0

    /// The anchor, in canvas points, for a drawable with painted bounds `bounds` drawn at `scale`.
    static func anchor(for bounds: Rect?, scale: Double) -> Point {
        guard let b = bounds, b.minX.isFinite, b.minY.isFinite else { return .zero }
        func snap(_ v: Double) -> Double {
            let k = (v * scale / cell).rounded(.towardZero)
            return k == 0 ? 0 : k * cell / scale
        }
        return Point(snap(b.minX), snap(b.minY))
    }

    /// `drawable`'s commands at `scale`, tessellated relative to `anchor`.
    static func commands(_ drawable: Drawable, anchor: Point, scale: Double) -> [DrawCommand] {
        anchor == .zero ? drawable.commands(scale: scale) : drawable.translated(by: Point(-anchor.x, -anchor.y)).commands(scale: scale)
    }

    /// What the GPU applies to meshes tessellated at `scale` relative to `anchor` so that they land
    /// where `view` puts canvas points (`view.scale` must equal `scale`).
    static func transform(anchor: Point, view: ViewTransform) -> ViewTransform {
        ViewTransform(scale: 1, translation: view.apply(anchor))
    }
}

extension LiveItem {
    /// The item moved by `offset` canvas points.
    func translated(by offset: Point) -> LiveItem {
        switch self {
        case let .polyline(id, points, color, style):
            return .polyline(id: id, points: points.map { $0 + offset }, color: color, style: style)
        case .drawable(let d):
            return .drawable(d.translated(by: offset))
        case let .moved(d, by):
            return .moved(d.translated(by: offset), by: by)
        case let .dashed(path, color, width, pattern):
            return .dashed(path.mapped { $0 + offset }, color: color, width: width, pattern: pattern)
        }
    }
}
