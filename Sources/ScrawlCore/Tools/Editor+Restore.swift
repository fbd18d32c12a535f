/// Settings restored from an earlier session (the window reads them from the settings file).
extension Editor {
    /// Makes `settings` current, selects `tool` and shows or hides the bars: the state a saved
    /// settings file describes. Widths and opacities are clamped to what the keys can reach.
    public func restore(settings saved: DrawingSettings, tool kind: ToolKind, barsVisible shown: Bool) {
        var s = saved
        s.width = Editor.clamp(s.width, DrawingSettings.widths, fallback: 2)
        s.highlighterWidth = Editor.clamp(s.highlighterWidth, DrawingSettings.widths, fallback: 16)
        s.opacity = Editor.clamp(s.opacity, DrawingSettings.opacities, fallback: 1)
        settings = s
        barsVisible = shown
        if kind != tool.kind { select(kind) }
    }

    /// `value` within the first and last of `steps`; `fallback` when it is not a finite number.
    public static func clamp(_ value: Double, _ steps: [Double], fallback: Double) -> Double {
        guard value.isFinite, let lo = steps.first, let hi = steps.last else { return fallback }
        return min(max(value, lo), hi)
    }
}
