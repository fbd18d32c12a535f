import Foundation
import ScrawlCore
import ScrawlGL
import ScrawlStorage

/// `scrawl render INPUT -o OUT.png [--scale S] [--frames DIR] [--stats] [--toolbar] [--stamp F] [--save F]`.
enum RenderCommand {
    struct Options {
        var input = "", output = ""
        var scale = 1.0
        var framesDir: String?, stamp: String?, save: String?
        var stats = false, toolbar = false
    }

    static func parse(_ args: Arguments) throws -> Options {
        var args = args
        var o = Options()
        o.output = try args.option("-o", "--output") ?? ""
        o.scale = try args.number("--scale", in: 0.01...64) ?? 1
        o.framesDir = try args.option("--frames")
        o.stamp = try args.option("--stamp")
        o.save = try args.option("--save")
        o.stats = args.flag("--stats")
        o.toolbar = args.flag("--toolbar")
        let rest = try args.positionals()
        guard rest.count == 1 else { throw UsageError(message: "render needs one input file (a replay .json or a .scrawl document)") }
        guard !o.output.isEmpty else { throw UsageError(message: "render needs -o OUT.png") }
        o.input = rest[0]
        return o
    }

    static func run(_ args: Arguments) throws -> Int32 {
        let o = try parse(args)
        var total = Stopwatch()
        var parseTime = 0.0
        let (replay, drawables) = try Stopwatch.time(&parseTime) { try loadInput(o.input) }
        let name = (o.input as NSString).lastPathComponent
        do { try replay.validateCanvas(scale: o.scale) } catch { throw CommandFailure.badInput(error.message(file: name)) }
        if o.toolbar { try validateToolbarFrame(replay.canvas, scale: o.scale, name: name) }
        let stamp = try StampLoader.load(option: o.stamp, replayStamp: replay.stamp, relativeTo: o.input)
        let renderer = try GLSession.headlessRenderer()
        let player = try ReplayPlayer(replay: replay, scale: o.scale, stamp: stamp, renderer: renderer, drawables: drawables)
        player.toolbar = o.toolbar
        if let dir = o.framesDir { try makeDirectory(dir) }
        if let dir = o.framesDir {
            try player.play(replay.events) { frameName, image in
                try writePNG(image, to: (dir as NSString).appendingPathComponent(frameName + ".png"))
            }
        } else {
            try player.play(replay.events)
        }
        let image = try player.renderFrame()
        var encode = 0.0
        try Stopwatch.time(&encode) { try writePNG(image, to: o.output) }
        if let save = o.save { try DocumentCommands.save(player.editor, to: save) }
        if o.stats {
            var s = player.stats
            s.parse = parseTime; s.encode = encode; s.total = total.lap()
            printError(s.json)
        }
        return 0
    }

    /// With the bars the frame is two bars taller; it must still fit the 16384-pixel limit.
    static func validateToolbarFrame(_ canvas: CanvasSpec, scale: Double, name: String) throws {
        let bar = Int((ToolbarLayout.barHeight * scale).rounded())
        let height = canvas.devicePixelSize(scale: scale).height + 2 * bar
        guard height <= CanvasSpec.maxDevicePixels else {
            throw CommandFailure.badInput("\(name): with the bars the frame is \(height) device pixels tall at scale "
                                          + "\(JSONWriter.format(scale)); it must be at most \(CanvasSpec.maxDevicePixels)")
        }
    }

    /// A replay, or a document as an empty replay over its drawables.
    static func loadInput(_ path: String) throws -> (Replay, [Drawable]) {
        let name = (path as NSString).lastPathComponent
        if path.hasSuffix(".scrawl") { return try DocumentCommands.loadAsReplay(path) }
        do {
            return (try Replay.load(path: path), [])
        } catch {
            throw CommandFailure.badInput(error.message(file: name))
        }
    }

    static func writePNG(_ image: FrameImage, to path: String) throws {
        do {
            try PNGCodec.write(rgba: image.rgba, width: image.width, height: image.height, to: path)
        } catch {
            throw CommandFailure.environment("\(error)")
        }
    }

    static func makeDirectory(_ dir: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure.environment("cannot create the frames folder \(dir): \(error.localizedDescription)")
        }
    }
}

/// Loads the stamp image: `--stamp` first, then the replay's `stamp` (relative to its folder), else the built-in one.
enum StampLoader {
    static func load(option: String?, replayStamp: String?, relativeTo input: String) throws -> RasterImage {
        let path: String
        if let option { path = option } else if let replayStamp {
            path = replayStamp.hasPrefix("/") ? replayStamp
                : ((input as NSString).deletingLastPathComponent as NSString).appendingPathComponent(replayStamp)
        } else {
            return .defaultStamp
        }
        do {
            return try PNGCodec.read(path: path)
        } catch {
            throw CommandFailure.badInput("stamp image: \(error)")
        }
    }
}

/// The one headless GL context and renderer of this process.
enum GLSession {
    static func headlessRenderer() throws -> Renderer {
        do {
            try HeadlessGL.shared().makeCurrent()
            return try Renderer()
        } catch {
            throw CommandFailure.environment("cannot start headless OpenGL: \(error)")
        }
    }
}
