import ScrawlCore

/// The four commands' tables: every option each one parses, with its help. Adding an option here
/// is the whole of adding it to the parser, the command's `--help`, `scrawl --help` and the
/// README's usage block (a test keeps that block equal to `CommandSpec.usageBlock`).
extension CommandSpec {
    /// Every command, in the order `scrawl --help` and the README list them.
    static let all: [CommandSpec] = [.window, .render, .export, .bench]

    /// The command called `name` ("" for the window), or nil.
    static func named(_ name: String) -> CommandSpec? { all.first { $0.name == name } }

    static let window = CommandSpec(
        name: "", operands: Operands(usage: "[FILE.scrawl | PICTURE.png]", count: 0...1,
                                     wrongCount: "the window opens at most one document"),
        summary: "Scrawl is a GPU sketching app. With no command it opens a window: FILE.scrawl opens that "
            + "document (a name that does not exist yet starts an empty drawing that saves there), a PNG "
            + "picture becomes the Image tool's stamp on a new drawing, and no file brings back the drawing "
            + "kept at the last quit or left by a crash. `render` replays recorded input (a replay .json, or "
            + "a .scrawl document) headlessly into a PNG, no display needed; `export` writes a document as SVG, "
            + "PDF or PNG; `bench` measures the renderer. `--` ends the options; each command has its own --help.",
        options: [
            OptionSpec(names: ["--record"], value: .text(placeholder: "FILE.json"),
                       help: "write the session's input as a replay, flushed as it goes"),
            OptionSpec(names: ["--stamp"], value: .text(placeholder: "FILE.png"), help: "the Image tool's stamp"),
            OptionSpec(names: ["--scale"], value: .number(placeholder: "S", range: 0.05...16,
                                                          defaultText: "100 % at the monitor's content scale"),
                       help: "the first view's device pixels per canvas point"),
            OptionSpec(names: ["--verbose"], value: .flag,
                       help: "say on standard error which pens and touchscreens XInput2 found, or why there are none"),
            OptionSpec(names: ["--version"], value: .flag, help: "show the version", visibility: .helpOnly),
        ])

    static let render = CommandSpec(
        name: "render", operands: Operands(usage: "INPUT", count: 1...1,
                                           wrongCount: "render needs one input file (a replay .json or a .scrawl document)"),
        summary: "Replays recorded input (a replay .json, or a .scrawl document) headlessly into a PNG.",
        options: [
            .output(placeholder: "OUT.png", help: "the PNG to write", required: "render needs -o OUT.png"),
            .scale(help: "device pixels per canvas point"),
            .view(help: "the rectangle of canvas points at (X, Y), W x H, instead of the page: ceil(W*S) x ceil(H*S) pixels",
                  alternatives: ["--fit", "--window"]),
            .fit(help: "of the final drawing, for every frame too", alternatives: ["--view", "--window"]),
            OptionSpec(names: ["--window"], value: .windowSize,
                       help: "what a window of W x H points shows (W*S x H*S pixels): the bars unless the replay hid "
                           + "them, through the replay's last view event; W at least 1, H more than "
                           + "\(RenderRegion.barsHeight) (the bars)",
                       excludes: ["--view", "--fit"]),
            OptionSpec(names: ["--frames"], value: .text(placeholder: "DIR"),
                       help: "also write DIR/NAME.png at every {\"frame\": NAME} event, of the same region as OUT.png "
                           + "(with --window, through the view at that event)"),
            OptionSpec(names: ["--stats"], value: .flag, help: "print phase timings as JSON on standard error"),
            OptionSpec(names: ["--toolbar"], value: .flag, help: "include the colour and shape bars above and below the page",
                       excludes: ["--view", "--fit", "--window"],
                       excludeReason: "it adds the bars to the page (--window shows them already)"),
            OptionSpec(names: ["--stamp"], value: .text(placeholder: "FILE.png"),
                       help: "the Image tool's stamp (overrides the replay's \"stamp\")"),
            OptionSpec(names: ["--save"], value: .text(placeholder: "OUT.scrawl"), help: "also write the document the replay produced"),
        ])

    static let export = CommandSpec(
        name: "export", operands: Operands(usage: "FILE.scrawl", count: 1...1,
                                           wrongCount: "export needs one input file (a .scrawl document)"),
        summary: "Writes a .scrawl document as SVG 1.1, as a one-page vector PDF (a name ending in .pdf) or as a "
            + "PNG image rendered headlessly (a name ending in .png).",
        options: [
            .output(placeholder: "OUT.svg|OUT.pdf|OUT.png",
                    help: "the file to write: SVG, PDF for a name ending in .pdf, PNG for one ending in .png",
                    required: "export needs -o OUT.svg, -o OUT.pdf or -o OUT.png"),
            .view(help: "the rectangle of canvas points at (X, Y), W x H, instead of the page", alternatives: ["--fit"]),
            .fit(help: nil, alternatives: ["--view"]),
            .scale(help: "PNG only: device pixels per canvas point"),
            OptionSpec(names: ["--transparent"], value: .flag,
                       help: "PNG and PDF only: a transparent background instead of the page's colour"),
        ])

    static let bench = CommandSpec(
        name: "bench", operands: Operands(usage: "", count: 0...0, wrongCount: "bench takes no input files"),
        summary: "Measures the renderer and prints one JSON object.",
        options: [
            OptionSpec(names: ["--quick"], value: .flag, help: "a smaller workload"),
            OptionSpec(names: ["--only"], value: .text(placeholder: "SECTIONS"),
                       help: "measure only these comma-separated sections: "
                           + BenchConfig.sections.sorted().joined(separator: ", ")),
            OptionSpec(names: ["--verbose", "-v"], value: .flag, help: "progress on standard error"),
            OptionSpec(names: ["--write-workload"], value: .text(placeholder: "FILE"),
                       help: "write the benchmark workload (--quick's with it) to FILE as a replay, and measure nothing"),
            OptionSpec(names: [Bench.childRSSOption], value: .text(placeholder: "ARGS"),
                       help: "the go-between that measures a child render's peak memory", visibility: .hidden),
        ])
}

/// The options that more than one command declares, each with its command's words.
extension OptionSpec {
    static func output(placeholder: String, help: String, required: String) -> OptionSpec {
        OptionSpec(names: ["-o", "--output"], value: .text(placeholder: placeholder), help: help, requiredMessage: required)
    }

    static func scale(help: String) -> OptionSpec {
        OptionSpec(names: ["--scale"], value: .number(placeholder: "S", range: 0.01...64, defaultText: "1"), help: help)
    }

    static func view(help: String, alternatives: [String]) -> OptionSpec {
        let limit = JSONWriter.format(CanvasSpec.coordinateLimit)
        return OptionSpec(names: ["--view"], value: .rectangle, help: help + "; within ±\(limit) canvas points",
                          excludes: alternatives)
    }

    /// `--fit`, with `detail` after what it frames.
    static func fit(help detail: String?, alternatives: [String]) -> OptionSpec {
        let margin = JSONWriter.format(RenderRegion.fitMargin)
        return OptionSpec(names: ["--fit"], value: .flag,
                          help: "the drawing's bounds plus a \(margin)-point margin" + (detail.map { " (\($0))" } ?? "")
                              + "; an empty drawing gives the page",
                          excludes: alternatives)
    }
}
