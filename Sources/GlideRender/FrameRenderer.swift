import CCairo
import GlideEditor
import GlideLayout
import GlideText

/// Draws an editor's view into a Cairo surface: background, selection, text, the
/// real caret and the floating caret. Only the damaged rectangles are repainted.
///
/// Everything is drawn in logical points with the surface's scale in the CTM, so
/// HiDPI output is crisp (glyphs rasterised at device size by cairo-ft).
public final class FrameRenderer {
    public let typesetter: HarfBuzzTypesetter
    public var scale: Double { typesetter.fonts.scale }
    private var fontOptions: OpaquePointer
    /// The quarter-resolution layer the smoke is drawn into (kept between frames).
    private var smokeLayer: OpaquePointer?
    private var smokeLayerSize: (Int32, Int32) = (0, 0)
    /// The smoke's coverage per layer pixel (reused between frames).
    private var smokeAlpha: [Float] = []

    public init(typesetter: HarfBuzzTypesetter) {
        self.typesetter = typesetter
        fontOptions = cairo_font_options_create()
        cairo_font_options_set_antialias(fontOptions, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(fontOptions, CAIRO_HINT_STYLE_SLIGHT)
        // Glyph positions come from HarfBuzz; do not let hinting move them.
        cairo_font_options_set_hint_metrics(fontOptions, CAIRO_HINT_METRICS_OFF)
    }

    deinit {
        cairo_font_options_destroy(fontOptions)
        if let smokeLayer { cairo_surface_destroy(smokeLayer) }
    }

    /// Draws the editor's pending damage (everything for `.full`) into `surface`.
    /// Returns the view rectangles repainted.
    @discardableResult
    public func draw(_ editor: Editor, into surface: ImageSurface, damage: Damage) -> [Rect] {
        let cr = cairo_create(surface.surface)!
        defer { cairo_destroy(cr) }
        return draw(editor, context: cr, damage: damage)
    }

    /// Draws into any Cairo context whose user space is device pixels (the window's
    /// back buffer, or an image surface).
    public func draw(_ editor: Editor, context cr: OpaquePointer, damage: Damage) -> [Rect] {
        let view = Rect(x: 0, y: 0, width: editor.layout.viewportSize.width, height: editor.layout.viewportSize.height)
        let regions: [Rect]
        switch damage {
        case .none: return []
        case .full: regions = [view]
        case let .rects(rects):
            // Whole device pixels only: a clip edge through a pixel would blend the old
            // frame into the new one there.
            regions = rects.compactMap { rect in
                let x0 = ((rect.minX - 1) * scale).rounded(.down) / scale
                let y0 = ((rect.minY - 1) * scale).rounded(.down) / scale
                let x1 = ((rect.maxX + 1) * scale).rounded(.up) / scale
                let y1 = ((rect.maxY + 1) * scale).rounded(.up) / scale
                return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0).intersection(view)
            }
        }
        guard !regions.isEmpty else { return [] }
        cairo_save(cr)
        cairo_scale(cr, scale, scale)
        for r in regions { cairo_rectangle(cr, r.x, r.y, r.width, r.height) }
        cairo_clip(cr)
        let bounds = regions.dropFirst().reduce(regions[0]) { $0.union($1) }

        let theme = editor.theme
        set(cr, theme.background)
        cairo_paint(cr)

        let scrollY = editor.layout.scrollY
        let selection = editor.selection
        let padding = editor.layout.padding
        var textStart = 0
        for visible in editor.layout.visibleParagraphs() {
            textStart = editor.layout.text.paragraphStart(visible.paragraph)
            for line in visible.layout.lines {
                let top = visible.top + line.top - scrollY
                let lineRect = Rect(x: 0, y: top, width: view.width, height: line.height)
                guard lineRect.intersects(bounds) else { continue }
                if !selection.isEmpty {
                    drawSelection(cr, line: line, paragraphStart: textStart, lineTop: top, padding: padding,
                                  selection: selection, paragraphLength: visible.layout.length,
                                  isLastLine: line == visible.layout.lines.last!, theme: theme)
                }
                drawGlyphs(cr, line: line, origin: Point(x: padding, y: top), color: theme.text)
            }
        }
        drawCarets(cr, editor)
        if let smoke = editor.smoke {
            drawSmoke(cr, smoke.puffs(at: editor.animationTime), theme: theme, viewSize: editor.layout.viewportSize)
        }
        cairo_restore(cr)
        return regions
    }

