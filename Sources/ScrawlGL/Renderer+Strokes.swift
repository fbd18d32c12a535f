import CEpoxy
import ScrawlCore

/// Stroke, fill and dash passes (NanoVG's stencil schemes).
extension Renderer {
    /// The meshes of consecutive `.stroke(_, .over)` commands from `start` (bounded by
    /// `maxBatchVertices`), and the index after them; empty when `commands[start]` is not one.
    func overRun(_ commands: [DrawCommand], from start: Int) -> ([Mesh], Int) {
        var meshes: [Mesh] = []
        var vertices = 0
        var i = start
        while i < commands.count, case let .stroke(mesh, .over) = commands[i] {
            if !meshes.isEmpty && vertices + mesh.vertices.count > maxBatchVertices { break }
            meshes.append(mesh)
            vertices += mesh.vertices.count
            i += 1
        }
        return (meshes, i)
    }

    /// Executes one command (context current, `begin(target)` done) through `clip`.
    func execute(_ command: DrawCommand, clip: ClipTransform) {
        switch command {
        case let .stroke(mesh, blend):
            drawStrokes([mesh], blend: blend, clip: clip)
        case let .fill(fan, cover, fringe):
            drawFill(fan: fan, cover: cover, fringe: fringe, clip: clip)
        case let .dashed(mesh, pattern, scale):
            drawDashed(mesh, pattern: pattern, scale: scale, clip: clip)
        case let .image(image, rect, opacity):
            drawImage(image, rect: rect, opacity: opacity, clip: clip)
        case let .strokePieces(pieces, blend):
            strokePasses(blend, clip: clip, bounds: pieces.bounds) { pieces.forEach(drawPiece) }
        case let .fillPieces(pieces):
            drawFill(pieces, clip: clip)
        }
    }

    /// Uploads one piece of a mesh tessellated while drawn and draws it (program and state set).
    func drawPiece(_ mesh: Mesh) {
        let starts = stream.upload([mesh])
        stream.buffers.drawTriangles(first: 0, count: starts.last ?? 0)
    }

    /// Uploads `meshes` as one batch and draws it with `blend`.
    func drawStrokes(_ meshes: [Mesh], blend: StrokeBlend, clip: ClipTransform) {
        let starts = stream.upload(meshes)
        guard let total = starts.last, total > 0 else { return }
        let bounds = blend == .uniformAlpha ? meshes.compactMap(\.vertexBounds).reduce(nil) { $0?.union($1) ?? $1 } : nil
        strokePasses(blend, clip: clip, bounds: bounds) { stream.buffers.drawTriangles(first: 0, count: total) }
    }

    /// Makes `program` (default: the stroke program) current with the transform `clip`.
    func useStroke(_ clip: ClipTransform, program: ShaderProgram? = nil) {
        let program = program ?? strokeProgram
        program.use()
        program.setTransform(clip)
    }

