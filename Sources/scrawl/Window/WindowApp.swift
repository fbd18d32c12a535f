import CGLFW
import Foundation
import ScrawlCore
import ScrawlGL
import ScrawlStorage

/// The GLFW window: shows the bars and the canvas scaled to fit, feeds mouse and keys to the editor
/// as the same events a replay holds, and redraws only when something changed.
final class WindowApp {
    let window: OpaquePointer
    var editor: Editor
    /// Autosave: every change reaches the journal before the next frame.
    var journal: Journal?
    /// Why the journal could not be started, while it could not.
    var journalStartError: String?
    /// Why autosave is not working now (shown in the title), or nil while it works.
    var autosaveProblem: String?
    /// Why the last quit was refused (nothing could be saved anywhere), shown in the title.
    var quitRefusal: String?
    /// The fallback scale last announced on standard error (see `fittingScale`).
    var announcedFallbackScale = 0.0
    /// The display list revision last saved to `documentPath`; nil when there are unsaved changes
    /// that were never saved (a recovered session).
    var savedRevision: UInt64?
    var recovered = false
    /// When the framebuffer last changed size (GLFW time), and whether a re-render at the new
    /// scale is still to come.
    var lastResize = -1.0
    var rebakePending = false
    static let resizeSettle = 0.25
    /// Seconds between attempts to restart a failing autosave while the window is idle.
    static let autosaveRetryInterval = 3.0
    /// `--scale`: device pixels per canvas point, instead of the scale the window shows it at.
    var userScale: Double?
    /// GL objects; released before the window (and its context) goes away.
    var graphics: WindowGraphics?
    var recorder: ReplayRecorder?
    /// Mirror mode (`m`): a second touch mirrored through the canvas centre.
    var mirror = false
    /// The pointer is down as a touch; `mirrored` when the press added the mirror touch.
    var pointerDown = false
    var pointerMirrored = false
    var needsRedraw = true
    var title = ""
    var documentPath: String?
    static let letterbox = Color(r: 0x3c, g: 0x3f, b: 0x41)

    init(start: SessionStart, seed: UInt64, stamp: RasterImage, options: WindowCommand.Options) throws {
        let canvas = start.canvas
        editor = Editor(canvas: canvas, seed: seed, stampImage: stamp, displayList: start.displayList)
        documentPath = start.documentPath
        userScale = options.scale
        recovered = start.recovered != nil
        savedRevision = recovered ? nil : editor.displayList.revision
        if let path = options.record {
            // Before any GL object exists, so a bad path fails without a window to tear down.
            do {
                let stampPath = options.stamp.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
                recorder = try ReplayRecorder(path: path, canvas: canvas, seed: seed, stamp: stampPath)
            } catch {
                throw CommandFailure.environment("\(error)")
            }
            if !start.displayList.isEmpty {
                printError("scrawl: the recording holds only this session's input: replaying it does not "
                           + "redraw the \(start.displayList.count) drawings the session started with")
            }
        }
        window = try WindowApp.makeWindow(content: ToolbarLayout(canvas: canvas, visible: true).contentSize)
        glfwMakeContextCurrent(window)
        glfwSwapInterval(1)
        do {
            graphics = WindowGraphics(renderer: try Renderer())
        } catch {
            glfwDestroyWindow(window)
            throw CommandFailure.environment("\(error)")
        }
        installCallbacks()
        startJournal(discarding: start.recovered)
        if let notice = start.recoveryNotice { print(notice) }
    }

