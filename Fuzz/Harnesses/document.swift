// libFuzzer harness "document": one call into FuzzEntryPoints.document (Tests/ScrawlAppTests/FuzzEntryPoints.swift).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzEntryPoints.document(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
