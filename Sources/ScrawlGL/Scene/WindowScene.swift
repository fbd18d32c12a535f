import ScrawlCore

/// What the window shows, and `scrawl render --window`: the unbounded canvas through a `Viewport`
/// (composed from a `TiledCanvas`), a faint border around the page, the live layer, and the bars.
///
/// The frame is the window's framebuffer size. Its canvas area lies between the bars (or fills the
/// frame when they are hidden); the bars never scale with the zoom. The view's translation is
/// rounded to whole device pixels so tiles land pixel for pixel. Tiles missing after a pan or zoom
/// are rendered within `fillBudget` seconds per frame while other cached scales stand in;
/// `isComplete` says when the picture is sharp and complete (the window keeps drawing until then).
/// A frame that shows what a recent one showed (no live items, the same canvas picture and bars:
/// most frames while a block of tiles fills) is a copy of that one, not drawn again.
public final class WindowScene {
    public let renderer: Renderer
    /// The page: the first view, framed by a faint border.
    public let canvas: CanvasSpec
    /// Device pixels per window point (the monitor's content scale).
    public let contentScale: Double
    public let tiles: TiledCanvas
    public let toolbar: ToolbarPass
    public private(set) var live: LiveLayer
    /// Seconds of tile rendering a frame may spend; nil renders every missing tile at once.
    public var fillBudget: Double? = WindowScene.defaultFillBudget
    /// The window's fill budget: 12 ms of tile rendering per frame.
    public static let defaultFillBudget = 0.012
    /// The most a frame that drags a selection spends on tiles (when `fillBudget` allows more): such a
    /// frame also composites the selection's picture, and the tiles under its old place refill in
    /// about the same time in smaller slices, so the drag keeps 60 Hz meanwhile.
    public var dragFillBudget = WindowScene.defaultDragFillBudget
    /// 8 ms: 12 ms less about what compositing a selection the size of a 1280 x 800 view costs on llvmpipe.
    public static let defaultDragFillBudget = 0.008
    /// Draw the faint border around the page (tests that compare with plain renders turn it off).
    public var showsPageBorder = true
    /// Every tile of the last frame's view was rendered at its exact scale and up to date.
    public private(set) var isComplete = true
    /// Whether the tiles have work left that does not change what the frame shows (the whole canvas
    /// drawn again behind a layer split, `TiledCanvas+Split`): the window goes on drawing frames,
    /// each a copy of the last, until it is done.
    public var hasBackgroundWork: Bool { tiles.hasBackgroundWork }
    /// The composed canvas (tiles and page border) of the last frame, and what it was composed for.
    private var composed: RenderTarget?
    private var composedFor: (view: ViewTransform, area: PixelRect, revision: UInt64)?
    private(set) var composeRevision: UInt64 = 0
    /// What a frame without live items shows: the composed canvas picture (by `composeRevision`), the
    /// frame's size and the bars; frames with equal contents have equal pixels.
    private struct FrameContent: Equatable {
        let canvas: UInt64
        let width: Int, height: Int
        let bars: ToolbarPass.Bars?
    }
    /// A copy of a frame shown lately and what it shows, handed out again while nothing it shows has
    /// changed (a copy instead of the bars drawn again), and what the last frame showed.
    private var kept: (target: RenderTarget, content: FrameContent)?
    private var lastShown: FrameContent?
    /// The ids of the selection the last frame dragged, and the list's revision then.
    private var lastDrag: (ids: Set<UInt64>, revision: UInt64)?
    /// A dropped selection still drawn live while the tiles under its new place are being filled:
    /// its drawables as the list now holds them, their painted bounds, and the list's revision and
    /// the view they are drawn for.
    private var dropped: (items: [LiveItem], bounds: Rect, revision: UInt64, view: ViewTransform)?
    /// The canvas without the layers over the current one, for a stroke drawn on it
    /// (`WindowScene+LiveUnder`), what it was composed for, and how many times it was.
    var under: RenderTarget?
    var underFor: UnderKey?
    var underCount: UInt64 = 0
    /// The canvas picture with, where the frozen part of a stroke drawn on it lies, that part under
    /// the layers over it; what it was made for, and how many of the stroke's indices it holds.
    /// Off, every frame composites those layers over all of the live items' bounds (tests compare).
    var overBase: RenderTarget?
    var overBaseFor: OverBaseKey?
    var overBaseDrawn = 0
    var drawsUnderIncrementally = true
    /// The page border: mid grey at half opacity, one device pixel wide, visible on light and dark pages.
    public static let pageBorderColor = Color(r: 0x80, g: 0x80, b: 0x80, a: 0x80)

