import CEpoxy

/// Bounds the triangles the driver holds binned but not yet drawn.
///
/// Mesa's llvmpipe bins every triangle of a scene (a few hundred bytes each) until a flush, and queues
/// flushed scenes to its rasterizer threads without bound; one bake of a large drawing held about
/// 60 MB of binned triangles in flight. Every `maxIndices` indices drawn the pacer fences and flushes,
/// then waits for the fence before the previous one, so at most about two such batches are binned
/// while the threads still draw the last one in parallel with the binning of the next.
enum FlushPacer {
    /// Indices (3 per triangle) drawn between flushes.
    nonisolated(unsafe) static var maxIndices = 3 * 8192
    nonisolated(unsafe) private static var pending = 0
    nonisolated(unsafe) private static var fence: GLsync?

    /// Indices that may still be drawn before the next flush: whole triangles, at least one.
    static var room: Int { max(3, (maxIndices - pending) / 3 * 3) }

    /// While set (a budgeted tile fill, which waits for the GPU at least once a frame), indices drawn
    /// before an early flush when the driver has drawn everything flushed before: its threads would
    /// otherwise sit idle until `maxIndices` are binned while the caller tessellates and bins alone.
    /// Off elsewhere: a frame that draws less than a batch would only be split into two scenes.
    nonisolated(unsafe) static var eagerIndices: Int?
    /// The early flush's count while a budgeted fill draws.
    static let fillEagerIndices = 3 * 1024

    /// Counts `indices` drawn; once `maxIndices` are pending, fences and flushes them and waits for
    /// the batch before; once `eagerIndices` are, flushes them if the batch before is drawn.
    static func drew(indices: Int) {
        pending += indices
        if pending >= maxIndices {
            let previous = fence
            flush()
            if let previous {
                _ = epoxy_glClientWaitSync(previous, 0, 10_000_000_000)
                epoxy_glDeleteSync(previous)
            }
        } else if let eager = eagerIndices, pending >= eager, isIdle {
            flush()
        }
    }

    /// Whether the last batch flushed is drawn (or none is pending); forgets its fence when it is.
    private static var isIdle: Bool {
        guard let f = fence else { return true }
        let r = epoxy_glClientWaitSync(f, 0, 0)
        guard r == GLenum(GL_ALREADY_SIGNALED) || r == GLenum(GL_CONDITION_SATISFIED) else { return false }
        epoxy_glDeleteSync(f)
        fence = nil
        return true
    }

    /// Fences and flushes what is pending (the fence replaces the last one, which the caller owns).
    private static func flush() {
        pending = 0
        fence = epoxy_glFenceSync(GLenum(GL_SYNC_GPU_COMMANDS_COMPLETE), 0)
        epoxy_glFlush()
    }

    /// Forgets the pending count and fence (the context is being torn down or the work finished).
    static func reset() {
        if let fence { epoxy_glDeleteSync(fence) }
        fence = nil
        pending = 0
    }
}
