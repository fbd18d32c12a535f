/// The tools of the shape bar, with their keys.
public enum ToolKind: String, CaseIterable, Hashable, Sendable {
    case pencil, line, rectangle, ellipse, stamp, bezier, smooth, arrow, follow

    /// The key that selects the tool.
    public var key: String {
        switch self {
        case .pencil: return "p"
        case .line: return "l"
        case .rectangle: return "r"
        case .ellipse: return "e"
        case .stamp: return "i"
        case .bezier: return "b"
        case .smooth: return "s"
        case .arrow: return "a"
        case .follow: return "f"
        }
    }

    public var title: String {
        switch self {
        case .stamp: return "Image"
        case .bezier: return "Bézier"
        case .smooth: return "Smooth brush"
        default: return rawValue.prefix(1).uppercased() + rawValue.dropFirst()
        }
    }

    public static func forKey(_ key: String) -> ToolKind? { allCases.first { $0.key == key } }
}

/// Identifies one live polyline across frames, so a renderer can grow its mesh incrementally.
public typealias LiveStrokeID = UInt64

/// Something drawn in the live layer: redrawn every frame, never committed by itself.
public enum LiveItem: Sendable {
    /// A polyline that only ever grows (the Pencil's touch): `points` extends the previous frame's.
    case polyline(id: LiveStrokeID, points: [Point], color: Color, style: StrokeOptions)
    /// A shape drawn as it would be committed now.
    case drawable(Drawable)
    /// A dashed guide line.
    case dashed(Path, color: Color, width: Double, pattern: DashPattern)
}

/// What tools reach of the editor: settings, the canvas, the display list (Dudel's tool delegate).
public protocol ToolContext: AnyObject {
    var settings: DrawingSettings { get }
    var canvasSize: CanvasSize { get }
    /// The stamp image the Image tool draws.
    var stampImage: RasterImage { get }
    /// The colours a touch beginning now keeps (draws random colours in order: stroke, then fill).
    func beginStyle() -> TouchStyle
    /// The current style without consuming random colours (for paths finished by a key).
    func currentStyle() -> TouchStyle
    /// Hands a finished drawable to the display list (one undo step).
    func commit(_ drawable: Drawable)
    /// A fresh identity for a live polyline.
    func makeLiveID() -> LiveStrokeID
    /// The path the Follow handle walks: the last drawable's, or nil on an empty canvas.
    var lastDrawablePath: Path? { get }
}

/// The size of the canvas in points.
public struct CanvasSize: Hashable, Sendable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
}

/// A drawing tool (Dudel's `Tool` protocol): touch handling plus a temporary (live) layer.
public protocol Tool: AnyObject {
    var kind: ToolKind { get }
    /// Called when the tool becomes current.
    func activate(_ context: ToolContext)
    /// Called when another tool is chosen: live touch strokes are cancelled, a Bézier path finished.
    func deactivate(_ context: ToolContext)
    /// Handles the touches of one input event that changed, in array order.
    func handle(_ touches: [Touch], _ context: ToolContext)
    /// Cancels everything in progress (escape, undo, redo, clear).
    func cancelAll(_ context: ToolContext)
    /// Finishes a multi-step drawing (`enter`): only the Bézier tool has one.
    func finish(_ context: ToolContext)
    /// Whatever the tool shows in the live layer now.
    func liveItems(_ context: ToolContext) -> [LiveItem]
    /// The display list changed (commit, undo, redo, clear).
    func displayListChanged(_ context: ToolContext)
}

extension Tool {
    public func activate(_ context: ToolContext) {}
    public func finish(_ context: ToolContext) {}
    public func deactivate(_ context: ToolContext) { cancelAll(context) }
    public func displayListChanged(_ context: ToolContext) {}
}
