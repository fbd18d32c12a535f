// libFuzzer harness "png": one call into FuzzEntryPoints.png (Tests/ScrawlAppTests/FuzzEntryPoints.swift).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzEntryPoints.png(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