    /// Draws a one-line bar (a prompt or a status message) across the bottom of the
    /// view, with a caret after the text when `showsCaret`. Returns its rectangle.
    @discardableResult
    public func drawBar(_ text: String, showsCaret: Bool, theme: Theme, viewSize: Size, context cr: OpaquePointer) -> Rect {
        let height = typesetter.lineHeight + 8
        let rect = Rect(x: 0, y: viewSize.height - height, width: viewSize.width, height: height)
        cairo_save(cr)
        cairo_scale(cr, scale, scale)
        let shade = theme.background.red + theme.background.green + theme.background.blue > 1.5 ? 0.0 : 1.0
        set(cr, theme.background)
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_fill(cr)
        cairo_set_source_rgba(cr, shade, shade, shade, 0.08)
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_fill(cr)
        set(cr, theme.tint)
        cairo_rectangle(cr, rect.x, rect.y, rect.width, 1)
        cairo_fill(cr)
        let layout = typesetter.layout(paragraph: text, width: .infinity)
        let line = layout.lines[0]
        drawGlyphs(cr, line: line, origin: Point(x: 12, y: rect.y + 4), color: theme.text)
        if showsCaret {
            set(cr, theme.caret)
            cairo_rectangle(cr, 12 + line.stops.last!.x, rect.y + 4, 2, line.height)
            cairo_fill(cr)
        }
        cairo_restore(cr)
        return rect
    }

    private func drawSelection(
        _ cr: OpaquePointer, line: LineLayout, paragraphStart: Int, lineTop: Double, padding: Double,
        selection: Selection, paragraphLength: Int, isLastLine: Bool, theme: Theme
    ) {
        let lo = max(selection.lowerBound - paragraphStart, line.range.lowerBound)
        let hi = min(selection.upperBound - paragraphStart, line.range.upperBound)
        // A selection running past the paragraph's end also covers its newline.
        let coversNewline = isLastLine && selection.upperBound > paragraphStart + paragraphLength
            && selection.lowerBound <= paragraphStart + paragraphLength
        guard lo < hi || coversNewline else { return }
        var x0 = line.x(at: lo), x1 = line.x(at: max(lo, hi))
        if x1 < x0 { swap(&x0, &x1) }
        if coversNewline { x1 += typesetter.fonts.specification.pixelSize / 3 }
        set(cr, theme.selection)
        cairo_rectangle(cr, padding + x0, lineTop, x1 - x0, line.height)
        cairo_fill(cr)
    }

    private func drawGlyphs(_ cr: OpaquePointer, line: LineLayout, origin: Point, color: Color) {
        set(cr, color)
        cairo_set_font_options(cr, fontOptions)
        for run in line.runs {
            let font = typesetter.fonts.loadedFont(run.font)
            cairo_set_font_face(cr, font.cairoFace)
            cairo_set_font_size(cr, typesetter.fonts.specification.pixelSize)
            var glyphs = [cairo_glyph_t](repeating: cairo_glyph_t(), count: run.glyphs.count)
            for i in 0..<run.glyphs.count {
                glyphs[i] = cairo_glyph_t(
                    index: UInt(run.glyphs[i]), x: origin.x + run.positions[i].x, y: origin.y + run.positions[i].y)
            }
            cairo_show_glyphs(cr, &glyphs, Int32(glyphs.count))
        }
    }

