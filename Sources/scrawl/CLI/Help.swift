import ScrawlCore

/// The version printed by `scrawl --version`.
let scrawlVersion = "0.1.0"

/// The text of `scrawl --help`.
let helpText = """
USAGE:
  scrawl [FILE.scrawl] [--record FILE.json] [--stamp FILE.png] [--scale S]
  scrawl render INPUT -o OUT.png [--scale S] [--view X,Y,W,H | --fit | --window WxH]
                [--frames DIR] [--stats] [--toolbar] [--stamp FILE.png] [--save OUT.scrawl]
  scrawl export FILE.scrawl -o OUT.svg [--view X,Y,W,H | --fit]
  scrawl bench [--quick] [--only SECTIONS] [--verbose] [--write-workload FILE]

Scrawl is a GPU sketching app. With no command it opens a window; `render` replays recorded
input (a replay .json, or a .scrawl document) headlessly into a PNG, no display needed.

OPTIONS:
  -o, --output FILE     where render/export write
  --scale S             device pixels per canvas point (render: default 1; window: the first
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
