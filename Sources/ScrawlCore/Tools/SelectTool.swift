/// How a drag from empty canvas selects: a rectangle (what lies wholly inside it) or a lasso (what
/// lies wholly inside the loop drawn).
public enum SelectionMode: String, Hashable, Sendable, CaseIterable {
    case box, lasso
}

/// The selection tool (`v`): a click picks the topmost drawable near the cursor, a drag from empty
/// canvas draws a box (or, in lasso mode, a lasso) and selects what lies in it, `shift`+click adds
/// or removes; `v` again switches between box and lasso. The box around the selection moves it, its
/// eight handles scale it; keys restyle, delete, nudge, copy, cut, paste and duplicate it. It has no
/// style of its own: with nothing selected the colour and width keys set the pen's.
public final class SelectTool: Tool {
    public let kind = ToolKind.select
    /// How far (screen points) a touch may move and still be a click.
    public static let clickSlop = 3.0
    /// How near (screen pixels) a click must come to a drawable's painted geometry to pick it.
    public static let pickRadius = 4.0
    /// The box's line width and the handles' side, in screen points.
    public static let boxLineWidth = 1.0
    public static let handleSize = 8.0
    /// How far (points) a paste lands from where its drawables were copied.
    public static let pasteOffset = 10.0
    /// The shortest side (screen points) along which a box shows handles that scale it.
    public static let handleMinExtent = 2 * handleSize
    /// The box and handle colour.
    public static let boxColor = Color(r: 0x1e, g: 0x90, b: 0xff)

    /// What a drag from empty canvas draws (box by default; `v` again switches).
    public internal(set) var mode = SelectionMode.box

    /// The ids of the selected drawables.
    public internal(set) var selectedIDs: Set<UInt64> = []
    /// The drawables `ctrl+c`, `ctrl+x` or `ctrl+d` copied last, in list order (what the window puts
    /// on the system clipboard).
    public internal(set) var copiedDrawables: [Drawable] = []
    /// Why the last text paste did nothing (not a Scrawl selection, or a broken one: what is wrong);
    /// nil after one that worked.
    public internal(set) var lastPasteProblem: String?
    /// Offset of the next paste from where the copied drawables were.
    var nextPasteOffset = 0.0
    /// The drag in progress.
    var gesture: SelectGesture?
    /// Colours for the random swatch when restyling.
    var random = SplitMix64(seed: 0x5e1ec7)

    public init() {}

    /// "3 selected", or "" when nothing is.
    public var statusText: String { selectedIDs.isEmpty ? "" : "\(selectedIDs.count) selected" }

    /// The pen's style (what the keys set with nothing selected), the mode ("box select"), then the
    /// selection and a paste problem.
    public func statusLine(_ context: ToolContext) -> String {
        ([styleStatusLine(context), "\(mode.rawValue) select", statusText, lastPasteProblem ?? ""])
            .filter { !$0.isEmpty }.joined(separator: " — ")
    }

    public func deactivate(_ context: ToolContext) {
        cancelAll(context)
        selectedIDs.removeAll()
    }

    public func cancelAll(_ context: ToolContext) { gesture = nil }

    public func displayListChanged(_ context: ToolContext) {
        let index = context.spatialIndex
        selectedIDs = selectedIDs.filter { index.contains($0) }
    }

    public func hiddenIDs(_ context: ToolContext) -> Set<UInt64> {
        gesture?.transforms == true ? selectedIDs : []
    }

    /// The selected items, bottom first.
    func selectedItems(_ context: ToolContext) -> [DisplayItem] {
        guard !selectedIDs.isEmpty else { return [] }
        let index = context.spatialIndex
        return index.bottomFirst(selectedIDs).compactMap { id in index.drawable(id).map { DisplayItem(id: id, drawable: $0) } }
    }

    /// The selection's box: the union of its painted bounds.
    public func selectionBounds(_ context: ToolContext) -> Rect? {
        SelectGeometry.bounds(selectedItems(context).map(\.drawable))
    }

    /// The bounds of the selection's coordinates, which the canvas limit applies to.
    func selectionLimits(_ context: ToolContext) -> Rect? {
        CanvasLimit.coordinateBounds(selectedItems(context).map(\.drawable))
    }

    /// The handles `box` shows at the current zoom (`SelectGeometry.handleUnits` indices).
    func activeHandles(_ box: Rect, _ context: ToolContext) -> [Int] {
        SelectGeometry.handles(of: box, minExtent: SelectTool.handleMinExtent * context.screenPointSize)
    }

    /// Replaces each selected drawable by `change` of it as one step and selects the results;
    /// false when nothing changed.
    @discardableResult
    func replaceSelection(_ context: ToolContext, _ change: (Drawable) -> Drawable) -> Bool {
        var replacements: [UInt64: [Drawable]] = [:]
        for item in selectedItems(context) {
            let changed = change(item.drawable)
            if changed != item.drawable { replacements[item.id] = [changed] }
        }
        let kept = selectedIDs.subtracting(replacements.keys)
        guard let step = context.replace(replacements) else { return false }
        selectedIDs = kept.union(step.inserted.map(\.item.id))
        return true
    }
}
