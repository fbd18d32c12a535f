import Foundation
import ScrawlCore
import ScrawlWorkload
#if canImport(Glibc)
import Glibc
#endif

/// Memory: the peak resident set of a child `scrawl render` process per workload,
/// as the operating system reports it (`wait4`'s `ru_maxrss`), so the figure includes the GL
/// driver, the libraries and whatever the allocator kept, exactly as `/usr/bin/time -f %M` would.
extension Bench {
    /// Stroke counts of the `rss_mb` workloads (0 is the empty replay on the same canvas).
    static let rssStrokeCounts = [0, 500, 2000, 8000]
    /// Stroke counts of the pressure workloads (touches with the benchmark's pen pressure).
    static let rssPressureCounts = [2000, 8000]

    /// `rss_mb`: `{"empty": …, "2000x100": …, "8000x100": …}` in MiB; `rss_bytes_per_point`: the
    /// growth from the middle to the largest workload per committed input point.
    mutating func measureMemory() throws {
        let exe = try Bench.executablePath()
        let dir = NSTemporaryDirectory() + "scrawl-bench-rss-\(getpid())"
        do { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) } catch {
            throw CommandFailure.environment("bench: cannot create \(dir): \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var fields: [(String, BenchValue)] = []
        var kib: [Int] = []
        var times: [(String, (total: Double, draw: Double))] = []
        let runs = Bench.rssStrokeCounts.map { ($0, false) } + Bench.rssPressureCounts.map { ($0, true) }
        for (strokes, pressure) in runs {
            let name = strokes == 0 ? "empty" : "\(strokes)x\(config.points)" + (pressure ? "-pressure" : "")
            progress("memory: render \(name) in a child process")
            let input = dir + "/\(name).json"
            do {
                try BenchmarkWorkload.replay(strokes: strokes, points: config.points, pressure: pressure).encoded()
                    .write(toFile: input, atomically: false, encoding: .utf8)
            } catch {
                throw CommandFailure.environment("bench: cannot write \(input): \(error.localizedDescription)")
            }
            let statsFile = dir + "/\(name).stats"
            let peak = try Bench.childPeakKiB(exe, ["render", input, "-o", dir + "/\(name).png", "--stats"],
                                              stderrTo: statsFile, dir: dir)
            try? FileManager.default.removeItem(atPath: input)
            kib.append(peak)
            fields.append((name, .number(Double(peak) / 1024, digits: 1)))
            times.append((name, Bench.renderTimes(statsFile)))
        }
        report["rss_mb"] = .object(fields)
        let counts = runs.map { "\($0.0)\($0.1)" }
        func perPoint(pressure: Bool) -> Double? {
            guard let a = counts.firstIndex(of: "2000\(pressure)"), let b = counts.firstIndex(of: "8000\(pressure)") else { return nil }
            return Double(kib[b] - kib[a]) * 1024 / Double(6000 * (config.points + 1))
        }
        if let c = perPoint(pressure: false) {
            report["rss_bytes_per_point"] = .number(c, digits: 1)
            if let p = perPoint(pressure: true) {
                report["rss_bytes_per_point_pressure"] = .number(p, digits: 1)
                report["rss_pressure_extra_bytes_per_point"] = .number(p - c, digits: 1)
            }
        }
        report["render_process_s"] = .object(times.map { ($0.0, .number($0.1.total, digits: 4)) })
        report["render_draw_s"] = .object(times.map { ($0.0, .number($0.1.draw, digits: 4)) })
    }

    /// `total_s`, and `total_s` less `parse_s` and `encode_s`, from a `--stats` line in `file` (0 when absent).
    static func renderTimes(_ file: String) -> (total: Double, draw: Double) {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8),
              let line = text.split(separator: "\n").last(where: { $0.hasPrefix("{") }),
              let fields = (try? JSONValue.parse(Array(line.utf8)))?.objectValue else { return (0, 0) }
        func number(_ key: String) -> Double { fields[key]?.numberValue?.doubleValue ?? 0 }
        let total = number("total_s")
        return (total, total - number("parse_s") - number("encode_s"))
    }

    /// The hidden option that makes `scrawl bench` a small go-between: it runs the command its value
    /// names (arguments separated by U+001F) and prints the command's peak resident set in KiB.
    /// Linux starts a process's `ru_maxrss` at the peak of the process that spawned it (the
    /// high-water mark survives fork and exec), so the benchmark, large by then, cannot measure its
    /// own children; its go-between, fresh and small, can.
    static let childRSSOption = "--child-peak-rss"

    /// The go-between's part (see `childRSSOption`).
    static func reportChildRSS(_ joined: String) throws -> Int32 {
        let args = joined.split(separator: "\u{1f}", omittingEmptySubsequences: false).map(String.init)
        let kib = try peakResidentKiB(try executablePath(), args)
        print(kib)
        return 0
    }

    /// The peak resident set in KiB of `exe args` (standard error into `errorFile`), measured by a go-between.
    static func childPeakKiB(_ exe: String, _ args: [String], stderrTo errorFile: String, dir: String) throws -> Int {
        let out = dir + "/peak.txt"
        _ = try peakResidentKiB(exe, ["bench", childRSSOption + "=" + args.joined(separator: "\u{1f}")],
                                stdoutTo: out, stderrTo: errorFile)
        guard let text = try? String(contentsOfFile: out, encoding: .utf8),
              let kib = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw CommandFailure.environment("bench: the go-between measuring \(args.prefix(2).joined(separator: " ")) printed no figure")
        }
        return kib
    }

    /// This executable's path (`/proc/self/exe`).
    static func executablePath() throws -> String {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBufferPointer { b in
            b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count) { readlink("/proc/self/exe", $0, b.count - 1) }
        }
        guard n > 0 else { throw CommandFailure.environment("bench: cannot find this executable (/proc/self/exe)") }
        return String(decoding: buffer[..<n], as: UTF8.self)
    }

    /// Runs `exe args` (standard output and error into the files given) to its end and returns its
    /// `ru_maxrss` in KiB; throws when it fails.
    static func peakResidentKiB(_ exe: String, _ args: [String], stdoutTo outFile: String? = nil,
                                stderrTo errorFile: String? = nil) throws -> Int {
        let argv: [UnsafeMutablePointer<CChar>?] = ([exe] + args).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (fd, file) in [(Int32(1), outFile), (Int32(2), errorFile)] {
            if let file { posix_spawn_file_actions_addopen(&actions, fd, file, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, exe, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw CommandFailure.environment("bench: cannot start \(exe): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw CommandFailure.environment("bench: wait4: \(String(cString: strerror(errno)))") }
        }
        // Exited normally with status 0: the low 7 bits (the signal) and the exit code are zero.
        guard status == 0 else {
            throw CommandFailure.environment("bench: \(args.prefix(2).joined(separator: " ")) failed (wait status \(status))")
        }
        return Int(usage.ru_maxrss)
    }
}
