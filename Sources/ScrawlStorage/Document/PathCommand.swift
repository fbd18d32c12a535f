import ScrawlCore

/// The letters of path elements in documents, as in SVG path data.
enum PathCommand: String {
    case move = "M", line = "L", quad = "Q", cubic = "C", close = "Z"

    init(_ e: PathElement) {
        switch e {
        case .move: self = .move
        case .line: self = .line
        case .quad: self = .quad
        case .cubic: self = .cubic
        case .close: self = .close
        }
    }

    var numberCount: Int {
        switch self {
        case .move, .line: return 2
        case .quad: return 4
        case .cubic: return 6
        case .close: return 0
        }
    }
}
