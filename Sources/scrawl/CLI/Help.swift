import ScrawlCore

/// The version printed by `scrawl --version`.
let scrawlVersion = "0.1.0"

/// The text of `scrawl --help`.
let helpText = """
USAGE:
\(["", "render", "export", "bench"].compactMap { CommandHelp.usage[$0] }.joined(separator: "\n"))

Scrawl is a GPU sketching app. With no command it opens a window: FILE.scrawl opens that document
(a name that does not exist yet starts an empty drawing that saves there), a PNG picture becomes
the Image tool's stamp on a new drawing, and no file brings back the drawing kept at the last quit
or left by a crash. `render` replays recorded input (a replay .json, or a .scrawl document)
headlessly into a PNG, no display needed; `export` writes a document as SVG or PNG. `--` ends the
options; each command has its own --help.

OPTIONS:
  -o, --output FILE     where render/export write (export: .svg or .png by the name)
  --transparent         export to PNG: a transparent background instead of the page's colour
  --scale S             device pixels per canvas point (render, PNG export: default 1; window: the first
                        view's, default 100 % at the monitor's content scale)
  --frames DIR          render: also write DIR/NAME.png at every {"frame": NAME} event, of the
                        same region as OUT.png (with --window, through the view at that event)
  --stats               render: print phase timings as JSON on standard error
  --toolbar             render: include the colour and shape bars above and below the page
  --view X,Y,W,H        render/export: the rectangle of canvas points at (X, Y), W x H, instead of
                        the page (render: ceil(W*S) x ceil(H*S) pixels); within +-1e6 points
  --fit                 render/export: the drawing's bounds plus a 16-point margin (render: of the
                        final drawing, for every frame too); an empty drawing gives the page
  --window WxH          render: what a window of W x H points shows (W*S x H*S pixels): the bars
                        unless the replay hid them, through the replay's last view event
                        At most one of --view, --fit, --window; --toolbar only with the page.
  --stamp FILE.png      the Image tool's stamp (overrides the replay's "stamp")
  --save FILE.scrawl    render: also write the document the replay produced
  --record FILE.json    window: write the session's input as a replay, flushed as it goes
  --quick               bench: a smaller workload
  --only SECTIONS       bench: measure only these comma-separated sections
  --verbose             bench: progress on standard error
  --write-workload FILE bench: also write the benchmark workload as a replay
  -h, --help            show this help
  --version             show the version

KEYS:
\(HelpKeys.lines().joined(separator: "\n"))

MOUSE:
\(HelpKeys.mouseLines.joined(separator: "\n"))

EXIT STATUS:
  0 success, 1 runtime failure (no display, GL failure), 2 bad input or usage.
"""

/// Each command's usage line and its own `--help`.
enum CommandHelp {
    /// The usage lines, by command ("" for the window).
    static let usage: [String: String] = [
        "": "  scrawl [FILE.scrawl | PICTURE.png] [--record FILE.json] [--stamp FILE.png] [--scale S] [--]",
        "render": """
              scrawl render INPUT -o OUT.png [--scale S] [--view X,Y,W,H | --fit | --window WxH]
                            [--frames DIR] [--stats] [--toolbar] [--stamp FILE.png] [--save OUT.scrawl]
            """,
        "export": "  scrawl export FILE.scrawl -o OUT.svg|OUT.png [--view X,Y,W,H | --fit] [--scale S] [--transparent]",
        "bench": "  scrawl bench [--quick] [--only SECTIONS] [--verbose] [--write-workload FILE]",
    ]

    /// What each command does, under its usage line.
    static let summaries: [String: String] = [
        "render": "Replays recorded input (a replay .json, or a .scrawl document) headlessly into a PNG.",
        "export": "Writes a .scrawl document as SVG 1.1 or, for a name ending in .png, as a PNG image "
            + "rendered headlessly (at --scale, default 1; --transparent leaves the background out).",
        "bench": "Measures the renderer and prints one JSON object.",
    ]

    /// `scrawl COMMAND --help`: its usage, what it does, and the options that apply to it.
    static func text(for command: String) -> String {
        let lines = helpText.split(separator: "\n", omittingEmptySubsequences: false)
        let options = lines.drop(while: { $0 != "OPTIONS:" }).prefix(while: { $0 != "KEYS:" })
            .filter { line in
                line == "OPTIONS:" || line.contains(command + ":") || line.contains(command + "/") || line.contains("/" + command)
                    || line.contains("-h, --help") || (command == "export" && line.contains("--transparent"))
            }
        return "USAGE:\n" + (usage[command] ?? "") + "\n\n" + (summaries[command] ?? "") + "\n\n"
            + options.joined(separator: "\n")
    }
}
