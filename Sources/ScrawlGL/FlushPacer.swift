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

    /// Counts `indices` drawn; once `maxIndices` are pending, fences and flushes them and waits for
    /// the batch before.
    static func drew(indices: Int) {
        pending += indices
        guard pending >= maxIndices else { return }
        pending = 0
        let previous = fence
        fence = epoxy_glFenceSync(GLenum(GL_SYNC_GPU_COMMANDS_COMPLETE), 0)
        epoxy_glFlush()
        if let previous {
            _ = epoxy_glClientWaitSync(previous, 0, 10_000_000_000)
            epoxy_glDeleteSync(previous)
        }
    }

    /// Forgets the pending count and fence (the context is being torn down or the work finished).
    static func reset() {
        if let fence { epoxy_glDeleteSync(fence) }
        fence = nil
        pending = 0
    }
}
