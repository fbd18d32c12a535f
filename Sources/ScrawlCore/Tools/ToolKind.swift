/// The tools of the shape bar, in its order. What each is (title, style record, icon, how it is
/// made) is listed in `ToolCatalog`.
public enum ToolKind: String, CaseIterable, Hashable, Sendable {
    case pencil, line, rectangle, ellipse, stamp, bezier, smooth, arrow, follow, highlighter, eraser, select
    case text

    /// Whether the tool draws new ink (the eraser and the selection edit what is there).
    public var draws: Bool { ToolCatalog[self].draws }

    /// The key that selects the tool (from the key table).
    public var key: String { KeyTable.chord(for: .selectTool(self))?.key ?? "" }

    public var title: String { ToolCatalog[self].title }
}
