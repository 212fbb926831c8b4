import Foundation

/// The image type of ``Response/mapImage()``, by Moya's other name for it.
public typealias ImageType = Image

#if canImport(UIKit)
    import UIKit

    /// The image type of ``Response/mapImage()``: `UIImage` here, as in Moya.
    public typealias Image = UIImage
#elseif canImport(AppKit)
    import AppKit

    /// The image type of ``Response/mapImage()``: `NSImage` here, as in Moya.
    public typealias Image = NSImage
#else
    /// The image type of ``Response/mapImage()`` where there is no UIKit or AppKit, as on Linux: the
    /// bytes of a PNG, JPEG, GIF, WebP or BMP image whose header was read, and its size in pixels.
    ///
    /// It decodes no pixels: it tells an image from anything else, as `UIImage(data:)` does, and
    /// keeps the bytes for whatever draws or stores it.
    public struct Image: Sendable, Hashable {
        /// The encoded image, as received.
        public let data: Data
        /// The encoding, read from the first bytes.
        public let format: Format
        /// The width and height in pixels, read from the header.
        public let size: CGSize

        /// An image encoding ``Image`` recognises.
        public enum Format: String, Sendable, Hashable {
            /// Portable Network Graphics.
            case png
            /// JPEG (JFIF or Exif).
            case jpeg
            /// Graphics Interchange Format.
            case gif
            /// WebP (lossy, lossless or extended).
            case webp
            /// Windows bitmap.
            case bmp
        }

        /// Reads the header of `data`; `nil` when it is not a PNG, JPEG, GIF, WebP or BMP image whose
        /// header gives a size, as `UIImage(data:)` is `nil` for what it cannot read.
        public init?(data: Data) {
            guard let (format, width, height) = ImageHeader.read(Array(data.prefix(64 * 1024))),
                width > 0, height > 0
            else { return nil }
            self.data = data
            self.format = format
            size = CGSize(width: width, height: height)
        }
    }

    /// The few bytes of each format's header that give its size.
    private enum ImageHeader {
        static func read(_ b: [UInt8]) -> (Image.Format, Int, Int)? {
            if b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), b.count >= 24,
                b[12..<16].elementsEqual(Array("IHDR".utf8))
            {
                return (.png, bigEndian(b, 16, 4), bigEndian(b, 20, 4))
            }
            if b.starts(with: Array("GIF87a".utf8)) || b.starts(with: Array("GIF89a".utf8)), b.count >= 10 {
                return (.gif, littleEndian(b, 6, 2), littleEndian(b, 8, 2))
            }
            if b.starts(with: Array("BM".utf8)), b.count >= 26 {
                let height = Int32(bitPattern: UInt32(littleEndian(b, 22, 4)))
                return (.bmp, littleEndian(b, 18, 4), Int(height.magnitude))
            }
            if b.count >= 30, b.starts(with: Array("RIFF".utf8)), b[8..<12].elementsEqual(Array("WEBP".utf8)) {
                return webP(b)
            }
            if b.starts(with: [0xFF, 0xD8]) {
                return jpeg(b)
            }
            return nil
        }

        /// The frame header (an SOF marker) gives a JPEG's size; the segments before it are skipped.
        private static func jpeg(_ b: [UInt8]) -> (Image.Format, Int, Int)? {
            var i = 2
            while i + 9 < b.count {
                guard b[i] == 0xFF else { return nil }
                let marker = b[i + 1]
                if marker == 0xFF {
                    i += 1
                    continue
                }
                let isFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
                if isFrame {
                    return (.jpeg, bigEndian(b, i + 7, 2), bigEndian(b, i + 5, 2))
                }
                if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                    i += 2
                    continue
                }
                i += 2 + bigEndian(b, i + 2, 2)
            }
            return nil
        }

        private static func webP(_ b: [UInt8]) -> (Image.Format, Int, Int)? {
            switch String(decoding: b[12..<16], as: UTF8.self) {
            case "VP8 " where b[23..<26].elementsEqual([0x9D, 0x01, 0x2A]):
                return (.webp, littleEndian(b, 26, 2) & 0x3FFF, littleEndian(b, 28, 2) & 0x3FFF)
            case "VP8L" where b[20] == 0x2F:
                let bits = littleEndian(b, 21, 4)
                return (.webp, (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
            case "VP8X":
                return (.webp, littleEndian(b, 24, 3) + 1, littleEndian(b, 27, 3) + 1)
            default:
                return nil
            }
        }

        private static func bigEndian(_ b: [UInt8], _ at: Int, _ count: Int) -> Int {
            b[at..<at + count].reduce(0) { $0 << 8 | Int($1) }
        }

        private static func littleEndian(_ b: [UInt8], _ at: Int, _ count: Int) -> Int {
            b[at..<at + count].reversed().reduce(0) { $0 << 8 | Int($1) }
        }
    }
#endif

extension Response {
    /// The body as an ``Image``: Moya's `mapImage()`.
    ///
    /// On Apple platforms the image is a `UIImage` or `NSImage`; elsewhere it is CourierMoya's ``Image``,
    /// which reads the header of a PNG, JPEG, GIF, WebP or BMP body and keeps its bytes.
    ///
    /// - Throws: ``MoyaError/imageMapping(_:)`` when the body is not an image.
    public func mapImage() throws -> Image {
        guard let image = Image(data: data) else { throw MoyaError.imageMapping(self) }
        return image
    }
}
