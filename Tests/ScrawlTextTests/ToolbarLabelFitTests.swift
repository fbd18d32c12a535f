import ScrawlCore
import ScrawlText
import XCTest

/// Every word the bars show fits the room its box gives it, measured with the font the window
/// draws them in, at every window width from 160 points up: on a narrow window the buttons
/// shrink, never the values' boxes below their words.
final class ToolbarLabelFitTests: XCTestCase {
    private func font() throws -> Font {
        let path = try XCTUnwrap(FontLocator.sansSerif(), "no sans-serif font on this machine (install fonts-dejavu-core)")
        return try Font(path: path, pixelSize: ToolbarLabel.textPoints)
    }

    /// The bars' states whose words are the widest: each width and opacity step, a fractional
    /// width, the zoom's extremes, the indicators and every tool option.
    private var states: [(ToolStyle, BarStatus)] {
        var out: [(ToolStyle, BarStatus)] = []
        var style = DrawingSettings.defaults[.pen]
        for (w, o) in zip(DrawingSettings.widths + [12.5, 0.5], DrawingSettings.opacities + [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]) {
            style.width = w
            style.opacity = o
            for zoom in [Viewport.minZoom, 1, 1.189, Viewport.maxZoom] {
                var status = BarStatus(mirror: true, recording: true)
                status.zoom = zoom
                out.append((style, status))
            }
        }
        for (pressure, speed, steady) in [(1.0, false, 0.85), (1.0, true, 0.3), (0, false, 0)] {
            out.append((style, BarStatus(ink: BarInk(use: [.pressure, .stabilizer],
                                                     settings: InkSettings(pressure: pressure, speedPressure: speed, stabilizer: steady)))))
        }
        for mode in SelectionMode.allCases {
            var status = BarStatus()
            status.selectMode = mode
            out.append((style, status))
        }
        return out
    }

    func testEveryLabelFitsItsBoxAtEveryWidth() throws {
        let font = try font()
        let states = self.states
        var over: [String: (by: Double, width: Double)] = [:]  // each text that ran out of its box: by how much at the worst, where
        var seen = Set<String>()
        for w in stride(from: 160.0, through: 1600, by: 12) {
            let layout = ToolbarLayout(canvas: CanvasSpec(width: w, height: 400), visible: true)
            for (style, status) in states {
                for label in layout.labels(style: style, status: status) {
                    seen.insert(label.text)
                    let by = TextLayout.measure(label.text, font: font).width - label.rect.width
                    if by > 0, by > (over[label.text]?.by ?? 0) { over[label.text] = (by, w) }
                    XCTAssertTrue(label.rect.minX >= 0 && label.rect.maxX <= w, "\"\(label.text)\" inside the window at width \(w)")
                    XCTAssertGreaterThanOrEqual(label.rect.height, ToolbarLabel.textPoints * 1.5, "\"\(label.text)\"'s box is high enough at width \(w)")
                }
            }
        }
        XCTAssertTrue(["100 %", "6400 %", "12.5 pt", "pressure 100%", "lasso select", "Mirror", "Rec"].allSatisfy(seen.contains), "\(seen)")
        XCTAssertEqual(over.count, 0, "words wider than their box's room (points over, at window width): \(over.sorted { $0.key < $1.key })")
    }

    /// The layer's name: a short one ("Layer 12") fits its box as it is, at every width it shows;
    /// a longer one, cut by the renderer to the box's room, keeps at least five characters and its ellipsis.
    func testTheLayersNameFitsItsBox() throws {
        let font = try font()
        let measure = { (s: String) in TextLayout.measure(s, font: font).width }
        var shown = 0
        for w in stride(from: 160.0, through: 1600, by: 12) {
            for name in ["Layer 12", "Sketch", "Background sketch", "Ink and shade", "WWWWWWWWWWWW"] {
                let layout = ToolbarLayout(canvas: CanvasSpec(width: w, height: 400), visible: true, layerName: name)
                for label in layout.labels(style: DrawingSettings.defaults[.pen]) where label.cutToFit {
                    shown += 1
                    let words = ToolbarLabel.fitted(label.text, room: label.rect.width, measure: measure)
                    XCTAssertLessThanOrEqual(measure(words), label.rect.width, "\(name) at width \(w)")
                    if name.count <= 8 { XCTAssertEqual(words, name, "\(name) at width \(w): fits uncut") }
                    else { XCTAssertTrue(words.hasSuffix("…") && words.count >= 6, "\(name) at width \(w): \(words)") }
                }
                for label in layout.labels(style: DrawingSettings.defaults[.pen]) where !label.cutToFit {
                    XCTAssertLessThanOrEqual(measure(label.text), label.rect.width, "\(label.text) beside the name at width \(w)")
                }
            }
        }
        XCTAssertGreaterThan(shown, 0)
    }
}
