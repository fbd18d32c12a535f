import Foundation
import ScrawlCore

/// Entry point: dispatches to the window app or a subcommand, and turns errors into one line.
setvbuf(stdout, nil, _IOLBF, 0)
let arguments = Array(CommandLine.arguments.dropFirst())
exit(CommandLineTool.run(arguments))
