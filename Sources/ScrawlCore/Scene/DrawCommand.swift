/// How a stroke mesh is blended.
public enum StrokeBlend: Hashable, Sendable {
    /// Premultiplied "over", one pass. Right for opaque strokes, where overlaps cannot show.
    case over
    /// Every pixel of the stroke is blended once (stencil passes), so a translucent stroke shows one
    /// uniform alpha where it crosses itself.
    case uniformAlpha
    /// Per channel minimum with what is there (`GL_MIN`), the colour faded towards opaque white by
    /// coverage: one pass, and a stroke over itself is the same as once (`InkBlend.darken`).
    case darken
    /// Per channel maximum (`GL_MAX`), the colour faded towards transparent black by coverage
    /// (`InkBlend.lighten`).
    case lighten
}

/// Dash pattern in canvas points: `on` drawn, `off` skipped, starting with `on` at arc length `phase`.
public struct DashPattern: Hashable, Sendable {
    public var on: Double, off: Double, phase: Double
    public init(on: Double, off: Double, phase: Double = 0) { self.on = on; self.off = off; self.phase = phase }
}

/// One drawing operation for the GL layer, with geometry already tessellated in device pixels.
public enum DrawCommand: Sendable {
    /// Antialiased triangles (strokes), colours in the vertices.
    case stroke(Mesh, blend: StrokeBlend)
    /// A nonzero-rule fill: `fan` triangles are counted into the stencil buffer, then the antialiased
    /// `fringe` is drawn where the count is zero (just outside the outline), then `cover` (triangles
    /// covering the fan's bounds, coloured) where the count is not zero.
    case fill(fan: Mesh, cover: Mesh, fringe: Mesh = Mesh())
    /// A dashed stroke: the mesh's `arc` attribute drives the pattern; `scale` is device pixels per point.
    case dashed(Mesh, pattern: DashPattern, scale: Double)
    /// An image drawn into a device-pixel rectangle with bilinear filtering, times `opacity`.
    case image(RasterImage, rect: Rect, opacity: Double)
    /// A long path's stroke, tessellated piece by piece while it is drawn (`StrokePieces`): the
    /// pixels of `.stroke` with the whole mesh, in the memory of one piece.
    case strokePieces(StrokePieces, blend: StrokeBlend)
    /// A long path's fill, tessellated piece by piece while it is drawn (`FillPieces`): the pixels
    /// of `.fill`, in the memory of one piece.
    case fillPieces(FillPieces)
}

extension DrawCommand {
    /// Vertices the command holds already tessellated (none for pieces, which are made while drawn).
    public var heldVertices: Int {
        switch self {
        case let .stroke(mesh, _), let .dashed(mesh, _, _): return mesh.vertices.count
        case let .fill(fan, cover, fringe): return fan.vertices.count + cover.vertices.count + fringe.vertices.count
        case .image, .strokePieces, .fillPieces: return 0
        }
    }
}
