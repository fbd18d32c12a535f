import CEpoxy

/// A shader stage, named after the file suffix that selects it (`.vert.glsl`, `.frag.glsl`).
public enum ShaderStage: String, Sendable, CaseIterable {
    case vertex, fragment

    /// The stage of a `Shaders/` file name, or nil when the suffix names none.
    public init?(fileName: String) {
        if fileName.hasSuffix(".vert.glsl") { self = .vertex }
        else if fileName.hasSuffix(".frag.glsl") { self = .fragment }
        else { return nil }
    }

    var glEnum: GLenum { GLenum(self == .vertex ? GL_VERTEX_SHADER : GL_FRAGMENT_SHADER) }
}

/// One compiled shader object. Needs a current context; deleted on deinit (context current).
public final class Shader {
    /// The GL shader name.
    public let id: GLuint
    /// The file (or caller-given) name, for error messages.
    public let name: String
    public let stage: ShaderStage

    /// Compiles `source`; throws `GLError.shaderCompile` with the driver log.
    public init(stage: ShaderStage, name: String, source: String) throws {
        self.stage = stage
        self.name = name
        id = epoxy_glCreateShader(stage.glEnum)
        source.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            epoxy_glShaderSource(id, 1, &pointer, nil)
        }
        epoxy_glCompileShader(id)
        var ok: GLint = 0
        epoxy_glGetShaderiv(id, GLenum(GL_COMPILE_STATUS), &ok)
        if ok == 0 {
            // No delete here: the object is fully initialised, so `deinit` deletes the shader when the
            // init throws (deleting it twice raised GL_INVALID_VALUE for a later error check).
            let log = Shader.infoLog(id)
            throw GLError.shaderCompile(stage: stage.rawValue, name: name, log: log)
        }
    }

    /// Compiles the embedded `Shaders/` file `fileName`; its stage comes from its suffix.
    public convenience init(named fileName: String) throws {
        guard let source = ShaderLibrary.source(named: fileName), let stage = ShaderStage(fileName: fileName) else {
            throw GLError.shaderCompile(stage: "unknown", name: fileName, log: "no embedded shader file of that name")
        }
        try self.init(stage: stage, name: fileName, source: source)
    }

    deinit { epoxy_glDeleteShader(id) }

    static func infoLog(_ id: GLuint) -> String {
        var length: GLint = 0
        epoxy_glGetShaderiv(id, GLenum(GL_INFO_LOG_LENGTH), &length)
        guard length > 1 else { return "(empty log)" }
        var buffer = [GLchar](repeating: 0, count: Int(length))
        epoxy_glGetShaderInfoLog(id, length, nil, &buffer)
        return String(cString: buffer)
    }
}

/// A linked program of a vertex and a fragment shader, with its uniform locations cached.
public final class ShaderProgram {
    /// The GL program name.
    public let id: GLuint
    public let name: String
    private var locations: [String: GLint] = [:]

    /// Links `vertex` and `fragment`; throws `GLError.programLink` with the driver log.
    public init(name: String, vertex: Shader, fragment: Shader) throws {
        self.name = name
        id = epoxy_glCreateProgram()
        epoxy_glAttachShader(id, vertex.id)
        epoxy_glAttachShader(id, fragment.id)
        epoxy_glLinkProgram(id)
        epoxy_glDetachShader(id, vertex.id)
        epoxy_glDetachShader(id, fragment.id)
        var ok: GLint = 0
        epoxy_glGetProgramiv(id, GLenum(GL_LINK_STATUS), &ok)
        if ok == 0 {
            // `deinit` deletes the program when the init throws (see `Shader.init`).
            let log = ShaderProgram.infoLog(id)
            throw GLError.programLink(name: name, log: log)
        }
    }

    /// Compiles and links a program from a `ProgramSpec` of embedded shader files.
    public convenience init(_ spec: ProgramSpec) throws {
        try self.init(name: spec.name, vertex: Shader(named: spec.vertex), fragment: Shader(named: spec.fragment))
    }

    deinit { epoxy_glDeleteProgram(id) }

    /// Makes this the current program.
    public func use() { epoxy_glUseProgram(id) }

    /// The location of uniform `name` (-1 when the linker removed it), cached.
    public func location(_ name: String) -> GLint {
        if let cached = locations[name] { return cached }
        let found = epoxy_glGetUniformLocation(id, name)
        locations[name] = found
        return found
    }

