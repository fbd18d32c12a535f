import Foundation
import XCTest

/// The inputs `make fuzz` found crashing, kept in Fuzz/Regressions/TARGET/, fed in-process (plain
/// build, no sanitizer) through the same entry points as the harnesses (`FuzzEntryPoints`): each
/// must return. Files named `known-*` are crashes that are not fixed yet: they are listed and the
/// test is skipped after the other files ran (rename a file when its fix lands). The seed corpus
/// (Fuzz/Corpus/TARGET/) goes through the same functions, which also checks the harnesses.
final class FuzzRegressionTests: XCTestCase {
    static let fuzzRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz")

    /// The regular files of `Fuzz/KIND/TARGET` but dotfiles (`.gitkeep`), sorted (none when the folder is missing).
    static func files(_ kind: String, _ target: String) -> [URL] {
        let folder = fuzzRoot.appendingPathComponent(kind).appendingPathComponent(target)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0) }.filter {
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: $0.path, isDirectory: &isFolder) && !isFolder.boolValue
        }
    }

    private func runRegressions(_ target: String) throws {
        let entry = try XCTUnwrap(FuzzEntryPoints.all[target])
        let all = Self.files("Regressions", target)
        let known = all.filter { $0.lastPathComponent.hasPrefix("known-") }
        var ran = 0
        for file in all where !file.lastPathComponent.hasPrefix("known-") {
            entry(try [UInt8](Data(contentsOf: file)))  // a crash here fails the whole run
            ran += 1
        }
        XCTAssertEqual(ran + known.count, all.count)
        if !known.isEmpty {
            throw XCTSkip("\(ran) regression input(s) of '\(target)' ran; \(known.count) known crash(es) not fixed yet "
                          + "and not run: \(known.map(\.lastPathComponent).joined(separator: ", "))")
        }
    }

    func testReplayRegressions() throws { try runRegressions("replay") }
    func testDocumentRegressions() throws { try runRegressions("document") }
    func testJournalRegressions() throws { try runRegressions("journal") }
    func testPNGRegressions() throws { try runRegressions("png") }

    /// Every folder under Fuzz/Regressions and Fuzz/Corpus names a target (a typo would never run).
    func testFoldersNameTargets() throws {
        for kind in ["Regressions", "Corpus"] {
            let folder = Self.fuzzRoot.appendingPathComponent(kind)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where !name.hasPrefix(".") {
                XCTAssertNotNil(FuzzEntryPoints.all[name], "Fuzz/\(kind)/\(name) is not a fuzz target")
            }
        }
    }

    /// The seeds go through the entry points too, and the journal seeds really reach recovery
    /// (the harness frames their records with the right checksums).
    func testSeedCorpus() throws {
        var count = 0
        for target in FuzzEntryPoints.all.keys.sorted() {
            for file in Self.files("Corpus", target) {
                FuzzEntryPoints.all[target]!(try [UInt8](Data(contentsOf: file)))
                count += 1
            }
        }
        XCTAssertGreaterThan(count, 0, "no seed corpus under \(Self.fuzzRoot.path)/Corpus")
        let journal = try XCTUnwrap(Self.files("Corpus", "journal").first { $0.lastPathComponent == "blank-start.bin" })
        XCTAssertEqual(FuzzEntryPoints.journal(try [UInt8](Data(contentsOf: journal))), 9, "all 9 records (8 changes, 1 image) recovered")
        let framed = try XCTUnwrap(Self.files("Corpus", "journal").first { $0.lastPathComponent == "framed.bin" })
        XCTAssertEqual(FuzzEntryPoints.journal(try [UInt8](Data(contentsOf: framed))), 3, "framed lines pass as they are")
    }

    /// The journal input format: a snapshot part, the separator, unframed and framed lines.
    func testJournalInputSplitting() {
        let input = Array("SNAP\n--journal--\n{\"a\": 1}\n00000000 {}\n{torn".utf8)
        let (snapshot, journal) = FuzzEntryPoints.sessionFiles(input)
        XCTAssertEqual(snapshot, Array("SNAP".utf8))
        let lines = String(decoding: journal, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 3)
        XCTAssertEqual(lines[0], "\(String(FuzzEntryPoints.crc32(Array("{\"a\": 1}".utf8)), radix: 16).leftPad(8)) {\"a\": 1}")
        XCTAssertEqual(lines[1], "00000000 {}", "an existing frame is kept, checksum and all")
        XCTAssertTrue(lines[2].hasSuffix(" {torn"), "the last line is framed and stays without a newline")
        XCTAssertNil(FuzzEntryPoints.sessionFiles(Array("{}\n".utf8)).snapshot)
        XCTAssertEqual(FuzzEntryPoints.crc32(Array("123456789".utf8)), 0xCBF4_3926, "the IEEE check value")
    }
}

private extension String {
    func leftPad(_ n: Int) -> String { String(repeating: "0", count: max(0, n - count)) + self }
}
