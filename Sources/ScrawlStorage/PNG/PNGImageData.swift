import CPNG

/// A PNG's image data (the zlib stream in its IDAT chunks) held to what its header says the image
/// needs. libpng inflates all of the stream, past the last row, to check that it ends: a few
/// kilobytes of compressed zeros per megabyte, so a 1 MB file for a 16x16 image takes it seconds.
/// This reads the stream first, only as far as the image's size and one byte more, and when there is
/// more, gives libpng the same PNG with a stream of just the image's bytes.
enum PNGImageData {
    /// Where the first run of consecutive IDAT chunks lies in a PNG, and their data (the last cut at
    /// the end of the bytes, as libpng reads a truncated file until it fails).
    struct Run {
        var start: Int
        var end: Int
        var data: [Range<Int>]
    }

    /// `png` with its image data cut to the `header.rawDataSize` bytes the image needs, when its
    /// stream inflates to more; nil when it does not (or cannot be read: libpng then says why).
    static func trimmed(_ png: [UInt8], header: PNGImageHeader) -> [UInt8]? {
        guard let needed = header.rawDataSize, let run = idatRun(png) else { return nil }
        var total = 0
        let ending = inflate(png, run.data) { output in
            total += output.count
            return total <= needed
        }
        guard ending == .stopped, let stream = recompressed(png, run.data, bytes: needed) else { return nil }
        var out = Array(png[0..<run.start])
        out.reserveCapacity(run.start + stream.count + 12 * (stream.count >> 20 + 1) + png.count - run.end)
        var at = 0
        repeat {
            let end = min(stream.count, at + (1 << 20))
            appendChunk("IDAT", stream[at..<end], to: &out)
            at = end
        } while at < stream.count
        out += png[run.end...]
        return out
    }

    /// The first run of IDAT chunks after the signature, or nil when there is none before the end
    /// or a chunk header libpng would refuse (a length over 2^31 − 1).
    static func idatRun(_ png: [UInt8]) -> Run? {
        var at = PNGImageHeader.signature.count
        var run: Run?
        while at + 8 <= png.count {
            let length = png[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
            guard length <= Int(Int32.max) else { break }
            let isData = Array(png[(at + 4)..<(at + 8)]) == Array("IDAT".utf8)
            if !isData, run != nil { break }
            let dataStart = at + 8, next = min(png.count, dataStart + length + 4)
            if isData {
                if run == nil { run = Run(start: at, end: at, data: []) }
                run!.data.append(dataStart..<min(png.count, dataStart + length))
                run!.end = next
            }
            at = next
        }
        return run
    }

    enum Ending { case streamEnd, stopped, failed, inputEnd }

    /// Inflates the zlib stream made of `ranges` of `png`, handing each stretch of output to
    /// `body` until it returns false (`.stopped`), the stream ends, it is broken or the input runs out.
    static func inflate(_ png: [UInt8], _ ranges: [Range<Int>], _ body: (UnsafeBufferPointer<UInt8>) -> Bool) -> Ending {
        var z = z_stream()
        guard inflateInit_(&z, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return .failed }
        defer { inflateEnd(&z) }
        var out = [UInt8](repeating: 0, count: 1 << 16)
        return png.withUnsafeBufferPointer { bytes -> Ending in
            for range in ranges where !range.isEmpty {
                z.next_in = UnsafeMutablePointer(mutating: bytes.baseAddress! + range.lowerBound)
                z.avail_in = UInt32(range.count)
                var full = false  // the last call filled `out`: more output may be pending
                while z.avail_in > 0 || full {
                    let (status, produced) = out.withUnsafeMutableBufferPointer { o -> (Int32, Int) in
                        z.next_out = o.baseAddress
                        z.avail_out = UInt32(o.count)
                        return (CPNG.inflate(&z, Z_NO_FLUSH), o.count - Int(z.avail_out))
                    }
                    full = produced == out.count
                    if produced > 0, !out.withUnsafeBufferPointer({ body(UnsafeBufferPointer(rebasing: $0[0..<produced])) }) {
                        return .stopped
                    }
                    if status == Z_STREAM_END { return .streamEnd }
                    if status == Z_BUF_ERROR && z.avail_in == 0 { break }  // nothing pending after all
                    guard status == Z_OK else { return .failed }
                }
            }
            return .inputEnd
        }
    }

    /// A new zlib stream of the first `bytes` bytes the stream in `ranges` inflates to (which must
    /// inflate to at least as many), or nil when zlib fails.
    static func recompressed(_ png: [UInt8], _ ranges: [Range<Int>], bytes: Int) -> [UInt8]? {
        var z = z_stream()
        guard deflateInit_(&z, Z_BEST_SPEED, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { deflateEnd(&z) }
        var stream: [UInt8] = [], left = bytes, failed = false
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        /// Deflates `input` (all of it; with `finish`, to the stream's end) onto `stream`.
        func deflate(_ input: UnsafeBufferPointer<UInt8>, finish: Bool) {
            z.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            z.avail_in = UInt32(input.count)
            while true {
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { o -> (Int32, Int) in
                    z.next_out = o.baseAddress
                    z.avail_out = UInt32(o.count)
                    return (CPNG.deflate(&z, finish ? Z_FINISH : Z_NO_FLUSH), o.count - Int(z.avail_out))
                }
                stream += chunk[0..<produced]
                if status == Z_STREAM_END { return }
                guard status == Z_OK || status == Z_BUF_ERROR else { failed = true; return }
                if !finish && z.avail_in == 0 && produced < chunk.count { return }
            }
        }
        _ = inflate(png, ranges) { output in
            let n = min(left, output.count)
            deflate(UnsafeBufferPointer(rebasing: output[0..<n]), finish: false)
            left -= n
            return left > 0 && !failed
        }
        guard left == 0, !failed else { return nil }
        deflate(UnsafeBufferPointer(start: nil, count: 0), finish: true)
        return failed ? nil : stream
    }

    /// Appends a chunk of `type` and `data`, with its length and CRC, to `out`.
    static func appendChunk(_ type: String, _ data: ArraySlice<UInt8>, to out: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        let n = UInt32(data.count)
        out += [UInt8(n >> 24), UInt8(n >> 16 & 0xff), UInt8(n >> 8 & 0xff), UInt8(n & 0xff)] + typeBytes
        out += data
        var crc = crc32(0, nil, 0)
        crc = typeBytes.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, UInt32($0.count)) }
        crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, UInt32($0.count)) }
        let c = UInt32(truncatingIfNeeded: crc)
        out += [UInt8(c >> 24), UInt8(c >> 16 & 0xff), UInt8(c >> 8 & 0xff), UInt8(c & 0xff)]
    }
}
