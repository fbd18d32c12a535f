extension SpatialIndex {
    /// The side of a cell on `level`, in canvas points.
    static func cellSize(_ level: Int) -> Double { baseCellSize * Double(1 << (2 * level)) }

    /// The finest level whose cells are at least as large as `rect`'s larger side, or nil when
    /// no level can hold it (too large, or coordinates beyond `coordinateLimit`).
    static func level(for rect: Rect) -> Int? {
        let limit = coordinateLimit
        guard abs(rect.minX) <= limit, abs(rect.minY) <= limit, abs(rect.maxX) <= limit, abs(rect.maxY) <= limit else {
            return nil
        }
        let side = max(rect.width, rect.height)
        for level in 0..<levelCount where side <= cellSize(level) { return level }
        return nil
    }

    /// The column or row of the cell holding coordinate `v` on a level with cells `size` wide,
    /// clamped so it always fits an `Int` (`v` is not NaN).
    static func cellIndex(_ v: Double, _ size: Double) -> Int {
        let f = (v / size).rounded(.down)
        return Int(min(max(f, -0x1p52), 0x1p52))
    }

    /// The first and last cells `rect` covers on `level`.
    static func cellRange(_ rect: Rect, _ level: Int) -> (min: Cell, max: Cell) {
        let s = cellSize(level)
        return (Cell(x: cellIndex(rect.minX, s), y: cellIndex(rect.minY, s)),
                Cell(x: cellIndex(rect.maxX, s), y: cellIndex(rect.maxY, s)))
    }

    /// Whether two normalized rectangles meet (touching edges count).
    static func meets(_ a: Rect, _ b: Rect) -> Bool {
        a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY
    }

    /// Appends the items on `level` that meet `q`, each once: an item is reported only from the
    /// first cell (lowest column, then row) that it and the query share.
    func query(_ q: Rect, level: Int, into hits: inout [UInt64]) {
        let cells = levels[level]
        let r = SpatialIndex.cellRange(q, level)
        let span = (Double(r.max.x) - Double(r.min.x) + 1) * (Double(r.max.y) - Double(r.min.y) + 1)
        if span <= Double(cells.count) {
            for y in r.min.y...r.max.y {
                for x in r.min.x...r.max.x {
                    let cell = Cell(x: x, y: y)
                    if let entries = cells[cell] { collect(entries, in: cell, q, r.min, level, into: &hits) }
                }
            }
        } else {
            for (cell, entries) in cells
            where r.min.x <= cell.x && cell.x <= r.max.x && r.min.y <= cell.y && cell.y <= r.max.y {
                collect(entries, in: cell, q, r.min, level, into: &hits)
            }
        }
    }

    private func collect(_ entries: [Entry], in cell: Cell, _ q: Rect, _ qMin: Cell, _ level: Int,
                         into hits: inout [UInt64]) {
        let s = SpatialIndex.cellSize(level)
        for e in entries where SpatialIndex.meets(e.rect, q) {
            let first = Cell(x: max(SpatialIndex.cellIndex(e.rect.minX, s), qMin.x),
                             y: max(SpatialIndex.cellIndex(e.rect.minY, s), qMin.y))
            if first == cell { hits.append(e.id) }
        }
    }
}
