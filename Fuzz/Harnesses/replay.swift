// libFuzzer harness "replay": one call into FuzzEntryPoints.replay (Tests/ScrawlAppTests/FuzzEntryPoints.swift).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzEntryPoints.replay(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
