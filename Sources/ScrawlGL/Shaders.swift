/// The GLSL sources embedded from `Shaders/` at build time, by file name.
public enum ShaderLibrary {
    public static var names: [String] { EmbeddedShaders.sources.keys.sorted() }
    public static func source(named name: String) -> String? { EmbeddedShaders.sources[name] }
}
