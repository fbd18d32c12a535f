/// A path's stroke to be tessellated in pieces while it is drawn (`DrawCommand.strokePieces`), for
/// paths that flatten to more than `PiecewiseTessellation.threshold` points: a whole mesh of such a
/// path would take hundreds of bytes per point, twice over while it is uploaded.
public struct StrokePieces: Sendable {
    public let path: Path
    public let options: StrokeOptions
    public let color: Color
    /// Device pixels per canvas point.
    public let scale: Double
    /// A device-pixel rectangle holding every vertex (for a translucent stroke's layer).
    public let bounds: Rect?
    /// The width at each node, for a stroke whose width varies (`VariableStrokeTessellator`).
    public let widths: [Float]?

    public init(path: Path, options: StrokeOptions, color: Color, scale: Double, bounds: Rect?, widths: [Float]? = nil) {
        self.path = path; self.options = options; self.color = color; self.scale = scale
        self.bounds = bounds; self.widths = widths
    }

    /// The meshes `StrokeTessellator.mesh` (or with `widths`, `VariableStrokeTessellator.mesh`)
    /// would make as one, in pieces, in order.
    public func forEach(_ body: (Mesh) -> Void) {
        if let widths {
            VariableStrokeTessellator.strokePieces(path, widths: widths, options: options, color: color, scale: scale,
                                                   pieceVertices: PiecewiseTessellation.pieceVertices, body)
            return
        }
        StrokeTessellator.strokePieces(path, options: options, color: color, scale: scale,
                                       pieceVertices: PiecewiseTessellation.pieceVertices, body)
    }
}

/// A path's fill to be tessellated in pieces while it is drawn (`DrawCommand.fillPieces`), for
/// paths that flatten to more than `PiecewiseTessellation.threshold` points.
public struct FillPieces: Sendable {
    public let path: Path
    public let color: Color
    /// Device pixels per canvas point, and the flattening tolerance in device pixels.
    public let scale: Double
    public let tolerance: Double

    /// The fan, fringe and cover pieces (`FillTessellator.fillPieces`), in drawing order.
    public func forEach(_ body: (FillPiece) -> Void) {
        FillTessellator.fillPieces(path, color: color, scale: scale, tolerance: tolerance,
                                   pieceVertices: PiecewiseTessellation.pieceVertices, body)
    }
}
