import CCairo
import GlideLayout

/// Why a frame could not be written.
public enum RenderError: Error, Equatable, CustomStringConvertible {
    case cannotWrite(path: String, status: String)
    case cannotRead(path: String, status: String)

    public var description: String {
        switch self {
        case let .cannotWrite(path, status): return "Could not write \(path): \(status)."
        case let .cannotRead(path, status): return "Could not read \(path): \(status)."
        }
    }
}

/// An in-memory ARGB32 Cairo surface in device pixels: what replay and tests draw
/// into (the window draws into its back buffer the same way).
public final class ImageSurface {
    public let pixelWidth: Int
    public let pixelHeight: Int
    let surface: OpaquePointer

    /// A surface for a `size`-point view at `scale` device pixels per point.
    public init(size: Size, scale: Double) {
        pixelWidth = max(1, Int((size.width * scale).rounded()))
        pixelHeight = max(1, Int((size.height * scale).rounded()))
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight))
    }

    /// Reads a PNG (for comparing against reference images).
    public init(png path: String) throws(RenderError) {
        let s = cairo_image_surface_create_from_png(path)!
        let status = cairo_surface_status(s)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(s)
            throw .cannotRead(path: path, status: String(cString: cairo_status_to_string(status)))
        }
        surface = s
        pixelWidth = Int(cairo_image_surface_get_width(s))
        pixelHeight = Int(cairo_image_surface_get_height(s))
    }

    deinit { cairo_surface_destroy(surface) }

    public func writePNG(to path: String) throws(RenderError) {
        cairo_surface_flush(surface)
        let status = cairo_surface_write_to_png(surface, path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .cannotWrite(path: path, status: String(cString: cairo_status_to_string(status)))
        }
    }

    /// The pixel at (x, y) as 0xAARRGGBB (premultiplied, as Cairo stores it).
    public func pixel(x: Int, y: Int) -> UInt32 {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        return data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
    }

    /// The share of pixels whose channels differ from `other`'s by more than
    /// `tolerance` (0…255), or 1 if the sizes differ.
    public func differingFraction(from other: ImageSurface, tolerance: Int) -> Double {
        guard pixelWidth == other.pixelWidth && pixelHeight == other.pixelHeight else { return 1 }
        // Flush once and read rows directly (pixel(x:y:) flushes on every call).
        cairo_surface_flush(surface)
        cairo_surface_flush(other.surface)
        let strideA = Int(cairo_image_surface_get_stride(surface)), strideB = Int(cairo_image_surface_get_stride(other.surface))
        let dataA = cairo_image_surface_get_data(surface)!, dataB = cairo_image_surface_get_data(other.surface)!
        var differing = 0
        for y in 0..<pixelHeight {
            let rowA = UnsafeRawPointer(dataA.advanced(by: y * strideA)), rowB = UnsafeRawPointer(dataB.advanced(by: y * strideB))
            for x in 0..<pixelWidth {
                let a = rowA.load(fromByteOffset: x * 4, as: UInt32.self), b = rowB.load(fromByteOffset: x * 4, as: UInt32.self)
                for shift in stride(from: 0, to: 32, by: 8) {
                    if abs(Int(a >> UInt32(shift) & 0xFF) - Int(b >> UInt32(shift) & 0xFF)) > tolerance {
                        differing += 1
                        break
                    }
                }
            }
        }
        return Double(differing) / Double(pixelWidth * pixelHeight)
    }
}
