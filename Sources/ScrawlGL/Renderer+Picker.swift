import CEpoxy
import ScrawlCore

/// A part of the colour picker drawn as a gradient by a shader, a colour per pixel.
public enum PickerGradient: Hashable, Sendable {
    /// The saturation/value square at a hue (0...1): saturation left to right, value top to bottom.
    case square(hue: Double)
    /// The hue strip, hue 0 at the top to 1 at the bottom.
    case hue
    /// The opacity strip: `color` opaque at the top, transparent at the bottom, over a checkerboard
    /// of `cell` pixels.
    case alpha(Color, cell: Double)
}

extension Renderer {
    /// Fills `rect` of `target` with a picker gradient (opaque: it replaces what is there). The
    /// program is linked at the first call.
    public func drawPickerGradient(_ gradient: PickerGradient, in rect: PixelRect, of target: RenderTarget) throws {
        let program = try pickerProgram()
        begin(target)
        epoxy_glDisable(GLenum(GL_BLEND))
        program.use()
        program.setTransform(.target(width: target.width, height: target.height))
        program.set("u_size", Float(rect.width), Float(rect.height))
        switch gradient {
        case .square(let hue):
            program.set("u_part", Int32(0))
            program.set("u_hue", Float(hue))
        case .hue:
            program.set("u_part", Int32(1))
        case .alpha(let c, let cell):
            program.set("u_part", Int32(2))
            program.set("u_color", Float(c.r) / 255, Float(c.g) / 255, Float(c.b) / 255)
            program.set("u_cell", Float(max(cell, 1)))
        }
        quad.draw(x0: Float(rect.x), y0: Float(rect.y), x1: Float(rect.maxX), y1: Float(rect.maxY))
        epoxy_glEnable(GLenum(GL_BLEND))
        record("drawPickerGradient")
    }

    /// The picker's program, linked once.
    private func pickerProgram() throws -> ShaderProgram {
        if let p = extraPrograms[ProgramSpec.picker.name] { return p }
        let p = try ShaderProgram(.picker)
        extraPrograms[ProgramSpec.picker.name] = p
        return p
    }
}
