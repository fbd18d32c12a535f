/// The tools of the shape bar, in its order.
public enum ToolKind: String, CaseIterable, Hashable, Sendable {
    case pencil, line, rectangle, ellipse, stamp, bezier, smooth, arrow, follow, highlighter, eraser, select

    /// Whether the tool draws new ink (the eraser and the selection edit what is there).
    public var draws: Bool { self != .eraser && self != .select }

    /// The key that selects the tool (from the key table).
    public var key: String { KeyTable.chord(for: .selectTool(self))?.key ?? "" }

    public var title: String {
        switch self {
        case .stamp: return "Image"
        case .bezier: return "Bézier"
        case .smooth: return "Smooth brush"
        default: return rawValue.prefix(1).uppercased() + rawValue.dropFirst()
        }
    }
}
