/// One tool as the tool table lists it.
public struct ToolEntry: Sendable {
    public let kind: ToolKind
    /// Its name in the title and its tooltip.
    public let title: String
    /// The style record it reads and the colour keys, picker, eyedropper and `[` `]` set; nil for
    /// none (the keys then set the pen's, the next drawing's).
    public let style: StyleRecord?
    /// Whether it draws new ink (mirror mode applies); the eraser and the selection edit what is there.
    public let draws: Bool
    /// Its shape-bar icon inside a square, in ink.
    let icon: @Sendable (Rect, Color) -> [Drawable]
    /// The ink settings it uses (pressure, stabilizer); the bar shows those.
    public var ink: InkUse = []
    /// The tool for an editor (the stamp image and the page background come from it).
    let make: @Sendable (ToolContext) -> Tool
}

/// The tools, in the shape bar's order (`ToolKind.allCases`): the one place that lists them with
/// their title, style record, icon and how each is made. Its key comes from `KeyTable`.
public enum ToolCatalog {
    /// The tool a pen's eraser end works with while it touches (`Editor+EraserEnd`).
    public static let eraserEndTool: ToolKind = .eraser

    public static let entries: [ToolEntry] = [
        ToolEntry(kind: .pencil, title: "Pencil", style: .pen, draws: true, icon: ToolIcons.pencil, ink: [.pressure, .stabilizer]) { _ in
            PencilTool()
        },
        ToolEntry(kind: .line, title: "Line", style: .pen, draws: true, icon: ToolIcons.line) { _ in LineTool() },
        ToolEntry(kind: .rectangle, title: "Rectangle", style: .pen, draws: true, icon: ToolIcons.rectangle) { _ in
            ShapeTool(ellipse: false)
        },
        ToolEntry(kind: .ellipse, title: "Ellipse", style: .pen, draws: true, icon: ToolIcons.ellipse) { _ in ShapeTool(ellipse: true) },
        ToolEntry(kind: .stamp, title: "Image", style: .pen, draws: true, icon: ToolIcons.stamp) { context in
            StampTool { [unowned context] in context.stampImage }
        },
        ToolEntry(kind: .bezier, title: "Bézier", style: .pen, draws: true, icon: ToolIcons.bezier) { _ in BezierTool() },
        ToolEntry(kind: .smooth, title: "Smooth brush", style: .pen, draws: true, icon: ToolIcons.smooth, ink: [.pressure, .stabilizer]) { _ in
            SmoothTool()
        },
        ToolEntry(kind: .arrow, title: "Arrow", style: .pen, draws: true, icon: ToolIcons.arrow, ink: [.pressure, .stabilizer]) { _ in
            ArrowTool()
        },
        ToolEntry(kind: .follow, title: "Follow", style: .pen, draws: true, icon: ToolIcons.follow) { _ in FollowTool() },
        ToolEntry(kind: .highlighter, title: "Highlighter", style: .highlighter, draws: true, icon: ToolIcons.highlighter,
                  ink: [.stabilizer]) { context in
            HighlighterTool(background: context.canvas.background)
        },
        ToolEntry(kind: .eraser, title: "Eraser", style: .eraser, draws: false, icon: ToolIcons.eraser) { _ in EraserTool() },
        ToolEntry(kind: .select, title: "Select", style: nil, draws: false, icon: ToolIcons.select) { _ in SelectTool() },
        ToolEntry(kind: .text, title: "Text", style: .text, draws: false, icon: TextTool.icon) { _ in TextTool() },
    ]

    private static let byKind = Dictionary(uniqueKeysWithValues: entries.map { ($0.kind, $0) })

    /// The entry of `kind` (every kind has one; `ToolCatalogTests` checks it).
    public static subscript(kind: ToolKind) -> ToolEntry { byKind[kind] ?? entries[0] }
}
