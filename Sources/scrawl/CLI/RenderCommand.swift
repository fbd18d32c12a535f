import Foundation
import ScrawlCore
import ScrawlGL
import ScrawlStorage

/// `scrawl render INPUT -o OUT.png [--scale S] [--view X,Y,W,H | --fit | --window WxH] [--frames DIR]
/// [--stats] [--toolbar] [--stamp F] [--save F]`.
enum RenderCommand {
    struct Options {
        var input = "", output = ""
        var scale = 1.0
        var framesDir: String?, stamp: String?, save: String?
        var stats = false, toolbar = false
        var region = RenderRegion.page
    }

    /// The options of a command line parsed through `CommandSpec.render`.
    static func options(_ p: ParsedCommand) throws -> Options {
        var o = Options()
        o.input = p.operands[0]
        o.output = p.text("--output") ?? ""
        o.scale = p.number("--scale") ?? 1
        o.framesDir = p.text("--frames")
        o.stamp = p.text("--stamp")
        o.save = p.text("--save")
        o.stats = p.flag("--stats")
        o.toolbar = p.flag("--toolbar")
        o.region = RenderRegion(p)
        try checkOutputs(o)
        return o
    }

    /// Refuses outputs that are inputs (or each other); warns when `-o` does not name a PNG.
    static func checkOutputs(_ o: Options) throws {
        let inputs = [o.input] + (o.stamp.map { [$0] } ?? [])
        try OutputGuard.check(output: o.output, role: "-o", inputs: inputs)
        if let save = o.save {
            try OutputGuard.check(output: save, role: "--save", inputs: inputs)
            if OutputGuard.sameFile(save, o.output) {
                throw CommandFailure.badInput("--save and -o name the same file \(PathText.short(save))")
            }
        }
        if !o.output.lowercased().hasSuffix(".png") {
            printError("scrawl: warning: -o \(PathText.short(o.output)) does not end in .png; writing a PNG image to it anyway")
        }
    }

