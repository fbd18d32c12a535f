/// Settings restored from an earlier session (the window reads them from the settings file).
extension Editor {
    /// Makes `settings` current, selects `tool` and shows or hides the bars: the state a saved
    /// settings file describes. Widths and opacities are clamped to what the keys can reach.
    public func restore(settings saved: DrawingSettings, tool kind: ToolKind, barsVisible shown: Bool) {
        settings = saved.clamped()
        barsVisible = shown
        if kind != tool.kind { select(kind) }
    }
}
