// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Scrawl",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "scrawl", targets: ["scrawl"]),
    ],
    targets: [
        // System libraries: each a module.modulemap plus a tiny shim.h.
        .systemLibrary(name: "CGLFW", pkgConfig: "glfw3", providers: [.apt(["libglfw3-dev"])]),
        .systemLibrary(name: "CEpoxy", pkgConfig: "epoxy", providers: [.apt(["libepoxy-dev", "libegl-dev", "libgl-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        // Xlib: the window reads the clipboard on its own X connection, with a time limit.
        .systemLibrary(name: "CX11", pkgConfig: "x11", providers: [.apt(["libx11-dev"])]),
        // cairo's PDF surface: the vector PDF export.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        // GIO's GDBus: the XDG desktop portal's file chooser on the session bus.
        .systemLibrary(name: "CGio", pkgConfig: "gio-2.0", providers: [.apt(["libglib2.0-dev"])]),
        // libXi: pens and touchscreens through XInput2 on the window's own X connection.
        .systemLibrary(name: "CXInput2", pkgConfig: "xi", providers: [.apt(["libxi-dev"])]),
        // C's standard streams, for what Swift 6 cannot reach (the `stdout` global).
        .systemLibrary(name: "CStdio"),
        // The socket protocol of Xorg's inputtest driver, for the real-input tests' injector (header only).
        .systemLibrary(name: "CInputTest", path: "Tests/CInputTest", providers: [.apt(["xserver-xorg-dev"])]),

        // Geometry, tessellation, input, tools, the display list, replay parsing, JSON. No GL, no
        // GLFW, no file system, environment or clock.
        .target(name: "ScrawlCore", swiftSettings: [.swiftLanguageMode(.v6)]),

        // `scrawl bench`'s deterministic workload, also used by tests. Not part of the app's model.
        .target(name: "ScrawlWorkload", dependencies: ["ScrawlCore"], swiftSettings: [.swiftLanguageMode(.v6)]),

        // Files: documents, the autosave journal, XDG paths, SVG export, replay files, PNG (libpng).
        // Swift 6 mode, so the journal's background queue is checked for data races.
        .target(
            name: "ScrawlStorage",
            dependencies: ["ScrawlCore", "CPNG", "CCairo"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),

        // The document policy of a window, without the window: the editor, the file, the saved
        // state, autosave, recovery and what a quit does. No GL, no GLFW; the environment is injected.
        .target(
            name: "ScrawlSession",
            dependencies: ["ScrawlCore", "ScrawlStorage"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),

        // Fonts and text layout: fontconfig finds a sans-serif font, FreeType loads and rasterises its
        // glyphs at a device pixel size. No GL; the GL layer's TextRenderer puts the glyphs in an atlas.
        .target(
            name: "ScrawlText",
            dependencies: ["ScrawlCore", "CFreeType", "CFontconfig"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),

        // Typed GL layer, shaders, canvas FBO, headless EGL. Stays in the Swift 5 language mode:
        // libepoxy's GL entry points are mutable C function-pointer globals, which Swift 6 reports
        // as unsafe shared state at every one of hundreds of call sites.
        .target(
            name: "ScrawlGL",
            dependencies: ["ScrawlCore", "ScrawlText", "CEpoxy"],
            plugins: [.plugin(name: "EmbedShaders")]
        ),

        // Pen and touch input from XInput2: device discovery and event decoding (plain values,
        // tested without a server) and the window's own X connection that reads them.
        .target(name: "ScrawlXInput", dependencies: ["ScrawlCore", "CXInput2"], swiftSettings: [.swiftLanguageMode(.v6)]),

        // The window app and the command line.
        .executableTarget(
            name: "scrawl",
            dependencies: ["ScrawlCore", "ScrawlStorage", "ScrawlSession", "ScrawlGL", "ScrawlWorkload", "ScrawlXInput", "CGLFW", "CX11", "CStdio",
                           "CGio"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),

        // Build-tool plugin that embeds Shaders/*.glsl into the ScrawlGL module as string constants.
        .executableTarget(name: "EmbedShadersTool"),
        .plugin(name: "EmbedShaders", capability: .buildTool(), dependencies: ["EmbedShadersTool"]),

        .testTarget(name: "ScrawlCoreTests", dependencies: ["ScrawlCore", "ScrawlWorkload"]),
        .testTarget(name: "ScrawlStorageTests", dependencies: ["ScrawlCore", "ScrawlStorage", "ScrawlWorkload"]),
        .testTarget(name: "ScrawlSessionTests", dependencies: ["ScrawlCore", "ScrawlStorage", "ScrawlSession"]),
        .testTarget(name: "ScrawlGLTests", dependencies: ["ScrawlCore", "ScrawlGL", "ScrawlText", "ScrawlWorkload"]),
        .testTarget(name: "ScrawlTextTests", dependencies: ["ScrawlCore", "ScrawlText"]),
        .testTarget(name: "ScrawlXInputTests", dependencies: ["ScrawlCore", "ScrawlXInput", "CXInput2"]),
        // The app tests run the built binary (SCRAWL_BIN); those of the command tables also import it.
        .testTarget(name: "ScrawlAppTests", dependencies: ["ScrawlCore", "ScrawlStorage", "ScrawlGL", "scrawl", "ScrawlTestPortal", "CInputTest"]),
        // A stand-in for the desktop portal's file chooser on a test session bus (the window tests start it).
        .executableTarget(name: "ScrawlTestPortal", dependencies: ["CGio"], path: "Tests/ScrawlTestPortal"),
    ],
    swiftLanguageModes: [.v5]
)
