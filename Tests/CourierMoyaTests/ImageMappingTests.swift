import CourierMoya
import Testing

/// `mapImage()`: Moya's image mapping, on Linux over CourierMoya's own `Image`.
@Suite struct ImageMappingTests {
    /// A 1×1 PNG, as an image server would send it.
    private static let png = Data(
        base64Encoded:
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")

    private func response(_ data: Data) -> Response {
        Response(statusCode: 200, data: data)
    }

    @Test func aPNGBodyMapsToAnImageOfItsSize() throws {
        let data = try #require(Self.png)
        let image = try response(data).mapImage()
        #expect(image.size == CGSize(width: 1, height: 1))
        #if !canImport(UIKit) && !canImport(AppKit)
            #expect(image.format == .png)
            #expect(image.data == data)
        #endif
    }

    @Test func aBodyThatIsNoImageThrowsImageMapping() {
        let body = response(Data(#"{"error":"not found"}"#.utf8))
        #expect {
            _ = try body.mapImage()
        } throws: { error in
            guard case MoyaError.imageMapping(let response) = error else { return false }
            return response === body
        }
        #expect(throws: MoyaError.self) { try response(Data()).mapImage() }
    }

    #if !canImport(UIKit) && !canImport(AppKit)
        @Test(
            arguments: [
                // GIF89a, 3×2
                ([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 3, 0, 2, 0, 0, 0, 0], Image.Format.gif, 3, 2),
                // JPEG: SOI, an APP0 segment of 4 bytes, SOF0 of height 5 and width 7
                (
                    [0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 0x4A, 0x46, 0xFF, 0xC0, 0, 11, 8, 0, 5, 0, 7, 3, 0, 0, 0],
                    Image.Format.jpeg, 7, 5
                ),
                // BMP, 4×-6 (top-down)
                (
                    [0x42, 0x4D] + [UInt8](repeating: 0, count: 16) + [4, 0, 0, 0, 0xFA, 0xFF, 0xFF, 0xFF],
                    Image.Format.bmp, 4, 6
                ),
                // WebP, extended (VP8X) 10×20
                (
                    Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8X".utf8) + [10, 0, 0, 0, 0, 0, 0, 0]
                        + [9, 0, 0, 19, 0, 0] + [0, 0],
                    Image.Format.webp, 10, 20
                ),
            ] as [([UInt8], Image.Format, Int, Int)])
        func headersOfEachFormatGiveItsSize(bytes: [UInt8], format: Image.Format, width: Int, height: Int) throws {
            let image = try #require(Image(data: Data(bytes)))
            #expect(image.format == format)
            #expect(image.size == CGSize(width: width, height: height))
        }

        @Test func truncatedOrZeroSizedHeadersAreNoImage() throws {
            let png = try #require(Self.png)
            for length in 0..<24 {
                #expect(Image(data: png.prefix(length)) == nil, "PNG cut at \(length) bytes")
            }
            #expect(Image(data: Data([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0, 0, 2, 0])) == nil)
            #expect(Image(data: Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0, 0xFF, 0xE0, 0, 0, 0, 0, 0, 0])) == nil)
        }
    #endif
}
