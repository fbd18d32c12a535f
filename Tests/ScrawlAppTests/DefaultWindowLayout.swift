import ScrawlCore

/// The window's default layout: an 800x600 canvas with both bars shown.
enum DefaultWindowLayout {
    static func layout() -> ToolbarLayout { ToolbarLayout(canvas: CanvasSpec(width: 800, height: 600), visible: true) }
}
