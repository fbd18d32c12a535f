import ScrawlCore

/// The accumulating canvas: committed drawables are rendered once into an offscreen target and stay
/// there, so a frame costs the same with ten strokes or a hundred thousand.
///
/// Undo must not re-render the whole history: at every `checkpointInterval` drawables the canvas is
/// copied into a checkpoint target (the most recent `maxCheckpoints` are kept). When the display
/// list stops extending what was baked (undo, clear, undo of a clear), or a checkpoint newer than
/// the canvas fits it (redo), the canvas rewinds to the newest checkpoint that is still a prefix of
/// the list and re-renders only the drawables after it.
///
/// A copy costs a pipeline stall and, the first time, a canvas-sized allocation, so a sync that
/// bakes many drawables at once (a document opened, a replay rendered without frames) copies only at
/// the newest boundary it reaches; a sync after a rewind copies at every boundary that will be kept
/// (the newest `maxCheckpoints`), so undoing further steps back one interval at a time. Drawn one
/// by one, as in the window, every boundary is the newest when it is reached. Evicted checkpoint
/// targets are reused.
///
/// A baker that `defersCheckpoints` (a headless render, which rarely undoes) takes none until the
/// list first stops extending what was baked: that first rewind re-renders from the background, and
/// checkpoints are kept from then on as above. Checkpoint targets hold colour only: they share the
/// canvas's depth/stencil buffer, since they are only ever copied from and into.
///
/// A checkpoint is identified by its count and the id of its last drawable: ids never repeat and
/// lists only change at the end or all at once, so the same id at the same place means the same prefix.
public final class CanvasBaker {
    private struct Checkpoint {
        let count: Int
        let lastID: UInt64
        let target: RenderTarget
    }

    public let renderer: Renderer
    /// The rectangle baked: its size in points (the page, or a `--view` rectangle) and the background.
    public let canvas: CanvasSpec
    /// The canvas point at the target's top-left corner ((0, 0) for the page).
    public let origin: Point
    public var background: Color { canvas.background }
    /// Device pixels per canvas point.
    public let scale: Double
    /// The canvas target: floor(W·S) x floor(H·S) pixels.
    public let target: RenderTarget
    /// The canvas's depth/stencil buffer, which the checkpoint targets attach too.
    private let depthStencil: DepthStencilBuffer
    /// Canvas points to `target`'s pixels: the scale, `origin` at the top-left.
    public var view: ViewTransform { ViewTransform(scale: scale, translation: Point(-origin.x * scale, -origin.y * scale)) }
    public var checkpointInterval = 256
    /// At most 12 checkpoints, and no more than `checkpointBudget` bytes of them (a checkpoint is a
    /// canvas-sized colour target: 4 bytes per pixel).
    public var maxCheckpoints = 12
    /// Memory the checkpoints may take together.
    public static let checkpointBudget = 512 << 20
    /// Take no checkpoint until the first rewind (set before the first `sync`).
    public var defersCheckpoints = false
    /// Whether checkpoints are being taken: always, or since the first rewind when deferred.
    private var rewoundOnce = false
    /// Ids of the drawables baked into `target`, in order.
    public private(set) var baked: [UInt64] = []
    private var checkpoints: [Checkpoint] = []
    /// Targets of dropped checkpoints, reused before allocating new ones.
    private var spareTargets: [RenderTarget] = []
    /// How many checkpoints are kept now (for tests).
    public var checkpointCount: Int { checkpoints.count }
    /// How many drawables the last `sync` rendered (for tests and the benchmark).
    public private(set) var lastSyncRendered = 0
    /// Changes whenever the canvas target's pixels do (a bake, a rewind).
    public private(set) var revision: UInt64 = 0
    /// Seconds spent tessellating drawables so far (for `--stats`).
    public private(set) var tessellateSeconds = 0.0
    /// The most tessellated vertices a bake has held at once so far (for tests).
    public private(set) var mostHeldVertices = 0

    /// A canvas cleared to `background`; throws for sizes outside what the driver supports.
    public init(renderer: Renderer, canvas: CanvasSpec, scale: Double, origin: Point = .zero) throws {
        self.renderer = renderer
        self.canvas = canvas
        self.origin = origin
        self.scale = scale
        let (w, h) = CanvasBaker.pixelSize(canvas, scale: scale)
        depthStencil = DepthStencilBuffer(width: w, height: h)
        target = try RenderTarget(width: w, height: h, sharing: depthStencil)
        renderer.clear(target, to: canvas.background)
        maxCheckpoints = min(12, max(1, CanvasBaker.checkpointBudget / max(1, w * h * 4)))
    }