    static func run(_ p: ParsedCommand) throws -> Int32 {
        let o = try options(p)
        // The GL driver loads on another thread while the input is read and played.
        let start = HeadlessStart()
        defer { start.wait() }
        var total = Stopwatch()
        var parseTime = 0.0
        var input = try Stopwatch.time(&parseTime) { try loadInput(o.input, streaming: o.region != .fit) }
        let replay = input.replay, drawables = input.drawables
        let name = PathText.name(o.input)
        try checkBudget(drawables, scale: o.scale, name: name)
        let stamp = try StampLoader.load(option: o.stamp, replayStamp: replay.stamp, relativeTo: o.input)
        let framing = try Framing.resolve(o.region, replay: replay, drawables: drawables, stamp: stamp,
                                          scale: o.scale, toolbar: o.toolbar, name: name)
        let renderer = try GLSession.headlessRenderer(start)
        let player = try framing.player(replay: replay, drawables: drawables, stamp: stamp, scale: o.scale, renderer: renderer)
        player.editor.selectionDecoder = SelectionClipboard.paste
        parseTime += try play(&input, with: player, options: o)
        for notice in player.editor.takeNotices() where notice.isWarning { printError("scrawl: \(name): \(notice.message)") }
        try checkBudget(player.editor.displayList.drawables, scale: o.scale, name: name)
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

    /// Plays every event, writing `--frames DIR/NAME.png` at each frame event when asked; returns
    /// the seconds spent decoding a streamed input (its second pass, less the playing).
    static func play(_ input: inout RenderInput, with player: FramePlayer, options o: Options) throws -> Double {
        var onFrame: ((String, FrameImage) throws -> Void)? = nil
        if let dir = o.framesDir {
            try makeDirectory(dir)
            let inputs = [o.input, o.output] + (o.stamp.map { [$0] } ?? [])
            onFrame = { frameName, image in
                let file = (dir as NSString).appendingPathComponent(frameName + ".png")
                try OutputGuard.check(output: file, role: "--frames file", inputs: inputs)
                try writePNG(image, to: file)
            }
        }
        guard let stream = input.stream else {
            try player.play(input.replay.events, onFrame: onFrame)
            input.replay.events = []  // played: freed before the canvas is baked (about 130 bytes per event)
            return 0
        }
        return try playStream(stream, with: player, onFrame: onFrame, name: PathText.name(o.input))
    }

    /// Plays a validated stream event by event as it is decoded; the first failure stops the playing
    /// (the rest is only decoded) and is thrown at the end, before anything else is written.
    static func playStream(_ stream: ReplayStream, with player: FramePlayer,
                           onFrame: ((String, FrameImage) throws -> Void)?, name: String) throws -> Double {
        var failure: (any Error)? = nil
        var playing = 0.0, whole = 0.0
        var changed: ReplayError? = nil
        Stopwatch.time(&whole) {
            do throws(ReplayError) {
                try stream.play { event in
                    guard failure == nil else { return }
                    do { try Stopwatch.time(&playing) { try player.play(event, onFrame: onFrame) } } catch { failure = error }
                }
            } catch {
                changed = error
            }
        }
        if let changed {
            let said = changed.message(file: name)
            throw CommandFailure.badInput(said.hasSuffix("changed while it was being read") ? said : said + " (the file changed while it was rendered)")
        }
        if let failure { throw failure }
        return max(whole - playing, 0)
    }
    /// Refuses a drawing over `FlatteningBudget` at `scale` before it is tessellated.
    static func checkBudget(_ drawables: [Drawable], scale: Double, name: String) throws {
        do { try FlatteningBudget.check(drawables, scale: scale) } catch { throw CommandFailure.badInput("\(name): \(error.message)") }
    }

    /// With the bars the frame is two bars taller; it must still fit the canvas limits.
    static func validateToolbarFrame(_ canvas: CanvasSpec, scale: Double, name: String) throws {
        let bar = Int((ToolbarLayout.barHeight * scale).rounded())
        let (width, canvasHeight) = canvas.devicePixelSize(scale: scale)
        let height = canvasHeight + 2 * bar
        guard CanvasSpec.fits(width: width, height: height) else {
            throw CommandFailure.badInput("\(name): with the bars the frame is \(width)x\(height) device pixels at scale "
                                          + "\(JSONWriter.format(scale)); \(CanvasSpec.limitText)")
        }
    }

    /// A replay, or a document as an empty replay over its drawables. A recording cut by a crash
    /// (its last event incomplete) gives its complete events, with a warning on standard error.
    /// With `streaming`, a replay is only validated here and its events are decoded again as they
    /// are played (`ReplayStream`), so that neither they nor the file's bytes are held.
    static func loadInput(_ path: String, streaming: Bool) throws -> RenderInput {
        let name = PathText.name(path)
        if path.hasSuffix(".scrawl") {
            let (replay, drawables) = try DocumentCommands.loadAsReplay(path)
            return RenderInput(replay: replay, drawables: drawables)
        }
        do {
            let input: RenderInput, truncated: Bool, n: Int
            if streaming {
                let stream = try ReplayStream(path: path)
                (input, truncated, n) = (RenderInput(replay: stream.header, stream: stream), stream.truncated, stream.eventCount)
            } else {
                let (replay, cut) = try Replay.loadRecording(path: path)
                (input, truncated, n) = (RenderInput(replay: replay), cut, replay.events.count)
            }
            if truncated {
                printError("scrawl: \(name): the recording ends in a cut event (after \(n == 0 ? "the header" : "event \(n - 1)")); "
                           + "rendered the \(n) complete event\(n == 1 ? "" : "s")")
            }
            return input
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
            throw CommandFailure.environment("cannot create the frames folder \(PathText.short(dir)): \(error.localizedDescription)")
        }
    }
}

/// What `render` reads: a replay's canvas, seed and stamp with its events (loaded whole), or without
/// them and a validated `stream` that decodes them as they are played; a document's drawables.
struct RenderInput {
    var replay: Replay
    var drawables: [Drawable] = []
    var stream: ReplayStream? = nil
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
            return try PNGCodec.read(path: path)  // missing, not a regular file, too large, broken: one line
        } catch {
            throw CommandFailure.badInput("stamp image: \(error)")  // its messages name the path shortened
        }
    }
}

/// The one headless GL context and renderer of this process.
enum GLSession {
    /// The renderer `start` made in the background, or one made now.
    static func headlessRenderer(_ start: HeadlessStart? = nil) throws -> Renderer {
        do {
            if let start { return try start.renderer() }
            try HeadlessGL.shared().makeCurrent()
            return try Renderer()
        } catch {
            throw CommandFailure.environment("cannot start headless OpenGL: \(error)")
        }
    }
}
