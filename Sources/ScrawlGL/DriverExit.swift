import Foundation

/// Ends the process without running the GL driver's exit-time destructors.
///
/// Mesa's llvmpipe keeps rasterizer threads, a shader-compile queue and a disk-cache writer alive
/// for the life of the process. A plain `exit` runs the destructors of the libraries loaded with
/// the driver (`swrast_dri.so`, `libLLVM`, `libEGL_mesa`, in `_dl_fini`) while those threads may
/// still be inside the driver, and they free memory the threads use: about one run in a few
/// hundred died with `double free or corruption` (signal 6) right after its last line. Nothing in
/// those destructors matters to a process that is ending (the kernel takes its memory back), so
/// once the driver is loaded this registers an `on_exit` handler that flushes C's standard streams
/// and ends the process with `_exit(status)`. Exit handlers run in the reverse order of their
/// registration and `_dl_fini` is registered at start-up, so this one always runs first, on every
/// path out through `exit`: a command's status, an error's, XCTest's at the end of a test run.
///
/// Everything Scrawl writes is written and closed before `exit` (the journal's `close` is
/// synchronous and waits for its queue), so nothing of ours is left for an exit handler.
public enum DriverExit {
    /// Registers the handler; call each time the driver may have been loaded (after creating the
    /// first headless display, after creating a window's context, whether that succeeded or not).
    /// The last registered handler runs first, so a later call covers libraries loaded since.
    public static func install() {
        on_exit({ status, _ in
            fflush(nil)
            _exit(status)
        }, nil)
    }
}
