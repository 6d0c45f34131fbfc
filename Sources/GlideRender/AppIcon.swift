import CCairo

/// Glidepad's icon, drawn with Cairo at any size: a blue rounded square holding a
/// page of text lines and a tall caret with a glide trail. The window sets it as
/// `_NET_WM_ICON`; the packaging renders the PNG sizes from the same drawing.
public enum AppIcon {
    /// ARGB pixels (premultiplied, row-major) of the icon at `size` × `size`.
    public static func pixels(size: Int) -> [UInt32] {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size), Int32(size))!
        defer { cairo_surface_destroy(surface) }
        draw(surface, size: Double(size))
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var result: [UInt32] = []
        result.reserveCapacity(size * size)
        for y in 0..<size {
            let row = data.advanced(by: y * stride).withMemoryRebound(to: UInt32.self, capacity: size) { $0 }
            for x in 0..<size { result.append(row[x]) }
        }
        return result
    }

    /// Writes the icon as a PNG.
    public static func writePNG(size: Int, to path: String) throws(RenderError) {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size), Int32(size))!
        defer { cairo_surface_destroy(surface) }
        draw(surface, size: Double(size))
        let status = cairo_surface_write_to_png(surface, path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .cannotWrite(path: path, status: String(cString: cairo_status_to_string(status)))
        }
    }

    static func draw(_ surface: OpaquePointer, size: Double) {
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        cairo_scale(cr, size / 64, size / 64)
        // Background: rounded square, blue gradient.
        let r = 12.0
        cairo_new_sub_path(cr)
        cairo_arc(cr, 60 - r, 4 + r, r, -Double.pi / 2, 0)
        cairo_arc(cr, 60 - r, 60 - r, r, 0, Double.pi / 2)
        cairo_arc(cr, 4 + r, 60 - r, r, Double.pi / 2, Double.pi)
        cairo_arc(cr, 4 + r, 4 + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
        let gradient = cairo_pattern_create_linear(0, 4, 0, 60)!
        cairo_pattern_add_color_stop_rgb(gradient, 0, 0.16, 0.52, 1.0)
        cairo_pattern_add_color_stop_rgb(gradient, 1, 0.02, 0.33, 0.86)
        cairo_set_source(cr, gradient)
        cairo_fill(cr)
        cairo_pattern_destroy(gradient)
        // Lines of text.
        cairo_set_source_rgba(cr, 1, 1, 1, 0.9)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_width(cr, 3.2)
        for (y, length) in [(18.0, 34.0), (28.0, 26.0), (38.0, 30.0), (48.0, 16.0)] {
            cairo_move_to(cr, 14, y)
            cairo_line_to(cr, 14 + length, y)
        }
        cairo_stroke(cr)
        // The glide trail and the caret.
        cairo_set_source_rgba(cr, 1, 1, 1, 0.45)
        cairo_set_line_width(cr, 2.2)
        cairo_move_to(cr, 28, 52)
        cairo_curve_to(cr, 36, 52, 40, 46, 44, 40)
        cairo_stroke(cr)
        cairo_set_source_rgb(cr, 1, 0.82, 0.25)
        cairo_set_line_width(cr, 4)
        cairo_move_to(cr, 47, 24)
        cairo_line_to(cr, 47, 52)
        cairo_stroke(cr)
    }
}
