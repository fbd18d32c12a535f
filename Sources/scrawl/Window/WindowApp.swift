import CGLFW
import Foundation
import ScrawlCore
import ScrawlGL
import ScrawlSession
import ScrawlStorage

/// The GLFW window: shows the unbounded canvas through a zoomable, pannable view between the bars,
/// feeds mouse and keys to the editor as the same events a replay holds, and redraws only when
/// something changed (or while tiles are still being filled in).
final class WindowApp {
    let window: OpaquePointer
    /// The document policy: the editor, the file, what was saved, autosave, recovery, quit.
    let session: DocumentSession
    /// The editor of the current drawing (the session's).
    var editor: Editor {
        get { session.editor }
        set { session.editor = newValue }
    }
    /// The file the drawing belongs to, or nil when untitled (the session's; setting it makes
    /// ctrl+s and a quit save there, and the journal remember it).
    var documentPath: String? {
        get { session.documentPath }
        set { session.documentPath = newValue }
    }
    var autosaveProblem: String? { session.autosaveProblem }
    var quitRefusal: String? { session.quitRefusal }
    var recovered: Bool { session.recovered }
    /// When settings are read and written (the session's policy; WindowApp+Settings applies them).
    let settings: SettingsKeeper
    /// Seconds between attempts to restart a failing autosave while the window is idle.
    static let autosaveRetryInterval = 3.0
    /// `--scale`: device pixels per canvas point of the first view (instead of 100 %).
    let userScale: Double?
    /// The first view was set (at the first frame, when the window's size is known).
    var viewStarted = false
    var handCursor: OpaquePointer?
    /// GL objects; released before the window (and its context) goes away.
    var graphics: WindowGraphics?
    /// What is open over the canvas, what the keys and buttons hold, the toast, the tooltip.
    var ui = WindowUI()
    var needsRedraw = true
    /// The system clipboard: what this window put there last, and reads with a time limit.
    let clipboard = WindowClipboard()
    var title = ""
    /// The file chooser running now (WindowApp+Files).
    let files = FilesState()
    /// The pen and touchscreens (XInput2), or nil without; why not (WindowApp+Devices).
    var devices: WindowDevices?
    var deviceProblem: String?
    /// What the window shows behind a translucent page background.
    static let backdrop = Color(r: 0x3c, g: 0x3f, b: 0x41)

    init(start: SessionStart, seed: UInt64, stamp: RasterImage, options: WindowCommand.Options) throws {
        let canvas = start.canvas
        let editor = Editor(canvas: canvas, seed: seed, stampImage: start.stamp ?? stamp, displayList: start.displayList)
        editor.selectionDecoder = WindowApp.decodeSelection
        editor.textShaper = SystemTextShaper.makeSayingWhenMissing()
        userScale = options.scale
        // Before any GL object exists, so a bad path fails without a window to tear down.
        let recorder = try WindowApp.recorder(options, canvas: canvas, seed: seed)
        window = try WindowApp.makeWindow(content: ToolbarLayout(canvas: canvas, visible: true).contentSize)
        glfwMakeContextCurrent(window)
        glfwSwapInterval(1)
        do {
            graphics = WindowGraphics(renderer: try Renderer())
        } catch {
            glfwDestroyWindow(window)
            throw CommandFailure.environment("\(error)")
        }
        session = DocumentSession(start: start, environment: .process, editor: editor)
        if let recorder { session.record(to: recorder) }
        settings = SettingsKeeper(environment: session.environment, recording: session.isRecording)
        installCallbacks()
        startDevices(verbose: options.verbose)
        loadSettings()
        ui.firstHint = settings.isFirstStart
        deliverNotices()
    }

    /// The recording `--record` asks for, its file created and its header written.
    static func recorder(_ options: WindowCommand.Options, canvas: CanvasSpec, seed: UInt64) throws -> ReplayRecorder? {
        guard let path = options.record else { return nil }
        do {
            let stampPath = options.stamp.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            return try ReplayRecorder(path: path, canvas: canvas, seed: seed, stamp: stampPath)
        } catch {
            throw CommandFailure.environment("\(error)")
        }
    }