    static func makeWindow(content: CanvasSpec) throws -> OpaquePointer {
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3)
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3)
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE)
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE)
        glfwWindowHint(GLFW_STENCIL_BITS, 8)
        glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE)
        let w = Int32(min(max(content.width, 200), 4096)), h = Int32(min(max(content.height, 150), 4096))
        guard let window = glfwCreateWindow(w, h, "Scrawl", nil, nil) else {
            throw CommandFailure.environment("cannot open a window with OpenGL 3.3 core (\(GLFWSession.lastError))")
        }
        return window
    }

    /// Runs until the window closes or `ctrl+q`; returns the exit status.
    func run() -> Int32 {
        while true {
            if glfwWindowShouldClose(window) != GLFW_FALSE {
                if readyToQuit() { break }
                glfwSetWindowShouldClose(window, GLFW_FALSE)  // nothing could be saved: stay open
                needsRedraw = true
            }
            if needsRedraw {
                needsRedraw = false
                draw()
            }
            if rebakePending {
                // Wake when the size has settled, to re-render the canvas at the new scale.
                glfwWaitEventsTimeout(WindowApp.resizeSettle)
                needsRedraw = true
            } else if autosaveProblem != nil, journal != nil {
                // Autosave is failing: try again every few seconds even when nothing is drawn, so
                // the title says so as soon as it works again.
                glfwWaitEventsTimeout(WindowApp.autosaveRetryInterval)
                journal?.retry()
                checkAutosave()
            } else {
                glfwWaitEvents()
            }
        }
        finish()
        return 0
    }

    /// Closes the recording and the window.
    func finish() {
        do { try recorder?.close() } catch { printError("scrawl: \(error)") }
        recorder = nil
        glfwMakeContextCurrent(window)
        graphics = nil
        glfwDestroyWindow(window)
    }

    // MARK: Geometry

    var layout: ToolbarLayout { ToolbarLayout(canvas: editor.canvas, visible: editor.barsVisible) }

    /// Window size in screen coordinates and framebuffer size in pixels.
    func sizes() -> (window: (Double, Double), framebuffer: (Int, Int)) {
        var ww: Int32 = 0, wh: Int32 = 0, fw: Int32 = 0, fh: Int32 = 0
        glfwGetWindowSize(window, &ww, &wh)
        glfwGetFramebufferSize(window, &fw, &fh)
        return ((Double(max(ww, 1)), Double(max(wh, 1))), (Int(max(fw, 1)), Int(max(fh, 1))))
    }

    /// How the content (bars and canvas, in points) fits the window: scale and offset in screen units.
    /// The scale is kept finite and within 1e-3...1e3 whatever the canvas size.
    func fit() -> (scale: Double, offset: Point) {
        let content = layout.contentSize
        let (w, h) = sizes().window
        var s = min(w / content.width, h / content.height)
        s = s.isFinite ? min(max(s, 1e-3), 1e3) : 1
        return (s, Point((w - content.width * s) / 2, (h - content.height * s) / 2))
    }

    /// A window cursor position in canvas points, and in content points (for the bars).
    func canvasPoint(cursorX: Double, cursorY: Double) -> (canvas: Point, content: Point) {
        let f = fit()
        let content = (Point(cursorX, cursorY) - f.offset) / f.scale
        return (content - layout.canvasOrigin, content)
    }

    // MARK: Drawing

    func draw() {
        guard let g = graphics else { return }
        let (win, fb) = sizes()
        let f = fit()
        let px = Double(fb.0) / win.0
        let deviceScale = fittingScale(settledScale(userScale ?? min(max(0.05, f.scale * px), 64)))
        let frame: RenderTarget
        do {
            frame = try g.prepare(canvas: editor.canvas, scale: deviceScale,
                                  barsShown: editor.barsVisible)
        } catch {
            printError("scrawl: \(error)")
            return
        }
        guard let scene = g.scene else { return }
        scene.render(editor, into: frame, barsShown: editor.barsVisible)
        g.renderer.defaultFramebufferSize = fb
        g.renderer.clearWindow(to: WindowApp.letterbox)
        // The frame is shown at the fit size; with --scale it holds more (or fewer) pixels than that.
        let factor = f.scale * px / deviceScale
        g.renderer.composite(frame, into: nil, x: Int((f.offset.x * px).rounded()), y: Int((f.offset.y * px).rounded()),
                             width: Int((Double(frame.width) * factor).rounded()),
                             height: Int((Double(frame.height) * factor).rounded()))
        glfwSwapBuffers(window)
        updateTitle()
    }

    /// `scale`, or the largest scale below it at which the canvas and bars fit the renderer's limits
    /// (a large canvas at a large `--scale`); says so once when it had to fall back.
    func fittingScale(_ scale: Double) -> Double {
        func fits(_ s: Double) -> Bool {
            guard (try? editor.canvas.validate(scale: s)) != nil else { return false }
            if abs(s - (graphics?.scene?.scale ?? -1)) > 1e-3,
               (try? FlatteningBudget.check(editor.displayList.drawables, scale: s)) == nil {
                return false  // re-rendering at `s` would flatten past the budget
            }
            let bars = 2 * Int((ToolbarLayout.barHeight * s).rounded())
            return editor.canvas.devicePixelSize(scale: s).height + bars <= CanvasSpec.maxDevicePixels
        }
        guard !fits(scale) else { return scale }
        var low = 0.0, high = scale
        for _ in 0..<40 {
            let mid = (low + high) / 2
            if fits(mid) { low = mid } else { high = mid }
        }
        let fitted = max(low, 0.01)
        if abs(fitted - announcedFallbackScale) > 1e-6 {
            announcedFallbackScale = fitted
            printError("scrawl: scale \(JSONWriter.format(scale)) does not fit this canvas (at most "
                       + "\(CanvasSpec.maxDevicePixels) device pixels a side, \(CanvasSpec.maxDevicePixelArea) in all, and "
                       + "\(FlatteningBudget.maxPoints) flattened points); showing it at scale \(JSONWriter.format((fitted * 1000).rounded(.down) / 1000))")
        }
        return fitted
    }

    /// While the window is being resized the canvas keeps its current scale (shown scaled, cheap);
    /// once the size has been still for `resizeSettle` seconds it is re-rendered at `wanted`, so a
    /// large drawing is re-baked once per resize, not once per step.
    func settledScale(_ wanted: Double) -> Double {
        guard let current = graphics?.scene?.scale, abs(current - wanted) > 1e-3,
              glfwGetTime() - lastResize < WindowApp.resizeSettle else {
            rebakePending = false
            return wanted
        }
        rebakePending = true
        return current
    }

    func updateTitle() {
        let name = documentPath.map { " — " + ($0 as NSString).lastPathComponent } ?? ""
        let t = "Scrawl" + name + (recovered ? " (recovered)" : "") + (hasUnsavedChanges ? " *" : "") + " — "
            + editor.statusLine + (mirror ? " — mirror" : "") + (recorder != nil ? " — recording" : "")
            + (autosaveProblem != nil ? " — AUTOSAVE OFF" : "")
            + (quitRefusal.map { " — NOT SAVED: \($0)" } ?? "")
        if t != title {
            title = t
            glfwSetWindowTitle(window, t)
        }
    }
}

/// The window's GL objects: the renderer, the scene at the current device scale, the frame target.
final class WindowGraphics {
    let renderer: Renderer
    /// Made at the first frame, at the scale the window shows the canvas at.
    private(set) var scene: SceneView?
    private var frame: RenderTarget?

    init(renderer: Renderer) { self.renderer = renderer }

    /// Re-creates the scene when the device scale changed (re-rendering the display list so strokes
    /// stay crisp) or another document was opened, and the frame target when its size changed;
    /// returns the frame target.
    func prepare(canvas: CanvasSpec, scale: Double, barsShown: Bool) throws -> RenderTarget {
        if scene == nil || abs(scale - scene!.scale) > 1e-3 {
            scene = nil
            scene = try SceneView(renderer: renderer, canvas: canvas, scale: scale)
        }
        let size = scene!.frameSize(barsShown: barsShown)
        if let frame, frame.width == size.width, frame.height == size.height { return frame }
        frame = nil
        let target = try RenderTarget(width: size.width, height: size.height)
        frame = target
        return target
    }

    /// Drops the scene (another document was opened).
    func reset() { scene = nil }
}