    /// Smoke: each puff a soft radial falloff, dense at the centre and gone at the
    /// rim, in a grey that reads on the theme's background. Smoke has no sharp edges,
    /// so it is computed at quarter resolution and scaled up (LayoutBenchmarks
    /// "Smoke frame", 1920×1080 full of text: 42 ms with one Cairo radial gradient
    /// per puff at full size, ~8 ms with gradient sprites in a quarter-size layer,
    /// 3.7 ms summing coverage in Swift, 2.6 ms median and 3.5 ms at worst with a
    /// nearest-neighbour upscale).
    private func drawSmoke(_ cr: OpaquePointer, _ puffs: [SmokeEffect.Puff], theme: Theme, viewSize: Size) {
        let visible = puffs.filter { $0.opacity > 0.005 }
        guard !visible.isEmpty else { return }
        // Four device pixels per layer pixel, whatever the HiDPI scale.
        let reduction = max(1, 4 / scale)
        let width = Int32((viewSize.width / reduction).rounded(.up)) + 1
        let height = Int32((viewSize.height / reduction).rounded(.up)) + 1
        if smokeLayer == nil || smokeLayerSize != (width, height) {
            if let old = smokeLayer { cairo_surface_destroy(old) }
            smokeLayer = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)
            smokeLayerSize = (width, height)
        }
        guard let layer = smokeLayer else { return }
        // The puffs share one grey, so only their coverage is accumulated (alpha
        // compositing: a + c·(1 − a)), in plain Swift over the small layer; Cairo only
        // scales the result up.
        let w = Int(width), h = Int(height)
        if smokeAlpha.count != w * h { smokeAlpha = [Float](repeating: 0, count: w * h) }
        smokeAlpha.withUnsafeMutableBufferPointer { alpha in
            alpha.update(repeating: 0)
            for puff in visible {
                let cx = puff.center.x / reduction, cy = puff.center.y / reduction, r = puff.radius / reduction
                guard r > 0.5 else { continue }
                let x0 = max(0, Int(cx - r)), x1 = min(w - 1, Int(cx + r))
                let y0 = max(0, Int(cy - r)), y1 = min(h - 1, Int(cy + r))
                guard x0 <= x1, y0 <= y1 else { continue }
                let inverse = Float(1 / r), opacity = Float(min(1, puff.opacity))
                let fx = Float(cx), fy = Float(cy)
                for y in y0...y1 {
                    let dy = (Float(y) + 0.5 - fy) * inverse
                    let row = y * w
                    for x in x0...x1 {
                        let dx = (Float(x) + 0.5 - fx) * inverse
                        let d2 = dx * dx + dy * dy
                        guard d2 < 1 else { continue }
                        // The gradient's profile: 1 at the centre, 0.55 at 0.45, 0 at the rim.
                        let t = d2.squareRoot()
                        let f: Float = t < 0.45 ? 1 - t : 0.55 * (1 - (t - 0.45) / 0.55)
                        let c = opacity * f
                        let a = alpha[row + x]
                        alpha[row + x] = a + c * (1 - a)
                    }
                }
            }
        }
        let light = theme.background.red + theme.background.green + theme.background.blue > 1.5
        let (r, g, b) = light ? (0.42, 0.43, 0.46) : (0.78, 0.79, 0.82)
        cairo_surface_flush(layer)
        let stride = Int(cairo_image_surface_get_stride(layer))
        let data = cairo_image_surface_get_data(layer)!
        smokeAlpha.withUnsafeBufferPointer { alpha in
            for y in 0..<h {
                let row = data.advanced(by: y * stride).withMemoryRebound(to: UInt32.self, capacity: w) { $0 }
                for x in 0..<w {
                    let a = alpha[y * w + x]
                    if a == 0 {
                        row[x] = 0
                        continue
                    }
                    // Premultiplied ARGB, as Cairo stores it.
                    let A = UInt32(a * 255)
                    row[x] = A << 24 | UInt32(Float(r) * a * 255) << 16 | UInt32(Float(g) * a * 255) << 8 | UInt32(Float(b) * a * 255)
                }
            }
        }
        cairo_surface_mark_dirty(layer)
        cairo_save(cr)
        cairo_scale(cr, reduction, reduction)
        cairo_set_source_surface(cr, layer, 0, 0)
        // Nearest-neighbour: the coverage varies so slowly that 4-pixel blocks do not
        // show, and pixman's nearest scaling is far cheaper than bilinear (2.7 ms of
        // a 1920×1080 frame).
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_FAST)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    private func drawCarets(_ cr: OpaquePointer, _ editor: Editor) {
        let theme = editor.theme
        // Grab points at both ends of a selection, in the tint.
        for (bar, knob) in editor.selectionGrabPoints {
            set(cr, theme.tint)
            cairo_rectangle(cr, bar.x, bar.y, bar.width, bar.height)
            cairo_fill(cr)
            cairo_arc(cr, knob.x, knob.y, 4.5, 0, 2 * Double.pi)
            cairo_fill(cr)
        }
        let real = editor.caretViewRect
        if let floating = editor.floatingCaret {
            // Within a few points of each other, only the floating caret is drawn, or
            // the two flicker against each other.
            let near = abs(floating.position.x - real.midX) < 4 && abs(floating.position.y - real.midY) < 4
            if !near && editor.selection.isEmpty {
                set(cr, theme.inactiveCaret)
                cairo_rectangle(cr, real.x, real.y, real.width, real.height)
                cairo_fill(cr)
            }
            let rect = editor.floatingCaretRect(floating)
            set(cr, FrameRenderer.saturated(theme.tint, opacity: floating.opacity))
            roundedRectangle(cr, rect, radius: rect.width / 2)
            cairo_fill(cr)
        } else if editor.caretVisible && editor.selection.isEmpty {
            set(cr, theme.caret)
            cairo_rectangle(cr, real.x, real.y, real.width, real.height)
            cairo_fill(cr)
        }
    }

    /// Lower opacity washes a colour out; boost its saturation to compensate, so a
    /// translucent floating caret still reads as the tint.
    static func saturated(_ color: Color, opacity: Double) -> Color {
        let gray = (color.red + color.green + color.blue) / 3
        let boost = 1 + (1 - opacity) * 0.8
        func channel(_ c: Double) -> Double { min(1, max(0, gray + (c - gray) * boost)) }
        return Color(red: channel(color.red), green: channel(color.green), blue: channel(color.blue),
                     alpha: color.alpha * opacity)
    }

    private func roundedRectangle(_ cr: OpaquePointer, _ r: Rect, radius: Double) {
        let radius = min(radius, r.width / 2, r.height / 2)
        cairo_new_sub_path(cr)
        cairo_arc(cr, r.maxX - radius, r.minY + radius, radius, -Double.pi / 2, 0)
        cairo_arc(cr, r.maxX - radius, r.maxY - radius, radius, 0, Double.pi / 2)
        cairo_arc(cr, r.minX + radius, r.maxY - radius, radius, Double.pi / 2, Double.pi)
        cairo_arc(cr, r.minX + radius, r.minY + radius, radius, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }

    private func set(_ cr: OpaquePointer, _ c: Color) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
    }
}
