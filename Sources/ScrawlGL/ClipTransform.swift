import ScrawlCore

/// The `u_transform` uniform of the vertex shaders: clip = position · (sx, sy) + (tx, ty).
struct ClipTransform: Equatable {
    var sx: Float, sy: Float, tx: Float, ty: Float

    /// Device pixels (y down) into a `RenderTarget`: the target's top row is GL row 0.
    static func target(width: Int, height: Int) -> ClipTransform {
        ClipTransform(sx: 2 / Float(width), sy: 2 / Float(height), tx: -1, ty: -1)
    }

    /// Window pixels (y down) into framebuffer 0, whose GL row 0 is at the bottom.
    static func window(width: Int, height: Int) -> ClipTransform {
        ClipTransform(sx: 2 / Float(width), sy: -2 / Float(height), tx: -1, ty: 1)
    }

    /// `view` (mesh coordinates to target pixels) followed by this pixels-to-clip transform.
    func after(_ view: ViewTransform) -> ClipTransform {
        let s = Float(view.scale)
        return ClipTransform(sx: s * sx, sy: s * sy,
                             tx: tx + Float(view.translation.x) * sx, ty: ty + Float(view.translation.y) * sy)
    }
}

extension ShaderProgram {
    /// Sets the program's `u_transform` (the program must be current).
    func setTransform(_ t: ClipTransform) {
        set("u_transform", t.sx, t.sy, t.tx, t.ty)
    }
}
