/// The drawing session behind the window and `scrawl render`: settings, the current tool, the
/// display list with undo, and the random generator. Replays and the window feed it the same events.
public final class Editor: ToolContext {
    public internal(set) var settings = DrawingSettings()
    /// The page: its size in points and its background.
    public let canvas: CanvasSpec
    public internal(set) var displayList: DisplayList
    /// The layer chosen last (`currentLayer` in Editor+Layers).
    var currentLayerID = LayerID.first
    /// The current layer before and after each layer operation's step, by the step's serial, so
    /// undo and redo bring it back (Editor+Layers).
    var layerStepCurrents: [UInt64: LayerStepCurrents] = [:]
    public private(set) var tool: Tool
    public var stampImage: RasterImage
    /// The colour and shape bars are shown (`tab` toggles).
    public internal(set) var barsVisible = true
    /// The part of the canvas the window shows (set by `view` events; not part of the drawing).
    public private(set) var viewport = Viewport()
    /// The last colours chosen as stroke or fill, most recent first, without repeats, at most
    /// `recentColourLimit` (settings may restore them; the colour bar shows them).
    public var recentColours: [Color] = [] {
        didSet { if recentColours.count > Editor.recentColourLimit { recentColours.removeLast(recentColours.count - Editor.recentColourLimit) } }
    }
    /// The eyedropper (`k`) takes the colour under the next touch.
    public internal(set) var eyedropperArmed = false
    /// Touches that began on the eyedropper's click: their moves and ends reach no tool.
    var eyedropperTouches: Set<Int> = []
    /// The pen's eraser end while it is down: the tool to go back to (Editor+EraserEnd).
    var eraserEnd: EraserEnd?
    /// Reads selection text pasted from another window (`.scrawl` JSON; set by the app). Without
    /// one, pasted text pastes nothing and the selection tool says so.
    public var selectionDecoder: SelectionDecoder?
    /// Lays text out (set by the app to the system's fonts; boxes without it). See `TextTool+Editor`.
    public var textShaper: TextShaper = BoxShaper()
    /// The select tool's last tap, for a double click on text (`TextTool+Editor`).
    var lastTap: Point?
    private var tools: [ToolKind: Tool] = [:]
    private var random: SplitMix64
    private var nextLiveID: LiveStrokeID = 1
    /// What edits told the user since the notices were last taken (`takeNotices()`).
    var notices: [EditorNotice] = []
    /// Drawables committed while the current event is handled, appended as one step after it.
    private var pendingCommits: [Drawable] = []
    private var handling = false
    /// The spatial index, synced with the display list when a tool asks for it.
    private var index = DisplayListIndex()
    /// The latest random stroke and fill colours drawn for each record (until one is drawn: the
    /// record's default colours); paths finished by a key use them.
    private var drawnRandom: [StyleRecord: (stroke: Color, fill: Color)] = [:]

    /// A session on an empty canvas (or on `drawables`, an opened document).
    public convenience init(canvas: CanvasSpec, seed: UInt64, stampImage: RasterImage, drawables: [Drawable] = []) {
        self.init(canvas: canvas, seed: seed, stampImage: stampImage, displayList: DisplayList(drawables: drawables))
    }

    /// A session continuing `displayList` with its undo history (a recovered session).
    public init(canvas: CanvasSpec, seed: UInt64, stampImage: RasterImage, displayList: DisplayList) {
        self.canvas = canvas
        self.random = SplitMix64(seed: seed)
        self.stampImage = stampImage
        self.displayList = displayList
        self.currentLayerID = displayList.topLayer.id
        let pencil = PencilTool()
        self.tool = pencil
        tools[.pencil] = pencil
        tool.activate(self)
    }

    /// Feeds one input event through the current tool or the key bindings. Drawables committed
    /// while it is handled become one undo step.
    public func handle(_ event: InputEvent) {
        handling = true
        defer { flushCommits() }
        dispatch(event)
    }