    /// A scene for `canvas` at `contentScale`, its tiles within `tileBudgetBytes` of GPU memory.
    public init(renderer: Renderer, canvas: CanvasSpec, contentScale: Double, tileBudgetBytes: Int = 256 << 20) {
        self.renderer = renderer
        self.canvas = canvas
        self.contentScale = contentScale
        tiles = TiledCanvas(renderer: renderer, background: canvas.background, budgetBytes: tileBudgetBytes)
        toolbar = ToolbarPass(renderer: renderer, scale: contentScale)
        live = LiveLayer(renderer: renderer, scale: contentScale)
    }

    /// Height of one bar in device pixels.
    public var barPixels: Int { toolbar.barPixels }

    /// The canvas area of a `width` x `height` frame: between the bars when they are shown.
    public func canvasArea(width: Int, height: Int, barsShown: Bool) -> PixelRect {
        let bar = barsShown ? barPixels : 0
        return PixelRect(x: 0, y: bar, width: width, height: max(0, height - 2 * bar))
    }

    /// Canvas points to frame pixels for `viewport`: its zoom at the content scale, the canvas area
    /// below the colour bar when the bars are shown, the translation rounded to whole pixels.
    public func canvasView(_ viewport: Viewport, barsShown: Bool) -> ViewTransform {
        let t = viewport.deviceTransform(contentScale: contentScale, offset: Point(0, Double(barsShown ? barPixels : 0)))
        return ViewTransform(scale: t.scale, translation: Point(t.translation.x.rounded(), t.translation.y.rounded()))
    }

    /// Renders the frame for `editor` seen through `viewport` into `frame` (the window's size); the
    /// bars show the window's `status` (hover, mirror, recording).
    public func render(_ editor: Editor, viewport: Viewport, into frame: RenderTarget, barsShown: Bool,
                       status: BarStatus = BarStatus()) {
        syncTiles(editor)
        // Asked once: the tool builds them (and fades them to the layer's opacity) at each ask.
        var items = editor.liveItems
        if !items.isEmpty && !items.contains(where: \.isMoved) {
            tiles.prepareLiveSplit(for: editor.currentLayer.id, in: editor.displayList)
        }
        let view = canvasView(viewport, barsShown: barsShown)
        let area = canvasArea(width: frame.width, height: frame.height, barsShown: barsShown)
        let dragging = noteDrag(editor, items, view: view)
        let budget = dragging ? fillBudget.map { min($0, dragFillBudget) } : fillBudget
        guard let canvasPicture = composeCanvas(view: view, area: area, width: frame.width, height: frame.height,
                                                budget: budget) else { return }
        if let d = dropped {
            if d.revision != editor.displayList.revision || d.view != view || tiles.areFresh(d.bounds, view: view, area: area) {
                dropped = nil
            } else {
                items = d.items + items
            }
        }
        prepareLiveLayer(view: view, viewport: viewport)
        live.update(items)
        let bars = barsShown ? toolbar.bars(for: editor, canvasPixelHeight: area.height, width: Double(frame.width) / contentScale,
                                            status: status) : nil
        let shown = items.isEmpty ? FrameContent(canvas: composeRevision, width: frame.width, height: frame.height, bars: bars) : nil
        if let shown, let k = kept, k.content == shown {
            renderer.copy(k.target, to: frame)
        } else {
            if !drawLiveUnderLayersAbove(editor, items, canvas: canvasPicture, view: view, area: area, into: frame) {
                let base = live.base(over: canvasPicture, revision: composeRevision, view: view, items: items)
                renderer.copy(base, to: frame)
                live.drawOverBase(items, into: frame, view: view)
            }
            if let bars { toolbar.draw(bars, into: frame) }
            keep(frame, showing: shown)
        }
        lastShown = shown
    }

    /// Keeps a copy of `frame` when it is likely to be shown again: nothing live is drawn and the tiles
    /// are still filling (the frames until a block is done show the same picture) or the frame
    /// before showed the same (the pointer moving over the canvas, say); else forgets the copy.
    private func keep(_ frame: RenderTarget, showing content: FrameContent?) {
        guard let content, !isComplete || content == lastShown else { kept = nil; return }
        var target = kept?.target
        if target?.width != frame.width || target?.height != frame.height {
            target = try? RenderTarget(width: frame.width, height: frame.height)
        }
        guard let target else { kept = nil; return }
        renderer.copy(frame, to: target)
        kept = (target, content)
    }

    /// Whether the editor drags a selection. At the first frame after a drag whose drop changed the
    /// list (a move committed, not a drag cancelled), the dropped drawables, as the list now holds
    /// them, go on being drawn live until the tiles under them are filled again, instead of
    /// vanishing for the frames that takes; the tiles of a block are filled together, so they swap
    /// in at once. Any other change to the list, or to the view, ends that.
    private func noteDrag(_ editor: Editor, _ items: [LiveItem], view: ViewTransform) -> Bool {
        let revision = editor.displayList.revision
        if items.contains(where: \.isMoved) {
            lastDrag = (editor.hiddenIDs, revision)
            dropped = nil
            return true
        }
        if let last = lastDrag, last.revision != revision {
            // A move replaces the drawables: the selection names them by their new ids.
            let ids = editor.selection?.selectedIDs ?? last.ids
            let drawables = editor.displayList.items.filter { ids.contains($0.id) }.map(\.drawable)
            let bounds = drawables.compactMap(\.paintedBounds).reduce(nil) { $0?.union($1) ?? $1 }
            if let bounds { dropped = (drawables.map { .moved($0, by: .zero) }, bounds, revision, view) }
        }
        lastDrag = nil
        return false
    }

