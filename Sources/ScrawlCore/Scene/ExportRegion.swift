/// What the window's Export writes: the page together with everything drawn beyond it, or only
/// the selection when there is one. The canvas is unbounded, so an export that framed the page
/// alone would silently leave out what lies past its border.
public struct ExportRegion: Hashable, Sendable {
    /// What the region shows, for the message after the export.
    public enum Content: Hashable, Sendable {
        /// The page; everything drawn lies on it.
        case page
        /// The page and what was drawn beyond its border.
        case pageAndBeyond
        /// The selected strokes and images only.
        case selection(DrawingCount)
    }

    /// The rectangle of canvas points exported, its sides on whole points.
    public var rect: Rect
    public var content: Content
    /// The items exported, in stacking order: all of them, or the selection.
    public var items: [DisplayItem]

    /// Space kept around what is drawn beyond the page, or around the selection, in canvas points
    /// (the margin of `scrawl render --fit` and `scrawl export --fit`).
    public static let margin = 16.0

    /// The region for `items` on `canvas`'s page: with `selected` ids (those that are shown),
    /// their bounds plus the margin; else the page, grown to hold everything drawn plus the margin
    /// wherever something passes its border.
    public init(items: [DisplayItem], canvas: CanvasSpec, selected: Set<UInt64> = []) {
        let page = Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        let chosen = selected.isEmpty ? [] : items.filter { selected.contains($0.id) }
        if let bounds = ExportRegion.bounds(chosen) {
            self.init(rect: ExportRegion.outward(bounds.insetBy(-ExportRegion.margin)),
                      content: .selection(DrawingCount(chosen.map(\.drawable))), items: chosen)
            return
        }
        guard let bounds = ExportRegion.bounds(items), !ExportRegion.lies(bounds, within: page) else {
            self.init(rect: page, content: .page, items: items)
            return
        }
        self.init(rect: page.union(ExportRegion.outward(bounds.insetBy(-ExportRegion.margin))),
                  content: .pageAndBeyond, items: items)
    }

    public init(rect: Rect, content: Content, items: [DisplayItem]) {
        self.rect = rect
        self.content = content
        self.items = items
    }

    /// The ids of the items exported.
    public var ids: Set<UInt64> { Set(items.map(\.id)) }

    /// The region's size as a canvas of its own, with `background`.
    public func canvas(background: Color) -> CanvasSpec {
        CanvasSpec(width: rect.width, height: rect.height, background: background)
    }

    /// `wanted` device pixels per point, or less where the region's picture would pass the canvas
    /// limits at it (`CanvasSpec.maxDevicePixels` a side, `maxDevicePixelArea` in all).
    public func scale(fitting wanted: Double) -> Double {
        let (w, h) = (rect.width * wanted, rect.height * wanted)
        let side = Double(CanvasSpec.maxDevicePixels), area = Double(CanvasSpec.maxDevicePixelArea)
        let fit = min(side / w, side / h, (area / max(w * h, 1)).squareRoot())
        return fit < 1 ? wanted * fit * (1 - 1e-9) : wanted  // just inside the limits after rounding down
    }

    /// What was exported, in words: "the page", "the page and everything drawn beyond it", "the
    /// selection (2 strokes)".
    public var description: String {
        switch content {
        case .page: return "the page"
        case .pageAndBeyond: return "the page and everything drawn beyond it"
        case .selection(let count): return "the selection (\(count.text))"
        }
    }

    /// The union of what `items` paint, nil when nothing.
    static func bounds(_ items: [DisplayItem]) -> Rect? {
        items.reduce(nil as Rect?) { acc, item in
            guard let b = item.drawable.paintedBounds, [b.minX, b.minY, b.maxX, b.maxY].allSatisfy(\.isFinite) else { return acc }
            return acc?.union(b) ?? b
        }
    }

    /// Whether `inner` lies within `outer`, edges included.
    static func lies(_ inner: Rect, within outer: Rect) -> Bool {
        inner.minX >= outer.minX && inner.minY >= outer.minY && inner.maxX <= outer.maxX && inner.maxY <= outer.maxY
    }

    /// `r` grown to whole canvas points, within the canvas limit.
    static func outward(_ r: Rect) -> Rect {
        let limit = CanvasSpec.coordinateLimit
        func clamp(_ v: Double) -> Double { min(max(v, -limit), limit) }
        return Rect(minX: clamp(r.minX.rounded(.down)), minY: clamp(r.minY.rounded(.down)),
                    maxX: clamp(r.maxX.rounded(.up)), maxY: clamp(r.maxY.rounded(.up)))
    }
}
