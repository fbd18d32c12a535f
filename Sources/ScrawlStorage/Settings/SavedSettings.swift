import ScrawlCore

/// What Scrawl remembers between sessions (`$XDG_CONFIG_HOME/scrawl/settings.json`): the tool, the
/// tools' styles, whether the bars are shown, the window size, the recent colours and the touch mode.
public struct SavedSettings: Hashable, Sendable {
    public var tool: ToolKind = .pencil
    /// The style records: the pen's colours, width and opacity, the highlighter's colour and width,
    /// the eraser's width.
    public var drawing = DrawingSettings()
    public var barsShown = true
    /// The window's size in screen coordinates; nil until a window has been seen.
    public var windowSize: WindowSize?
    /// The last colours used, newest first (`"recentColours"`; at most `maxRecentColours`).
    public var recentColours: [Color] = []
    /// What fingers on a touchscreen do (`"touchMode"`: `"draw"` or `"navigate"`).
    public var touchMode = TouchMode.draw

    public init() {}

    /// How many recent colours are kept.
    public static let maxRecentColours = 8

    /// A window size in screen coordinates.
    public struct WindowSize: Hashable, Sendable {
        public var width: Int
        public var height: Int
        /// The smallest and largest side kept; others are clamped into it.
        public static let sideRange = 100...16384

        public init(width: Int, height: Int) {
            self.width = min(max(width, WindowSize.sideRange.lowerBound), WindowSize.sideRange.upperBound)
            self.height = min(max(height, WindowSize.sideRange.lowerBound), WindowSize.sideRange.upperBound)
        }
    }
}
