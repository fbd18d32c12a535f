import Foundation
import ScrawlCore

/// Distinct images in first-use order, each as base64 PNG; the same object or the same PNG bytes
/// get one entry.
struct EmbeddedImageTable {
    private(set) var base64: [String] = []
    private(set) var images: [RasterImage] = []
    private var byObject: [ObjectIdentifier: Int] = [:]
    private var byPNG: [[UInt8]: Int] = [:]

    /// The index of `image` when it is in the table.
    func lookup(_ image: RasterImage) -> Int? { byObject[ObjectIdentifier(image)] }

    /// The index of `image`, adding it (encoding it if it has no `pngData`) on first use.
    mutating func index(of image: RasterImage, path: String) throws(DocumentError) -> Int {
        if let i = byObject[ObjectIdentifier(image)] { return i }
        let png = try EmbeddedImageTable.png(of: image, path: path)
        if let i = byPNG[png] {
            byObject[ObjectIdentifier(image)] = i
            return i
        }
        let i = base64.count
        base64.append(Data(png).base64EncodedString())
        images.append(image)  // keeps the object alive, so its identifier cannot be reused
        byObject[ObjectIdentifier(image)] = i
        byPNG[png] = i
        return i
    }

    /// The image's PNG bytes (its `pngData`, else encoded), with `path` named when encoding fails.
    static func png(of image: RasterImage, path: String) throws(DocumentError) -> [UInt8] {
        do { return try PNGCodec.encode(image) } catch {
            throw .image(path: path, reason: "cannot encode the \(image.width)x\(image.height) image as PNG: \(error)")
        }
    }
}
