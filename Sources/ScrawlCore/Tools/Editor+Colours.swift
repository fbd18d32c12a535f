/// Colours chosen where no key exists, the recent colours, and the eyedropper.
extension Editor {
    /// How many recent colours the editor keeps (the colour bar's row).
    public static let recentColourLimit = 8

    /// Applies a colour event: the stroke or the fill of the current tool's record (the pen's where it keeps none).
    func apply(_ choice: ColorEvent) {
        switch choice {
        case .stroke(let c): setStroke(.fixed(c))
        case .fill(let c): setFill(c.map { .fixed($0) })
        }
    }

    /// Puts a chosen colour first in `recentColours` (random and "no fill" are not colours).
    func noteRecent(_ choice: ColorChoice?) {
        guard case .fixed(let c)? = choice else { return }
        recentColours.removeAll { $0 == c }
        recentColours.insert(c, at: 0)
    }

    /// Arms the eyedropper (`k`): the next touch that begins takes a colour instead of drawing.
    func armEyedropper() {
        tool.cancelAll(self)
        eyedropperArmed = true
    }

    /// Takes the eyedropper's touches out of `touches`: a touch beginning while it is armed picks
    /// the colour under it (shift: as the fill) and is swallowed to its end; the rest go to the tool.
    func eyedropperFilter(_ touches: [Touch]) -> [Touch] {
        guard eyedropperArmed || !eyedropperTouches.isEmpty else { return touches }
        var rest: [Touch] = []
        for t in touches {
            if eyedropperArmed, t.phase == .began {
                eyedropperArmed = false
                eyedropperTouches.insert(t.id)
                let c = colour(at: t.location)
                if t.shift { setFill(.fixed(c)) } else { setStroke(.fixed(c)) }
            } else if eyedropperTouches.contains(t.id) {
                if t.phase == .ended || t.phase == .cancelled { eyedropperTouches.remove(t.id) }
            } else {
                rest.append(t)
            }
        }
        return rest
    }

    /// The colour of the topmost visible drawable painted at `p` (`DrawableKind.colour(at:radius:)`:
    /// a stroke's colour on its body, a fill's inside it, a stamp's pixel), within one screen pixel;
    /// else the page background, opaque.
    public func colour(at p: Point) -> Color {
        let radius = screenPointSize
        let index = spatialIndex
        let hidden = hiddenIDs
        let ids = index.query(Rect(x: p.x - radius, y: p.y - radius, width: 2 * radius, height: 2 * radius))
            .filter { !hidden.contains($0) }
            .reversed()
        for id in ids {
            guard let d = index.drawable(id), d.isHit(at: p, radius: radius), let c = d.colour(at: p, radius: radius) else { continue }
            return c
        }
        var page = canvas.background
        page.a = 255
        return page
    }
}