    private func dispatch(_ event: InputEvent) {
        switch event {
        case .touches(let touches):
            let rest = layerFilter(eyedropperFilter(touches))
            if !rest.isEmpty { handleTouches(rest) }
        case .color(let choice): apply(choice)
        case .ink(let setting): apply(setting)
        case .key(let key): _ = perform(key)
        case .frame: break
        case .view(let v): viewport = v
        case .paste(let text): pasteSelection(text: text, decoder: selectionDecoder)
        case .layer(let op): apply(op)
        case .text(let text): typeText(text)
        }
    }

    /// Everything the live layer shows now.
    /// What the current tool shows live, its ink at the current layer's opacity (`LiveItem.faded`),
    /// so a stroke on a faded layer looks while drawn as it will once committed.
    public var liveItems: [LiveItem] {
        let items = tool.liveItems(self), opacity = currentLayer.opacity
        return opacity < 1 ? items.map { $0.faded(by: opacity) } : items
    }

    // MARK: ToolContext

    /// Draws the random colours of the current tool's record (its stroke, then its fill, where the
    /// record keeps them and they are random), then gives the touch style.
    public func beginStyle() -> TouchStyle {
        let record = styleRecord, own = settings[record]
        var drawn = lastRandom(record)
        if record.fields.contains(.stroke), own.stroke == .random { drawn.stroke = random.nextColor() }
        if record.fields.contains(.fill), own.fill == .random { drawn.fill = random.nextColor() }
        drawnRandom[record] = drawn
        return currentStyle()
    }

    public func currentStyle() -> TouchStyle {
        let record = styleRecord
        var s = settings.style(for: record)
        if s.stroke == .random { s.stroke = .fixed(lastRandom(settings.owner(of: .stroke, for: record)).stroke) }
        if s.fill == .random { s.fill = .fixed(lastRandom(settings.owner(of: .fill, for: record)).fill) }
        return tool.touchStyle(s)
    }

    private func lastRandom(_ record: StyleRecord) -> (stroke: Color, fill: Color) {
        if let drawn = drawnRandom[record] { return drawn }
        let d = DrawingSettings.defaults[record]
        return (d.stroke.fixedColor, d.fill?.fixedColor ?? .lightGray)
    }

    public func commit(_ drawable: Drawable) {
        guard handling else {
            guard currentLayerTakesDrawables() else { return }
            displayList.append(insideCanvas([drawable]), to: currentLayer.id)
            tool.displayListChanged(self)
            return
        }
        pendingCommits.append(drawable)
    }

    func flushCommits() {
        handling = false
        guard !pendingCommits.isEmpty else { return }
        let drawables = insideCanvas(pendingCommits)
        pendingCommits.removeAll()
        guard currentLayerTakesDrawables() else { return }
        displayList.append(drawables, to: currentLayer.id)
        tool.displayListChanged(self)
    }

    public var spatialIndex: DisplayListIndex {
        index.sync(displayList, layer: toolLayer)
        return index
    }

    @discardableResult
    public func replace(_ replacements: [UInt64: [Drawable]]) -> DisplayList.Step? {
        flushCommits()
        guard let step = displayList.replace(replacements.mapValues(insideCanvas)) else { return nil }
        tool.displayListChanged(self)
        return step
    }

    @discardableResult
    public func append(_ drawables: [Drawable]) -> [DisplayItem] {
        flushCommits()
        guard currentLayerTakesDrawables() else { return [] }
        let items = displayList.append(insideCanvas(drawables), to: currentLayer.id)
        if !items.isEmpty { tool.displayListChanged(self) }
        return items
    }

    /// Committed drawables the renderer leaves out for now (the current tool shows them live).
    public var hiddenIDs: Set<UInt64> { tool.hiddenIDs(self) }

    /// The committed items the renderer shows: all but `hiddenIDs`.
    public var visibleItems: [DisplayItem] {
        let hidden = hiddenIDs
        return hidden.isEmpty ? displayList.items : displayList.items.filter { !hidden.contains($0.id) }
    }

