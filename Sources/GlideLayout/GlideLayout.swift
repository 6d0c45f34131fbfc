// GlideLayout: noncontiguous layout, the height index, hit-testing and caret
// rectangles. Built by the layout issue (#3); nothing here yet.
