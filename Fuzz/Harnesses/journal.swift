// libFuzzer harness "journal": one call into FuzzEntryPoints.journal (Tests/ScrawlAppTests/FuzzEntryPoints.swift).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    _ = FuzzEntryPoints.journal(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