    /// Sets an `int`/`sampler` uniform of this (current) program.
    public func set(_ name: String, _ value: Int32) { epoxy_glUniform1i(location(name), value) }
    /// Sets a `float` uniform of this (current) program.
    public func set(_ name: String, _ value: Float) { epoxy_glUniform1f(location(name), value) }
    /// Sets a `vec2` uniform of this (current) program.
    public func set(_ name: String, _ x: Float, _ y: Float) { epoxy_glUniform2f(location(name), x, y) }
    /// Sets a `vec3` uniform of this (current) program.
    public func set(_ name: String, _ x: Float, _ y: Float, _ z: Float) { epoxy_glUniform3f(location(name), x, y, z) }
    /// Sets a `vec4` uniform of this (current) program.
    public func set(_ name: String, _ x: Float, _ y: Float, _ z: Float, _ w: Float) {
        epoxy_glUniform4f(location(name), x, y, z, w)
    }

    static func infoLog(_ id: GLuint) -> String {
        var length: GLint = 0
        epoxy_glGetProgramiv(id, GLenum(GL_INFO_LOG_LENGTH), &length)
        guard length > 1 else { return "(empty log)" }
        var buffer = [GLchar](repeating: 0, count: Int(length))
        epoxy_glGetProgramInfoLog(id, length, nil, &buffer)
        return String(cString: buffer)
    }
}

/// Which embedded shader files make up one of the renderer's programs.
public struct ProgramSpec: Hashable, Sendable {
    public var name: String, vertex: String, fragment: String
    public init(name: String, vertex: String, fragment: String) {
        self.name = name; self.vertex = vertex; self.fragment = fragment
    }

    /// Antialiased stroke and fill-cover triangles.
    public static let stroke = ProgramSpec(name: "stroke", vertex: "stroke.vert.glsl", fragment: "stroke.frag.glsl")
    /// The solid-interior pass of uniform-alpha strokes (discards the antialiased fringe).
    public static let strokeSolid = ProgramSpec(name: "strokeSolid", vertex: "stroke.vert.glsl",
                                                fragment: "stroke-solid.frag.glsl")
    /// The inside pass of a fill's fringe: coverage 0.5 + |edge| (`Renderer.drawFill`).
    public static let fillInside = ProgramSpec(name: "fillInside", vertex: "stroke.vert.glsl",
                                               fragment: "fill-inside.frag.glsl")
    /// Darken and lighten strokes (`GL_MIN` / `GL_MAX`): the colour faded towards `u_base` by coverage.
    public static let strokeHighlight = ProgramSpec(name: "strokeHighlight", vertex: "stroke.vert.glsl",
                                                    fragment: "stroke-highlight.frag.glsl")
    /// Dashed strokes: the stroke coverage times the dash mask.
    public static let dash = ProgramSpec(name: "dash", vertex: "stroke.vert.glsl", fragment: "dash.frag.glsl")
    /// Straight-alpha images, premultiplied in the shader.
    public static let image = ProgramSpec(name: "image", vertex: "image.vert.glsl", fragment: "image.frag.glsl")
    /// Premultiplied render-target textures (layers, the canvas on screen).
    public static let composite = ProgramSpec(name: "composite", vertex: "image.vert.glsl", fragment: "composite.frag.glsl")
    /// A picture's texels as they are, mixed in by the blend (`Renderer.lerp`).
    public static let mix = ProgramSpec(name: "mix", vertex: "image.vert.glsl", fragment: "mix.frag.glsl")

    /// Glyph quads from the R8 glyph atlas times a premultiplied colour (`TextRenderer`).
    public static let text = ProgramSpec(name: "text", vertex: "image.vert.glsl", fragment: "text.frag.glsl")

    /// The colour picker's square and strips as smooth gradients (`Renderer.drawPickerGradient`).
    public static let picker = ProgramSpec(name: "picker", vertex: "image.vert.glsl", fragment: "picker.frag.glsl")

    /// Every program the renderer links (`text` is linked by `TextRenderer`, `picker` at the
    /// picker's first frame).
    public static let all: [ProgramSpec] = [.stroke, .strokeSolid, .fillInside, .strokeHighlight, .dash, .image, .composite, .mix, .text, .picker]
}
