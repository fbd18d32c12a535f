/// What every kind of drawable answers: the one list a new kind (text, say) implements, in its own
/// file, for every tool, cache and exporter to handle it. `PathDrawable` and `StampDrawable` are
/// the kinds; `Drawable`, the display list's enum of them, answers each requirement by forwarding
/// to its kind (Drawable.swift, one switch per requirement). Only the document coding and the SVG
/// and PDF exporters (ScrawlStorage) switch over the kinds besides, once each. See docs/architecture.md.
///
/// Coordinates are canvas points (y down). Requirements that return `Self` keep the kind (a moved
/// stamp is a stamp); those that return `Drawable` may give another (a stamp's veil is a path).
public protocol DrawableKind: Hashable, Sendable {
    // MARK: Geometry

    /// A rectangle holding everything it paints at any scale, not counting the renderer's
    /// antialiasing fringe; nil when it paints nothing (an empty path). The spatial index, the
    /// tiles and the caches file it by this, so it must never be smaller than what is drawn.
    var paintedBounds: Rect? { get }

    /// Distance from `p` to what it paints (not its bounding box), 0 on or inside it: the selection
    /// tool's pick and the eyedropper hit what this says they hit.
    func paintedDistance(to p: Point) -> Double

    /// Distance from the segment `a`–`b` to what it paints, 0 when the segment touches or crosses
    /// it: the eraser's disc swept along the segment touches it when this is at most its radius.
    func paintedDistance(toSegment a: Point, _ b: Point) -> Double

    /// The points the selection's lasso must enclose for it to be selected (a path's flattened
    /// centre line, a stamp's corners); empty when nothing can enclose it.
    var outlinePoints: [Point] { get }

    /// The path the Follow tool walks when this is the newest drawable (a path's first subpath, so
    /// an arrow's shaft; a stamp's border from its top-left corner, clockwise on screen).
    var followPath: Path { get }

    // MARK: Canvas limit

    /// The bounds of its coordinates (a path's points, controls included; a stamp's rectangle):
    /// what `CanvasLimit` keeps within ±`CanvasSpec.coordinateLimit`. Nil when it has none.
    var coordinateBounds: Rect? { get }

    /// Whether every coordinate is finite and within the canvas limit (what a document can hold).
    var isInsideCanvasLimit: Bool { get }

    /// Itself with every coordinate inside the canvas limit: unchanged when it is; otherwise
    /// brought in as the kind sees fit (a path's points each moved onto the limit, a stamp moved
    /// in whole).
    func keptInsideCanvasLimit() -> Self

    // MARK: Drawing

    /// The commands that draw it at `scale` device pixels per point, in order (a path's fill, then
    /// its stroke). A kind whose tessellation would be too large to hold whole gives commands that
    /// tessellate it in pieces while they are drawn (`DrawCommand.strokePieces`, `.fillPieces`).
    func commands(scale: Double) -> [DrawCommand]

    /// An upper bound, computed without flattening, on the points drawing it at `scale` flattens
    /// (each use counted: a filled and stroked path twice): what `FlatteningBudget` refuses
    /// documents by. 0 for a kind that flattens nothing.
    func flattenedPointEstimate(scale: Double) -> Int

    // MARK: Editing

    /// Itself moved by `offset`.
    func translated(by offset: Point) -> Self

    /// Itself scaled by `sx`, `sy` about `anchor` (the selection's handles); line widths scale by
    /// the geometric mean of the factors unless `scalingWidths` is false. A kind that cannot mirror
    /// (a stamp) keeps its orientation.
    func scaled(about anchor: Point, sx: Double, sy: Double, scalingWidths: Bool) -> Self

    /// Itself restyled by one of the selection's colour, width and opacity keys; a kind changes
    /// what it has and ignores the rest (a stamp takes only opacity). `random` gives the random
    /// swatch's colours: a kind draws from it only for a colour it takes, so that each selected
    /// drawable that takes one gets the next.
    func restyled(_ restyle: Restyle, random: inout SplitMix64) -> Self

    /// Its opacity, 0…1, as the opacity keys step it (a path's stroke alpha, else its fill's).
    var opacity: Double { get }

    /// Itself drawn at `opacity` (0…1) instead.
    func withOpacity(_ opacity: Double) -> Self

    /// Itself with every alpha it has multiplied by `factor` (finite, at least 0), each at most fully
    /// opaque, its alphas kept apart (unlike `withOpacity`): what a merge down bakes of the upper
    /// layer's opacity.
    func faded(by factor: Double) -> Self

    // MARK: Tools

    /// The colour it paints at `p`, which hits it within `radius` (the eyedropper): a path's stroke
    /// on the stroke's body, else its fill; a stamp's pixel. Nil where it shows nothing (a fully
    /// transparent pixel), and the eyedropper looks at what lies under it.
    func colour(at p: Point, radius: Double) -> Color?

    /// Drawn over it, hides it behind `veil` (the eraser dims what it will remove with the page's
    /// colour at 70 % over it): its painted shape in `veil`, composited "over".
    func veiled(_ veil: Color) -> Drawable

    /// Whether an eraser in `mode` whose disc of `radius` sweeps from `a` to `b` changes it: for
    /// the stroke eraser, and for any kind the partial eraser does not cut, whether the disc
    /// touches what it paints; for one it cuts, whether the disc covers part of what it keeps.
    func isTouched(byEraserFrom a: Point, to b: Point, radius: Double, mode: EraserMode) -> Bool

    /// What is left of it once an eraser touch in `mode` (the disc of `radius` along `sweep`) that
    /// touched it ends: nothing when the eraser removes it whole (the stroke eraser always; the
    /// partial one for stamps and closed or filled shapes), else the pieces outside the disc.
    func erased(along sweep: [Point], radius: Double, mode: EraserMode) -> [Drawable]

    // MARK: Storage

    /// Itself in storage of just its size: what the display list keeps for the life of the
    /// drawing (a path built a point at a time holds up to twice the room it needs).
    func compacted() -> Self

    /// The images it shows, each once (a stamp's; none for a path): documents, the journal and the
    /// clipboard write each image once, in a table the drawables point into.
    var images: [RasterImage] { get }

    /// The points it stores (a path's, controls included; none for a stamp, whose image is shared):
    /// what the undo history's budget counts for it, beside a constant per item.
    var storedPointCount: Int { get }

    // MARK: Words

    /// What its user calls it when messages count a drawing's contents ("3 strokes and 1 image").
    var noun: DrawableNoun { get }
}

/// What follows from the requirements, the same for every kind.
extension DrawableKind {
    /// Whether what it paints comes within `radius` of `p` (the selection's pick, the eyedropper).
    public func isHit(at p: Point, radius: Double) -> Bool {
        guard let b = paintedBounds, b.insetBy(-radius).containsClosed(p) else { return false }
        return paintedDistance(to: p) <= radius
    }

    /// Whether the disc of `radius` swept from `a` to `b` touches what it paints.
    public func isHit(sweptFrom a: Point, to b: Point, radius: Double) -> Bool {
        guard let bounds = paintedBounds else { return false }
        let sweep = Rect(corner: a, b).insetBy(-radius)
        guard sweep.minX <= bounds.maxX, bounds.minX <= sweep.maxX,
              sweep.minY <= bounds.maxY, bounds.minY <= sweep.maxY else { return false }
        return paintedDistance(toSegment: a, b) <= radius
    }
}
