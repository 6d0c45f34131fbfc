import CCairo
import CFontconfig
import CFreeType
import CHarfBuzz

/// Why fonts could not be set up.
public enum FontError: Error, Equatable, CustomStringConvertible {
    case noFonts(pattern: String)
    case cannotLoad(file: String, code: Int32)
    case badSpecification(String)

    public var description: String {
        switch self {
        case let .noFonts(pattern):
            return "No font matches \"\(pattern)\" and Fontconfig found no fallback; install a font package such as fonts-dejavu-core."
        case let .cannotLoad(file, code):
            return "FreeType could not load the font file \(file) (error \(code))."
        case let .badSpecification(spec):
            return "\"\(spec)\" is not a font description; write a family and a size, e.g. \"DejaVu Sans Mono 16\"."
        }
    }
}

/// A font description as people write it: a Fontconfig family (or pattern) and a
/// size in typographic points ("DejaVu Sans Mono 16", "sans-serif 11").
public struct FontSpecification: Equatable, Sendable {
    public var family: String
    public var points: Double

    public init(family: String, points: Double) {
        self.family = family
        self.points = points
    }

    public init(parsing text: String) throws(FontError) {
        let words = text.split(separator: " ")
        guard let last = words.last, let size = Double(last), size > 0, size < 1000 else {
            if words.isEmpty { throw .badSpecification(text) }
            self.init(family: text, points: 11)
            return
        }
        let family = words.dropLast().joined(separator: " ")
        self.init(family: family.isEmpty ? "sans-serif" : family, points: size)
    }

    /// Pixels per em at scale 1: a point is 1/72 inch and the desktop is 96 dpi, as
    /// in GTK and Qt, so "11" is 14.67 px.
    public var pixelSize: Double { points * 96 / 72 }
}

/// One loaded font: the FreeType face at the device size, and HarfBuzz and Cairo
/// views of it.
final class LoadedFont {
    let file: String
    let face: FT_Face
    let harfBuzz: OpaquePointer
    let cairoFace: OpaquePointer
    /// Metrics in logical points.
    let ascent: Double
    let descent: Double

    init(file: String, index: Int32, library: FT_Library, devicePixelSize: Double, scale: Double) throws(FontError) {
        var face: FT_Face?
        let error = FT_New_Face(library, file, FT_Long(index), &face)
        guard error == 0, let face else { throw .cannotLoad(file: file, code: error) }
        if face.pointee.num_fixed_sizes > 0 && face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0 {
            // Bitmap-only fonts (colour emoji): pick the nearest strike.
            FT_Select_Size(face, 0)
        } else {
            FT_Set_Char_Size(face, 0, FT_F26Dot6(devicePixelSize * 64), 72, 72)
        }
        self.file = file
        self.face = face
        harfBuzz = hb_ft_font_create_referenced(face)
        hb_ft_font_set_load_flags(harfBuzz, FT_LOAD_DEFAULT | glide_ft_load_target_light())
        cairoFace = cairo_ft_font_face_create_for_ft_face(face, glide_ft_load_target_light())
        let metrics = face.pointee.size.pointee.metrics
        ascent = Double(metrics.ascender) / 64 / scale
        descent = -Double(metrics.descender) / 64 / scale
    }

    deinit {
        hb_font_destroy(harfBuzz)
        cairo_font_face_destroy(cairoFace)
        FT_Done_Face(face)
    }
}

/// The fonts text is drawn with: the best match for a specification first, then
/// Fontconfig's fallback order (`FcFontSort`), each used for the characters the
/// fonts before it lack. Fonts load on first use; the font for each code point is
/// cached.
public final class FontSet {
    public let specification: FontSpecification
    /// Device pixels per logical point.
    public let scale: Double

    private struct Candidate {
        var file: String
        var index: Int32
        var charset: OpaquePointer
    }

    private var library: FT_Library
    private var candidates: [Candidate] = []
    private var loaded: [Int: LoadedFont] = [:]
    private var fontForScalar: [UInt32: Int] = [:]
    private var lowScalarFonts = [UInt16?](repeating: nil, count: 0x3100)

    public init(_ specification: FontSpecification, scale: Double = 1) throws(FontError) {
        self.specification = specification
        self.scale = scale
        var library: FT_Library?
        FT_Init_FreeType(&library)
        self.library = library!
        guard FcInit() != 0 else { throw .noFonts(pattern: specification.family) }
        let pattern = FcNameParse(specification.family)!
        defer { FcPatternDestroy(pattern) }
        FcPatternAddDouble(pattern, "pixelsize", specification.pixelSize * scale)
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let sorted = FcFontSort(nil, pattern, 1, nil, &result) else {
            throw .noFonts(pattern: specification.family)
        }
        defer { FcFontSetDestroy(sorted) }
        for i in 0..<Int(sorted.pointee.nfont) {
            guard let font = sorted.pointee.fonts[i] else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            var index: Int32 = 0
            var charset: OpaquePointer?
            guard FcPatternGetString(font, "file", 0, &file) == FcResultMatch, let file,
                  FcPatternGetCharSet(font, "charset", 0, &charset) == FcResultMatch, let charset
            else { continue }
            FcPatternGetInteger(font, "index", 0, &index)
            let path = String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self))
            candidates.append(Candidate(file: path, index: index, charset: FcCharSetCopy(charset)))
        }
        guard !candidates.isEmpty else { throw .noFonts(pattern: specification.family) }
        _ = try font(0)
    }

    deinit {
        loaded.removeAll()
        for candidate in candidates { FcCharSetDestroy(candidate.charset) }
        FT_Done_FreeType(library)
    }

    /// The file of the primary font (what the specification matched).
    public var primaryFile: String { candidates[0].file }

    func font(_ index: Int) throws(FontError) -> LoadedFont {
        if let font = loaded[index] { return font }
        let c = candidates[index]
        let font = try LoadedFont(
            file: c.file, index: c.index, library: library,
            devicePixelSize: specification.pixelSize * scale, scale: scale)
        loaded[index] = font
        return font
    }

    /// The first font in fallback order that has a glyph for `scalar` (the primary
    /// font if none has).
    func fontIndex(for scalar: Unicode.Scalar) -> Int {
        // Most text is in the first few blocks: an array beats hashing there.
        if scalar.value < 0x3100, let cached = lowScalarFonts[Int(scalar.value)] { return Int(cached) }
        if let cached = fontForScalar[scalar.value] { return cached }
        var chosen = 0
        for (i, candidate) in candidates.enumerated() where FcCharSetHasChar(candidate.charset, scalar.value) != 0 {
            if (try? font(i)) != nil {
                chosen = i
                break
            }
        }
        if scalar.value < 0x3100 { lowScalarFonts[Int(scalar.value)] = UInt16(chosen) } else { fontForScalar[scalar.value] = chosen }
        return chosen
    }

    /// The loaded font at `index`, which `fontIndex(for:)` has already loaded.
    func loadedFont(_ index: Int) -> LoadedFont { loaded[index] ?? loaded[0]! }

    /// The file Fontconfig chose for `scalar` (tests check fallback with this).
    public func fontFile(for scalar: Unicode.Scalar) -> String { candidates[fontIndex(for: scalar)].file }
}
