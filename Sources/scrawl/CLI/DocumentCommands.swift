import Foundation
import ScrawlCore
import ScrawlGL
import ScrawlStorage

/// Documents (`*.scrawl`) on the command line: `render` opens and saves them, `export` writes SVG.
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
            try DocumentStore.standard.save(items: editor.displayList.items, canvas: editor.canvas, to: path)
        } catch {
            throw CommandFailure.environment(PathText.shortening(path, in: error.description))
        }
    }
}

/// `scrawl export FILE.scrawl -o OUT.svg [--view X,Y,W,H | --fit]`.
enum ExportCommand {
    static func run(_ args: Arguments) throws -> Int32 {
        var args = args
        let output = try args.option("-o", "--output") ?? ""
        let region = try RenderRegion.parse(&args, allowWindow: false)
        let rest = try args.positionals()
        guard rest.count == 1 else { throw UsageError(message: "export needs one input file (a .scrawl document)") }
        guard !output.isEmpty else { throw UsageError(message: "export needs -o OUT.svg") }
        guard output.lowercased().hasSuffix(".svg") else {
            throw UsageError(message: "export writes SVG; name the output OUT.svg, not \(PathText.short(output))")
        }
        try OutputGuard.check(output: output, role: "-o", inputs: [rest[0]])
        let document = try DocumentCommands.open(rest[0])
        let svg: [UInt8]
        do {
            svg = try SVGExporter.svgData(document, viewBox: viewBox(region, document))
        } catch {
            throw CommandFailure.badInput(error.message(file: PathText.name(rest[0])))
        }
        do {
            try AtomicFile.write(svg, to: output)
        } catch {
            throw CommandFailure.environment(PathText.shortening(output, in: error.description))
        }
        return 0
    }

    /// The SVG's rectangle: the page (nil), `--view`'s, or the drawing's bounds with `--fit`'s margin.
    static func viewBox(_ region: RenderRegion, _ document: Document) -> SVGViewBox? {
        let rect: ViewRect?
        switch region {
        case .view(let v): rect = v
        case .fit:
            let bounds = document.drawables.compactMap(\.paintedBounds).reduce(nil as Rect?) { $0?.union($1) ?? $1 }
            rect = RenderRegion.fitRect(bounds)
        case .page, .window: rect = nil
        }
        return rect.map { SVGViewBox(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
    }
}
