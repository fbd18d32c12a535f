import Foundation
import CStdio
import ScrawlCore

/// Entry point: dispatches to the window app or a subcommand, and turns errors into one line.
scrawl_line_buffer_stdout()
let arguments = Array(CommandLine.arguments.dropFirst())
exit(CommandLineTool.run(arguments))
