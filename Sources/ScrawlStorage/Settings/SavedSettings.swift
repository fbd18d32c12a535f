import ScrawlCore

/// What Scrawl remembers between sessions (`$XDG_CONFIG_HOME/scrawl/settings.json`): the tool, the
/// drawing settings, whether the bars are shown, the window size and the recent colours.
public struct SavedSettings: Hashable, Sendable {
    public var tool: ToolKind = .pencil
    /// Stroke and fill colours, width, opacity, and the highlighter's own colour and width.
    public var drawing = DrawingSettings()
    public var barsShown = true
    /// The window's size in screen coordinates; nil until a window has been seen.
    public var windowSize: WindowSize?
    /// The last colours used, newest first (`"recentColours"`; at most `maxRecentColours`).
    public var recentColours: [Color] = []

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
