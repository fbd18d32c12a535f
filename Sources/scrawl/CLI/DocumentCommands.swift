import Foundation
import ScrawlCore
import ScrawlGL
import ScrawlStorage

/// Documents (`*.scrawl`) on the command line: `render` opens and saves them, `export` writes SVG, PDF or PNG.
enum DocumentCommands {
    /// The document at `path` as an empty replay on its canvas, plus its drawables.
    static func loadAsReplay(_ path: String) throws -> (Replay, [Drawable]) {
        let document = try open(path)
        return (Replay(canvas: document.canvas, events: []), document.drawables)
    }

    /// Reads and validates a document; a broken one is bad input (exit 2) with one line.
    static func open(_ path: String) throws -> Document {
        do {
            return try DocumentStore.standard.open(path)
        } catch {
            throw CommandFailure.badInput(error.message(file: PathText.name(path)))
        }
    }

    /// Writes the editor's committed drawables (never the live layer) on its canvas to `path`.
    static func save(_ editor: Editor, to path: String) throws {
        do {
            try DocumentStore.standard.save(items: editor.displayList.items, layers: editor.displayList.layers, canvas: editor.canvas, to: path)
        } catch {
            throw CommandFailure.environment(error.description)
        }
    }
}

/// `scrawl export FILE.scrawl -o OUT.svg|OUT.pdf|OUT.png [--view X,Y,W,H | --fit] [--scale S] [--transparent]`.
enum ExportCommand {
    /// What an output's name asks for, by its extension (any case).
    enum Format { case svg, pdf, png }

    static func format(of output: String) -> Format? {
        let lower = output.lowercased()
        if lower.hasSuffix(".svg") { return .svg }
        if lower.hasSuffix(".pdf") { return .pdf }
        if lower.hasSuffix(".png") { return .png }
        return nil
    }

    static func run(_ p: ParsedCommand) throws -> Int32 {
        let input = p.operands[0], output = p.text("--output") ?? ""
        let scale = p.number("--scale")
        let transparent = p.flag("--transparent")
        let region = RenderRegion(p)
        guard let format = format(of: output) else {
            throw UsageError(message: "export writes SVG, PDF or PNG; name the output OUT.svg, OUT.pdf or OUT.png, not \(PathText.short(output))")
        }
        if format != .png, scale != nil {
            throw UsageError(message: "--scale applies to PNG exports only (-o OUT.png): SVG and PDF are vector graphics")
        }
        if format == .svg, transparent {
            throw UsageError(message: "--transparent applies to PNG and PDF exports only (-o OUT.png, -o OUT.pdf)")
        }
        try OutputGuard.check(output: output, role: "-o", inputs: [input])
        let document = try DocumentCommands.open(input)
        let name = PathText.name(input)
        switch format {
        case .png: try writePNG(document, name: name, region: region, scale: scale ?? 1, transparent: transparent, to: output)
        case .svg: try writeSVG(document, name: name, region: region, to: output)
        case .pdf: try writePDF(document, name: name, region: region, transparent: transparent, to: output)
        }
        return 0
    }

    /// The document as a one-page vector PDF of the region, written atomically.
    static func writePDF(_ document: Document, name: String, region: RenderRegion, transparent: Bool, to output: String) throws {
        let box = try viewBox(region, document, name: name)
        do {
            try PDFExporter.write(document, viewBox: box, transparent: transparent, to: output)
        } catch let error as DocumentError {
            throw CommandFailure.badInput(error.message(file: name))
        } catch {
            throw CommandFailure.environment("\(error)")
        }
    }

    /// The document as SVG 1.1, written atomically.
    static func writeSVG(_ document: Document, name: String, region: RenderRegion, to output: String) throws {
        let box = try viewBox(region, document, name: name)
        do {
            try SVGExporter.write(document, viewBox: box, to: output)
        } catch let error as DocumentError {
            throw CommandFailure.badInput(error.message(file: name))
        } catch {
            throw CommandFailure.environment("\(error)")
        }
    }

    /// The document rendered headlessly at `scale` (the page, `--view` or `--fit`), written
    /// atomically as a PNG; `transparent` leaves the page's background out.
    static func writePNG(_ document: Document, name: String, region: RenderRegion, scale: Double,
                         transparent: Bool, to output: String) throws {
        var canvas = document.canvas
        if transparent { canvas.background.a = 0 }
        let replay = Replay(canvas: canvas, events: [])
        try RenderCommand.checkBudget(document.drawables, scale: scale, name: name)
        let framing = try Framing.resolve(region, replay: replay, drawables: document.drawables, stamp: .defaultStamp,
                                          scale: scale, toolbar: false, name: name)
        let renderer = try GLSession.headlessRenderer()
        let player = try framing.player(replay: replay, drawables: document.drawables, stamp: .defaultStamp,
                                        scale: scale, renderer: renderer)
        let image = try player.renderFrame()
        try RenderCommand.writePNG(image, to: output)  // straight alpha already (`Renderer.readPixels`)
    }

    /// The SVG's rectangle: the page (nil), `--view`'s, or the drawing's bounds with `--fit`'s margin,
    /// bounded as `render` bounds its framing (at scale 1: the SVG's width and height are that size).
    static func viewBox(_ region: RenderRegion, _ document: Document, name: String) throws -> SVGViewBox? {
        let replay = Replay(canvas: document.canvas, events: [])
        let rect = try Framing.rectangle(region, replay: replay, drawables: document.drawables, stamp: .defaultStamp,
                                         scale: 1, name: name)
        return rect.map { SVGViewBox(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
    }
}