    static func makeWindow(content: CanvasSpec) throws -> OpaquePointer {
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3)
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3)
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE)
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE)
        glfwWindowHint(GLFW_STENCIL_BITS, 8)
        glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE)
        let w = Int32(min(max(content.width, 200), 4096)), h = Int32(min(max(content.height, 150), 4096))
        let made = glfwCreateWindow(w, h, "Scrawl", nil, nil)
        DriverExit.install()  // creating the context loaded the driver (also when it failed)
        guard let window = made else {
            throw CommandFailure.environment("cannot open a window with OpenGL 3.3 core (\(GLFWSession.lastError))")
        }
        return window
    }

    /// Runs until the window closes or `ctrl+q`; returns the exit status.
    func run() -> Int32 {
        while true {
            serviceDevices()
            serviceFiles()
            if QuitSignals.takeRequest() { glfwSetWindowShouldClose(window, GLFW_TRUE) }
            if session.textAutosaveWake == 0 { autosave() }  // the text being typed, after a pause
            if glfwWindowShouldClose(window) != GLFW_FALSE {
                if readyToQuit() { break }
                glfwSetWindowShouldClose(window, GLFW_FALSE)  // nothing could be saved: stay open
                needsRedraw = true
            }
            if needsRedraw {
                needsRedraw = false
                draw()
            }
            if needsRedraw {
                // Tiles are still being filled in: handle input and draw the next frame at once.
                glfwPollEvents()
            } else if let wake = overlayWake(now: glfwGetTime()) {
                glfwWaitEventsTimeout(min(wake, settings.wake(now: glfwGetTime()) ?? wake))  // a toast fading, a tooltip due
                needsRedraw = true
            } else if let wake = settings.wake(now: glfwGetTime()) {
                glfwWaitEventsTimeout(wake)  // a settings change due to be written
            } else if autosaveProblem != nil, session.journal != nil {
                // Autosave is failing: try again every few seconds even when nothing is drawn, so
                // the title says so as soon as it works again.
                glfwWaitEventsTimeout(WindowApp.autosaveRetryInterval)
                session.retryAutosave()
                deliverNotices()
            } else if let wake = session.textAutosaveWake {
                glfwWaitEventsTimeout(max(wake, 0.01))  // the text being typed is due to be autosaved
            } else {
                glfwWaitEvents()
            }
        }
        finish()
        return 0
    }

    /// Closes the recording and the window.
    func finish() {
        finishFiles()
        session.finishRecording()
        deliverNotices()
        glfwMakeContextCurrent(window)
        graphics = nil
        if let handCursor { glfwDestroyCursor(handCursor) }
        glfwDestroyWindow(window)
    }

    // MARK: Geometry

    /// Window size in screen coordinates and framebuffer size in pixels.
    func sizes() -> (window: (Double, Double), framebuffer: (Int, Int)) {
        var ww: Int32 = 0, wh: Int32 = 0, fw: Int32 = 0, fh: Int32 = 0
        glfwGetWindowSize(window, &ww, &wh)
        glfwGetFramebufferSize(window, &fw, &fh)
        return ((Double(max(ww, 1)), Double(max(wh, 1))), (Int(max(fw, 1)), Int(max(fh, 1))))
    }

    /// The window's layout from one look at its size: the content scale (device pixels per window
    /// point, as the framebuffer shows it), one bar's height as the scene draws it (whole device
    /// pixels), and the bars laid out around the canvas area (the window less the bars when shown).
    func geometry() -> (contentScale: Double, barHeight: Double, layout: ToolbarLayout) {
        let (w, fb) = sizes()
        let s = Double(fb.0) / w.0
        let cs = s.isFinite && s > 0 ? s : 1
        let bar = (ToolbarLayout.barHeight * cs).rounded() / cs
        let area = CanvasSpec(width: w.0, height: max(1, w.1 - (editor.barsVisible ? 2 * bar : 0)), background: editor.canvas.background)
        return (cs, bar, ToolbarLayout(canvas: area, visible: editor.barsVisible, layerName: editor.barLayerName))
    }

    var contentScale: Double { geometry().contentScale }
    var barHeight: Double { geometry().barHeight }
    var layout: ToolbarLayout { geometry().layout }

    /// The canvas area's size in window points.
    var canvasAreaSize: (width: Double, height: Double) {
        let area = layout.canvas
        return (area.width, area.height)
    }

    /// The window as the input router reads it now.
    func inputScreen() -> InputScreen {
        let g = geometry()
        var screen = ui.screen(bars: g.layout, barHeight: g.barHeight, recentColours: editor.recentColours.count,
                               toolDraws: editor.tool.kind.draws, ink: editor.inkUse, touchModeShown: touchModeLabelShown(in: g.layout))
        screen.selectMode = editor.selectionMode != nil
        screen.textEditing = editor.isEditingText
        screen.layerPanel = syncedLayerPanel()
        return screen
    }

    /// Whether a window point lies on the colour or the shape bar (when they are shown).
    func isOverBars(_ p: Point) -> Bool { inputScreen().isOverBars(p) }

    /// A window point in canvas points, through the view.
    func canvasPoint(_ p: Point) -> Point {
        let top = editor.barsVisible ? barHeight : 0
        return editor.viewport.canvasPoint(atWindow: Point(p.x, p.y - top))
    }

    // MARK: Drawing

    func draw() {
        guard let g = graphics else { return }
        let (_, fb) = sizes()
        if !viewStarted { startView() }
        let frame: RenderTarget
        do {
            frame = try g.prepare(canvas: editor.canvas, contentScale: contentScale, width: fb.0, height: fb.1)
        } catch {
            printError("scrawl: \(error)")
            return
        }
        guard let scene = g.scene else { return }
        scene.render(editor, viewport: editor.viewport, into: frame, barsShown: editor.barsVisible, status: barStatus)
        drawOverlays(into: frame, scene: scene, text: g.text)
        g.renderer.defaultFramebufferSize = fb
        g.renderer.clearWindow(to: WindowApp.backdrop)
        g.renderer.composite(frame, into: nil, x: 0, y: 0, width: fb.0, height: fb.1)
        glfwSwapBuffers(window)
        updateTitle()
        if !scene.isComplete || scene.hasBackgroundWork { needsRedraw = true }
    }

    func updateTitle() {
        let name = documentPath.map { " — " + PathText.name($0) } ?? ""
        let t = "Scrawl" + name + (recovered ? " (recovered)" : "") + (session.hasUnsavedChanges ? " *" : "") + " — "
            + editor.statusLine + " — " + editor.viewport.zoomPercentText + (ui.mirror ? " — mirror" : "") + (session.isRecording ? " — recording" : "")
            + (autosaveProblem != nil ? " — AUTOSAVE OFF" : "")
            + (quitRefusal.map { " — NOT SAVED: \($0)" } ?? "")
        if t != title {
            title = t
            glfwSetWindowTitle(window, t)
        }
    }
}

/// The window's GL objects: the renderer, the scene at the current content scale, the frame target.
final class WindowGraphics {
    let renderer: Renderer
    /// Made at the first frame; its tiles stay cached while the view moves.
    private(set) var scene: WindowScene?
    private var frame: RenderTarget?

    /// Text for toasts, tooltips and the help overlay; nil (said once on standard error) without a font.
    lazy var text: TextRenderer? = TextRenderer.make(renderer: renderer)

    init(renderer: Renderer) { self.renderer = renderer }

    /// Re-creates the scene when the content scale changed or another document was opened, and the
    /// frame target when the framebuffer's size changed; returns the frame target.
    func prepare(canvas: CanvasSpec, contentScale: Double, width: Int, height: Int) throws -> RenderTarget {
        if scene == nil || scene!.contentScale != contentScale || scene!.canvas != canvas {
            scene = WindowScene(renderer: renderer, canvas: canvas, contentScale: contentScale)
        }
        if let frame, frame.width == width, frame.height == height { return frame }
        frame = nil
        let target = try RenderTarget(width: width, height: height)
        frame = target
        return target
    }

    /// Drops the scene (another document was opened).
    func reset() { scene = nil }
}
