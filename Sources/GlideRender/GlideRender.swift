// GlideRender: Cairo/FreeType/HarfBuzz/Fontconfig drawing. Built by the layout issue
// (#3); nothing here yet.
