import ScrawlCore

/// The drawing the layer cache tests share: three layers on a 200 x 120 page, with strokes
/// crossing each other on each and one translucent stroke on the middle one.
enum LayerTestDrawing {
    static func line(_ a: Point, _ b: Point, width: Double = 10, color: Color = .black, blend: InkBlend = .normal) -> Drawable {
        .path(PathDrawable(path: .polyline([a, a.lerp(b, 0.5), b]), stroke: color, fill: nil, style: .round(width: width), blend: blend))
    }

    /// The list, its middle layer and its top one.
    static func threeLayers() -> (DisplayList, LayerID, LayerID) {
        var list = DisplayList()
        list.append([line(Point(10, 20), Point(190, 30)), line(Point(10, 100), Point(180, 10), color: Color(r: 200, g: 30, b: 30))])
        let middle = list.addLayer(above: .first)!
        list.append([line(Point(40, 5), Point(60, 115), width: 16, color: Color(r: 20, g: 90, b: 200)),
                     line(Point(20, 60), Point(190, 70), width: 14, color: Color(r: 0, g: 160, b: 0, a: 128))], to: middle)
        let top = list.addLayer(above: middle)!
        list.append([line(Point(120, 5), Point(100, 115), width: 8, color: Color(r: 250, g: 200, b: 0))], to: top)
        return (list, middle, top)
    }
}