    /// Brings the tiles up to date with the editor's list, less what the tool hides (a selection
    /// being dragged): both through the list's feed and the hidden set, never a pass over the list.
    private func syncTiles(_ editor: Editor) {
        tiles.sync(editor.displayList, hidden: editor.hiddenIDs)
    }

    /// The canvas picture for `view`: composed again when the view, the area or the tiles changed,
    /// or while tiles are still being filled.
    private func composeCanvas(view: ViewTransform, area: PixelRect, width: Int, height: Int, budget: Double?) -> RenderTarget? {
        if composed == nil || composed!.width != width || composed!.height != height {
            composed = nil
            guard let t = try? RenderTarget(width: width, height: height) else { return nil }
            composed = t
            composedFor = nil
        }
        let same = composedFor.map { $0.view == view && $0.area == area && $0.revision == tiles.revision } ?? false
        if same && isComplete && !tiles.hasBackgroundWork { return composed }
        let shown = tiles.pictureToken(view, area: area)
        isComplete = tiles.fill(view, area: area, budget: budget)
        // Mid-fill frames that finished no tile of what they show show the same picture: keep it.
        if same && tiles.pictureToken(view, area: area) == shown { return composed }
        tiles.compose(view, into: composed!, area: area)
        if showsPageBorder { drawPageBorder(view: view, into: composed!, area: area) }
        composedFor = (view, area, tiles.revision)
        composeRevision &+= 1
        return composed
    }

    /// A one-pixel border just outside the page, when the page's edge is in view.
    func drawPageBorder(view: ViewTransform, into target: RenderTarget, area: PixelRect) {
        let page = view.apply(Rect(x: 0, y: 0, width: canvas.width, height: canvas.height))
        let visible = Rect(x: Double(area.x), y: Double(area.y), width: Double(area.width), height: Double(area.height))
        guard page.maxX >= visible.minX - 2, page.minX <= visible.maxX + 2,
              page.maxY >= visible.minY - 2, page.minY <= visible.maxY + 2 else { return }
        // A page around the whole area (zoomed in) has its border beyond it, off the frame or under
        // the bars, which cover those rows: nothing of it shows.
        let around = visible.insetBy(-4)
        guard page.minX > around.minX || page.minY > around.minY || page.maxX < around.maxX || page.maxY < around.maxY else { return }
        // In frame pixels, clamped a little beyond the area so far-away corners stay small numbers.
        func clampX(_ v: Double) -> Double { min(max(v, visible.minX - 8), visible.maxX + 8) }
        func clampY(_ v: Double) -> Double { min(max(v, visible.minY - 8), visible.maxY + 8) }
        let x0 = clampX(page.minX - 1), x1 = clampX(page.maxX + 1), y0 = clampY(page.minY - 1), y1 = clampY(page.maxY + 1)
        // Four fills that meet without overlapping (the rows across, the columns between them): the
        // pixels of a one-pixel stroke around the page, drawn straight in, where a translucent
        // stroke would cost a layer the size of the frame.
        let sides = [Rect(minX: x0, minY: y0, maxX: x1, maxY: y0 + 1), Rect(minX: x0, minY: y1 - 1, maxX: x1, maxY: y1),
                     Rect(minX: x0, minY: y0 + 1, maxX: x0 + 1, maxY: y1 - 1), Rect(minX: x1 - 1, minY: y0 + 1, maxX: x1, maxY: y1 - 1)]
        let commands = sides.filter { $0.width > 0 && $0.height > 0 }.flatMap { side in
            Drawable.path(PathDrawable(path: .rectangle(side), stroke: nil, fill: WindowScene.pageBorderColor,
                                       style: StrokeOptions(width: 1))).commands(scale: 1)
        }
        renderer.draw(commands, into: target)
    }

    /// A new live layer when the scale changed or the view moved far from the layer's origin, and
    /// nothing is being drawn.
    private func prepareLiveLayer(view: ViewTransform, viewport: Viewport) {
        let far = abs(view.apply(live.origin).x) > MeshAnchor.cell || abs(view.apply(live.origin).y) > MeshAnchor.cell
        guard live.scale != view.scale || far, live.isIdle else { return }
        live = LiveLayer(renderer: renderer, scale: view.scale, origin: viewport.origin)
    }

}