    /// floor(W·S) x floor(H·S), at least 1 x 1.
    public static func pixelSize(_ canvas: CanvasSpec, scale: Double) -> (Int, Int) {
        let size = canvas.devicePixelSize(scale: scale)
        return (max(1, size.width), max(1, size.height))
    }

    /// Brings the canvas up to date with `items`: renders only what is new, or rewinds to a checkpoint.
    public func sync(_ items: [DisplayItem]) {
        lastSyncRendered = 0
        let rewound = !extendsBaked(items) || usableCheckpoint(for: items).map({ $0.count > baked.count }) == true
        if rewound { rewind(to: items); rewoundOnce = true }
        let checkpointing = !defersCheckpoints || rewoundOnce
        let interval = max(checkpointInterval, 1)
        let newest = items.count / interval * interval
        let firstSaved = rewound ? newest - (max(maxCheckpoints, 1) - 1) * interval : newest
        var start = baked.count
        while start < items.count {
            let end = min(items.count, (start / interval + 1) * interval)
            bake(items[start..<end])
            start = end
            if checkpointing && end % interval == 0 && end >= firstSaved { saveCheckpoint() }
        }
    }

    private func extendsBaked(_ items: [DisplayItem]) -> Bool {
        guard baked.count <= items.count else { return false }
        guard let last = baked.last else { return true }
        return items[baked.count - 1].id == last
    }

    /// The newest checkpoint that is a prefix of `items`.
    private func usableCheckpoint(for items: [DisplayItem]) -> Checkpoint? {
        checkpoints.last { cp in cp.count <= items.count && items[cp.count - 1].id == cp.lastID }
    }

    private func rewind(to items: [DisplayItem]) {
        revision &+= 1
        if let cp = usableCheckpoint(for: items) {
            renderer.copy(cp.target, to: target)
            baked = items.prefix(cp.count).map(\.id)
        } else {
            renderer.clear(target, to: canvas.background)
            baked = []
        }
    }

    /// Draws `slice` into the canvas, its meshes held until about `Renderer.maxBatchVertices` of
    /// them are tessellated (or the slice ends), so what one bake holds does not grow with the drawing.
    private func bake(_ slice: ArraySlice<DisplayItem>) {
        var commands: [DrawCommand] = []
        var held = 0
        let shown = Rect(x: origin.x, y: origin.y, width: Double(target.width) / scale, height: Double(target.height) / scale)
            .insetBy(-TiledCanvas.fringeMargin / scale)
        for item in slice where CanvasBaker.mayShow(item.drawable, in: shown) {
            // Tessellated relative to `origin`, so the meshes hold small numbers however far it is.
            let more = Stopwatch.time(&tessellateSeconds) { MeshAnchor.commands(item.drawable, anchor: origin, scale: scale) }
            commands += more
            held += more.reduce(0) { $0 + $1.heldVertices }
            mostHeldVertices = max(mostHeldVertices, held)
            if held >= renderer.maxBatchVertices {
                renderer.draw(commands, into: target)
                commands.removeAll()
                held = 0
            }
        }
        renderer.draw(commands, into: target)
        revision &+= 1
        baked += slice.map(\.id)
        lastSyncRendered += slice.count
    }

    private func saveCheckpoint() {
        guard let last = baked.last, !checkpoints.contains(where: { $0.count == baked.count && $0.lastID == last }) else { return }
        for cp in checkpoints where cp.count >= baked.count { spareTargets.append(cp.target) }
        checkpoints.removeAll { $0.count >= baked.count }
        if checkpoints.count >= max(maxCheckpoints, 1) { spareTargets.append(checkpoints.removeFirst().target) }
        guard let copy = spareTargets.popLast() ?? (try? RenderTarget(width: target.width, height: target.height, sharing: depthStencil)) else { return }
        renderer.copy(target, to: copy)
        checkpoints.append(Checkpoint(count: baked.count, lastID: last, target: copy))
    }

    /// Whether `drawable` may paint inside `rect` (drawables entirely outside it are skipped).
    static func mayShow(_ drawable: Drawable, in rect: Rect) -> Bool {
        guard let b = drawable.paintedBounds else { return false }
        return b.maxX >= rect.minX && b.minX <= rect.maxX && b.maxY >= rect.minY && b.minY <= rect.maxY
    }
}
