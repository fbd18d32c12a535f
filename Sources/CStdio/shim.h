// Standard-stream set-up Swift 6 cannot write: C's `stdout` is a mutable global, which the Swift 6
// language mode refuses to touch from Swift.
#include <stdio.h>

/// Makes standard output line-buffered, so each printed line reaches a pipe as it is printed.
static inline void scrawl_line_buffer_stdout(void) { setvbuf(stdout, NULL, _IOLBF, 0); }