    /// Runs `drawGeometry` once for `.over`; for `.uniformAlpha`, accumulates it into a layer inside
    /// `bounds` (mesh coordinates) and composites that (`Renderer+Layers`), or, without a layer, three
    /// times with the stencil:
    /// the solid interior where the stencil is 0 (incrementing it), the antialiased fringe where it is
    /// still 0 (incrementing it too, so each pixel is blended once), then a colourless pass that zeroes
    /// the stencil again. `.darken` and `.lighten` are one pass with `GL_MIN` / `GL_MAX` and the
    /// highlight program (min and max are idempotent, so overlapping triangles need no stencil).
    /// Leaves the stroke program current and the blend equation `GL_FUNC_ADD`.
    func strokePasses(_ blend: StrokeBlend, clip: ClipTransform, bounds: Rect? = nil, _ drawGeometry: () -> Void) {
        switch blend {
        case .over:
            useStroke(clip)
            drawGeometry()
            return
        case .darken, .lighten:
            let darken = blend == .darken
            useStroke(clip, program: strokeHighlightProgram)
            // Coverage 0 must leave the pixel alone: opaque white under min, transparent black under max.
            let base: Float = darken ? 1 : 0
            strokeHighlightProgram.set("u_base", base, base, base, base)
            epoxy_glBlendEquation(GLenum(darken ? GL_MIN : GL_MAX))
            drawGeometry()
            epoxy_glBlendEquation(GLenum(GL_FUNC_ADD))
            useStroke(clip)
            if darken && drawsGroup {
                // Behind the group's content ("destination over"): where the group is empty, the colour.
                epoxy_glBlendFunc(GLenum(GL_ONE_MINUS_DST_ALPHA), GLenum(GL_ONE))
                drawGeometry()
                epoxy_glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
            }
            return
        case .uniformAlpha:
            break
        }
        if let (target, transform) = currentTarget,
           drawUniformAlpha(into: target, clip: clip, area: pixelRect(bounds, transform: transform, in: target), drawGeometry) {
            begin(target)
            return
        }
        epoxy_glEnable(GLenum(GL_STENCIL_TEST))
        epoxy_glStencilMask(0xff)
        epoxy_glStencilFunc(GLenum(GL_EQUAL), 0, 0xff)
        epoxy_glStencilOp(GLenum(GL_KEEP), GLenum(GL_KEEP), GLenum(GL_INCR))
        useStroke(clip, program: strokeSolidProgram)
        drawGeometry()
        // The fringe also marks the stencil, so where the fringes of neighbouring segments overlap
        // (inside a join) a pixel is blended once, not twice.
        useStroke(clip)
        drawGeometry()
        clearStencil(drawGeometry)
    }

    /// Zeroes the stencil under the geometry without touching colour, then disables the stencil test.
    private func clearStencil(_ drawGeometry: () -> Void) {
        epoxy_glColorMask(0, 0, 0, 0)
        epoxy_glStencilFunc(GLenum(GL_ALWAYS), 0, 0xff)
        epoxy_glStencilOp(GLenum(GL_ZERO), GLenum(GL_ZERO), GLenum(GL_ZERO))
        drawGeometry()
        epoxy_glColorMask(1, 1, 1, 1)
        epoxy_glDisable(GLenum(GL_STENCIL_TEST))
    }

    /// A nonzero fill (stencil then cover, `FillTessellator`): the fan's winding counted into the
    /// stencil's low 7 bits, the fringe drawn outside then inside the outline (`drawFringe`), then the
    /// cover where the count is not zero. Every pass leaves each pixel it paints with the stencil
    /// 0x80 (marked, count zero) so that no pixel is blended twice; the cover, 1 px larger than the
    /// fan, clears the stencil of every pixel the fill touched.
    func drawFill(fan: Mesh, cover: Mesh, fringe: Mesh, clip: ClipTransform) {
        let starts = stream.upload([fan, cover, fringe])
        guard starts[2] > starts[1], starts[1] > 0 else { return }
        useStroke(clip)
        beginWindingCount()
        stream.buffers.drawTriangles(first: 0, count: starts[1])
        if starts[3] > starts[2] {
            drawFringe(clip) { stream.buffers.drawTriangles(first: starts[2], count: starts[3] - starts[2]) }
        }
        coverWhereCounted(clip)
        stream.buffers.drawTriangles(first: starts[1], count: starts[2] - starts[1])
        epoxy_glDisable(GLenum(GL_STENCIL_TEST))
    }

    /// The stencil set to count a fan's winding in its low 7 bits (front faces +1, back faces -1,
    /// wrapping), colour off.
    private func beginWindingCount() {
        epoxy_glEnable(GLenum(GL_STENCIL_TEST))
        epoxy_glStencilMask(0x7f)
        epoxy_glColorMask(0, 0, 0, 0)
        epoxy_glStencilFunc(GLenum(GL_ALWAYS), 0, 0xff)
        epoxy_glStencilOpSeparate(GLenum(GL_FRONT), GLenum(GL_KEEP), GLenum(GL_KEEP), GLenum(GL_INCR_WRAP))
        epoxy_glStencilOpSeparate(GLenum(GL_BACK), GLenum(GL_KEEP), GLenum(GL_KEEP), GLenum(GL_DECR_WRAP))
    }

