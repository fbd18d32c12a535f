import ScrawlCore

/// Keeps mesh coordinates small wherever a target lies. Meshes hold `Float` device pixels, which
/// near canvas point 900000 at zoom 64 (5.8e7 px) would be 4 px apart: drawables are instead
/// tessellated relative to an anchor near the target they are drawn into, the corner nearest its
/// top-left of the 65536-pixel cells of its level's device grid, and the GPU adds the anchor's
/// offset from the target (computed in `Double`) back. Every pixel of a target then lies within
/// 32768 + its size pixels of its anchor, where `Float` steps are 1/256 px or finer; targets within
/// 32768 pixels of the origin (a page, and most drawings) have anchor (0, 0) and the exact meshes
/// the tessellator makes. All drawables drawn into one target share its anchor.
enum MeshAnchor {
    /// Side of one anchor cell in device pixels.
    static let cell = 65536.0

    /// The anchor, in canvas points, for a target that `view` maps canvas points into.
    static func anchor(forTarget view: ViewTransform) -> Point {
        func snap(_ t: Double) -> Double {
            let k = (-t / cell).rounded()
            return k == 0 || !k.isFinite ? 0 : k * cell / view.scale
        }
        return Point(snap(view.translation.x), snap(view.translation.y))
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
        case let .polyline(id, points, color, style, widths):
            return .polyline(id: id, points: points.map { $0 + offset }, color: color, style: style, widths: widths)
        case .drawable(let d):
            return .drawable(d.translated(by: offset))
        case .mark(let d):
            return .mark(d.translated(by: offset))
        case let .moved(d, by):
            return .moved(d.translated(by: offset), by: by)
        case let .dashed(path, color, width, pattern):
            return .dashed(path.mapped { $0 + offset }, color: color, width: width, pattern: pattern)
        }
    }
}