    public func makeLiveID() -> LiveStrokeID {
        defer { nextLiveID += 1 }
        return nextLiveID
    }

    public var lastDrawablePath: Path? {
        currentLayer.isEditable ? displayList.items(of: currentLayer.id).last?.drawable.followPath : nil
    }

    public var screenPointSize: Double { 1 / viewport.zoom }

    // MARK: Tools

    /// Makes `kind` the current tool: the old one is deactivated (live strokes cancelled, a Bézier
    /// path finished), even when it is the same tool chosen again.
    public func select(_ kind: ToolKind) {
        tool.deactivate(self)
        tool = tools[kind] ?? ToolCatalog[kind].make(self)
        tools[kind] = tool
        tool.activate(self)
    }

    /// The record the current tool reads and the colour keys, picker, eyedropper and `[` `]` set
    /// (the pen's for a tool without one).
    public var styleRecord: StyleRecord { tool.styleRecord ?? .pen }

    /// The colours, width and opacity the bars and the picker show for the current tool.
    public var shownStyle: ToolStyle { tool.shownStyle(settings.style(for: styleRecord)) }

    /// What the window draws at the pointer at canvas point `p`: the eyedropper's mark while it is
    /// armed, else the current tool's feedback.
    public func cursorFeedback(at p: Point, pointerDown: Bool) -> CursorFeedback {
        if eyedropperArmed { return .eyedropper(at: p, colour: colour(at: p)) }
        return tool.cursorFeedback(at: p, pointerDown: pointerDown, self)
    }

    // MARK: Editing

    /// Undoes the tool's own last step (a Bézier path's last point) if it has one, else one step of
    /// the display list after cancelling whatever is in progress.
    public func undo() {
        if tool.undoOwnStep(self) { return }
        tool.cancelAll(self)
        let undone = displayList.state
        guard displayList.undo() else { return }
        currentLayerAfter(undoing: undone)
        tool.displayListChanged(self)
    }
    /// Redoes one step, after cancelling whatever is in progress.
    public func redo() {
        tool.cancelAll(self)
        guard displayList.redo() else { return }
        currentLayerAfter(redoing: displayList.state)
        tool.displayListChanged(self)
    }
    /// Clears the canvas as one undoable step (nothing on an empty canvas), and says how to get it back.
    public func clear() {
        tool.cancelAll(self)
        guard currentLayerTakesDrawables(), clearsCurrentLayer() else { return }
        tool.displayListChanged(self)
        note(.cleared)
    }

    /// Replaces the whole drawing by `drawables` as one undoable step (a revert to the saved file),
    /// after cancelling whatever is in progress. Returns whether anything changed.
    @discardableResult
    public func replaceAll(with drawables: [Drawable]) -> Bool {
        tool.cancelAll(self)
        flushCommits()
        guard displayList.replaceAll(with: insideCanvas(drawables)) != nil else { return false }
        tool.displayListChanged(self)
        return true
    }

    func toggleBars() { barsVisible.toggle() }
    /// Sets the stroke colour of the current tool's record (the pen's where it keeps none).
    func setStroke(_ c: ColorChoice) {
        settings.update(.stroke, for: styleRecord) { $0.stroke = c }
        noteRecent(c)
    }
    func setFill(_ c: ColorChoice?) {
        settings.update(.fill, for: styleRecord) { $0.fill = c }
        noteRecent(c)
    }
    /// Steps the width of the current tool's record (the pen's where it keeps none).
    func stepWidth(_ d: Int) {
        let steps = settings.owner(of: .width, for: styleRecord).widthSteps
        settings.update(.width, for: styleRecord) { $0.stepWidth(d, through: steps) }
    }
    func stepOpacity(_ d: Int) { settings.update(.opacity, for: styleRecord) { $0.stepOpacity(d) } }
}
