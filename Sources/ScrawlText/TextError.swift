/// Why a font could not be found, opened or used.
public enum TextError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No font file was found (fontconfig matched nothing and the DejaVu fallback is missing), or
    /// the path given does not name a readable file.
    case noFont(path: String?)
    /// A FreeType call failed with its `FT_Error` code.
    case freetype(call: String, code: Int32)

    public var description: String {
        switch self {
        case .noFont(let path?): return "no font at \(path)"
        case .noFont(nil): return "no font found"
        case let .freetype(call, code): return "FreeType \(call) failed with error \(code)"
        }
    }
}