    /// The fringe quads drawn three times, each pass painting only unmarked pixels and marking those
    /// it paints (the stencil becomes 0x80):
    /// - outside: where the count is 0, with the stroke program's 0.5 - |edge|;
    /// - inside, winding +1: where the count is 1, on the quad's positive side (`edge` > 0, the
    ///   side of the edge's +90° normal, where a positively wound contour's inside is), with 0.5 + |edge|
    ///   (`fill-inside.frag.glsl`); 0x01 inverted in bits 0x81 is 0x80;
    /// - inside, winding -1 (0x7f): on the negative side; 0x7f inverted is 0x80.
    /// So an inside pixel gets a ramp only from an edge whose other side has winding 0: an edge with
    /// ink on both sides (overlapping contours, a pentagram's crossings) leaves its pixels to the
    /// cover, with no seam.
    private func drawFringe(_ clip: ClipTransform, _ drawQuads: () -> Void) {
        useStroke(clip)
        epoxy_glColorMask(1, 1, 1, 1)
        epoxy_glStencilMask(0x80)
        epoxy_glStencilFunc(GLenum(GL_EQUAL), 0, 0xff)
        epoxy_glStencilOp(GLenum(GL_KEEP), GLenum(GL_KEEP), GLenum(GL_INVERT))
        drawQuads()
        useStroke(clip, program: fillInsideProgram)
        for (side, count, bits): (Float, GLint, GLuint) in [(1, 0x01, 0x81), (-1, 0x7f, 0xff)] {
            fillInsideProgram.set("u_side", side)
            epoxy_glStencilMask(bits)
            epoxy_glStencilFunc(GLenum(GL_EQUAL), count, 0xff)
            drawQuads()
        }
    }

    /// The cover paints where the count is not zero and zeroes the stencil wherever it reaches,
    /// marks included.
    private func coverWhereCounted(_ clip: ClipTransform) {
        useStroke(clip)
        epoxy_glColorMask(1, 1, 1, 1)
        epoxy_glStencilMask(0xff)
        epoxy_glStencilFunc(GLenum(GL_NOTEQUAL), 0, 0x7f)
        epoxy_glStencilOp(GLenum(GL_ZERO), GLenum(GL_ZERO), GLenum(GL_ZERO))
    }

    /// `drawFill(fan:cover:fringe:)` for a fill tessellated while drawn: the fan pieces counted into
    /// the stencil, then each fringe piece outside and inside the outline, then the cover. A piece's
    /// passes may follow each other: a marked pixel fails every pass's test.
    func drawFill(_ pieces: FillPieces, clip: ClipTransform) {
        useStroke(clip)
        beginWindingCount()
        pieces.forEach { piece in
            switch piece {
            case .fan(let mesh):
                drawPiece(mesh)
            case .fringe(let mesh):
                let starts = stream.upload([mesh])
                drawFringe(clip) { stream.buffers.drawTriangles(first: 0, count: starts.last ?? 0) }
            case .cover(let mesh):
                coverWhereCounted(clip)
                drawPiece(mesh)
            }
        }
        epoxy_glColorMask(1, 1, 1, 1)
        epoxy_glStencilMask(0xff)
        epoxy_glDisable(GLenum(GL_STENCIL_TEST))
    }

    /// A dashed stroke: stroke coverage times the dash mask of `pattern` at `scale` px per point.
    func drawDashed(_ mesh: Mesh, pattern: DashPattern, scale: Double, clip: ClipTransform) {
        let starts = stream.upload([mesh])
        guard let total = starts.last, total > 0 else { return }
        dashProgram.use()
        dashProgram.setTransform(clip)
        dashProgram.set("u_dash", Float(pattern.on), Float(pattern.off), Float(pattern.phase), Float(scale))
        stream.buffers.drawTriangles(first: 0, count: total)
    }
}
