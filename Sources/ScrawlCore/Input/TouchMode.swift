/// What fingers on a touchscreen do (`n` switches; the bar shows it; settings keep it).
public enum TouchMode: String, Hashable, Sendable, CaseIterable {
    /// Every finger draws with the current tool, each its own touch (Dudel's way; the default).
    case draw
    /// One finger pans, two pan and pinch-zoom about their centre; only the pen and the mouse draw
    /// (as in Rnote and Xournal++).
    case navigate

    /// The other mode.
    public var toggled: TouchMode { self == .draw ? .navigate : .draw }

    /// The bar's label and the window title's words.
    public var label: String { self == .draw ? "touch draws" : "touch pans" }
}
