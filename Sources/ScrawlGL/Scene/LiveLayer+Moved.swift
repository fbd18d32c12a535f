import ScrawlCore

/// A selection being dragged (`LiveItem.moved`), as the live layer keeps it for the whole drag: its
/// drawables tessellated once, at the layer's scale relative to its origin (a new layer, made when
/// the zoom changes, tessellates them again at the new scale), and, where compositing equals drawing,
/// their pixels in a picture the size of their device bounds.
final class MovedGroup {
    let drawables: [Drawable]
    let commands: [DrawCommand]
    /// Painted bounds of the drawables where they are committed (canvas points).
    let bounds: Rect?
    /// Whether every command blends "over" (not highlighter ink's min / max), so that the group drawn
    /// into a transparent picture and composited over a frame gives the pixels drawing it there gives.
    let composites: Bool
    var picture: Picture?

    /// The group rendered once: where in a frame it lands for the mesh translation it was drawn with.
    struct Picture {
        let target: RenderTarget
        let translation: Point
        let rect: PixelRect
    }

    init(_ drawables: [Drawable], origin: Point, scale: Double) {
        self.drawables = drawables
        commands = drawables.flatMap { (origin == .zero ? $0 : $0.translated(by: Point(-origin.x, -origin.y))).commands(scale: scale) }
        bounds = drawables.compactMap(\.paintedBounds).reduce(nil) { $0?.union($1) ?? $1 }
        composites = commands.allSatisfy {
            switch $0 {
            case .stroke(_, let blend), .strokePieces(_, let blend): return blend == .over || blend == .uniformAlpha
            default: return true
            }
        }
    }
}

/// Drawing the dragged selection: the cached meshes translated by the drag's offset on the GPU, or
/// the cached picture composited at a whole-pixel shift of where it was rendered. The picture is
/// rendered again only when the offset's sub-pixel phase changes (by more than `phaseTolerance`),
/// so a drag at a zoom where steps are whole device pixels costs one composite of the selection's
/// rectangle a frame, whatever the strokes' length or number.
extension LiveLayer {
    /// Device pixels by which a picture's sub-pixel phase may differ from the frame's: coverage moves
    /// by at most this fraction of a pixel's worth, under half a step of an 8-bit channel.
    static let phaseTolerance = 1.0 / 1024
    /// Largest side (device pixels) of a group's picture; larger groups are drawn from their meshes.
    static let maxPictureSide = 4096
    /// Whether dragged selections are composited from a picture where they can be (off: their cached
    /// meshes are drawn each frame; the bench compares the two).
    nonisolated(unsafe) public static var composesMovedPictures = true

    /// The consecutive `.moved` items from `start` that share its offset: their drawables.
    func movedRun(_ items: [LiveItem], from start: Int) -> [Drawable] {
        guard case .moved(_, let offset) = items[start] else { return [] }
        var out: [Drawable] = []
        for item in items[start...] {
            guard case let .moved(d, o) = item, o == offset else { break }
            out.append(d)
        }
        return out
    }

    /// The cached group for `drawables`, tessellated now when they are not the cached ones.
    func movedGroup(_ drawables: [Drawable]) -> MovedGroup {
        if let g = moved, g.drawables == drawables { return g }
        let g = Stopwatch.time(&movedTessellateSeconds) { MovedGroup(drawables, origin: origin, scale: scale) }
        movedTessellations += 1
        moved = g
        return g
    }

    /// Draws `drawables` moved by `offset` canvas points into `target` through `view`.
    func drawMoved(_ drawables: [Drawable], offset: Point, into target: RenderTarget, view: ViewTransform) {
        let group = movedGroup(drawables)
        let t = meshTransform(view)
        let translation = Point(t.translation.x + offset.x * view.scale, t.translation.y + offset.y * view.scale)
        if LiveLayer.composesMovedPictures, group.composites, t.scale == 1, compositePicture(group, translation: translation, into: target) { return }
        renderer.draw(group.commands, into: target, transform: ViewTransform(scale: t.scale, translation: translation))
    }

    /// Composites the group's picture so that it lands where its meshes drawn with `translation`
    /// would, rendering it first when its phase differs; false when the group is too large for one.
    private func compositePicture(_ group: MovedGroup, translation: Point, into target: RenderTarget) -> Bool {
        if let p = group.picture {
            let dx = (translation.x - p.translation.x).rounded(), dy = (translation.y - p.translation.y).rounded()
            if abs(translation.x - p.translation.x - dx) <= LiveLayer.phaseTolerance,
               abs(translation.y - p.translation.y - dy) <= LiveLayer.phaseTolerance {
                renderer.composite(p.target, into: target, x: p.rect.x + Int(dx), y: p.rect.y + Int(dy),
                                   width: p.rect.width, height: p.rect.height)
                return true
            }
        }
        guard let p = renderPicture(group, translation: translation) else { return false }
        group.picture = p
        renderer.composite(p.target, into: target, x: p.rect.x, y: p.rect.y, width: p.rect.width, height: p.rect.height)
        return true
    }

    /// The group drawn into a transparent picture covering its painted bounds and their fringe, placed
    /// for mesh translation `translation`.
    private func renderPicture(_ group: MovedGroup, translation: Point) -> MovedGroup.Picture? {
        guard let b = group.bounds, b.minX.isFinite, b.minY.isFinite, b.maxX.isFinite, b.maxY.isFinite else { return nil }
        let m = TiledCanvas.fringeMargin + 1
        let x0 = ((b.minX - origin.x) * scale + translation.x - m).rounded(.down)
        let y0 = ((b.minY - origin.y) * scale + translation.y - m).rounded(.down)
        let x1 = ((b.maxX - origin.x) * scale + translation.x + m).rounded(.up)
        let y1 = ((b.maxY - origin.y) * scale + translation.y + m).rounded(.up)
        let side = Double(LiveLayer.maxPictureSide)
        guard x1 - x0 <= side, y1 - y0 <= side, abs(x0) < 1e9, abs(y0) < 1e9 else { return nil }
        let rect = PixelRect(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
        var target = group.picture?.target
        if target?.width != rect.width || target?.height != rect.height {
            target = try? RenderTarget(width: rect.width, height: rect.height)
        }
        guard let target else { return nil }
        renderer.clear(target, to: .clear)
        renderer.draw(group.commands, into: target, transform: ViewTransform(scale: 1, translation: Point(translation.x - x0, translation.y - y0)))
        movedPictureRenders += 1
        return MovedGroup.Picture(target: target, translation: translation, rect: rect)
    }
}
