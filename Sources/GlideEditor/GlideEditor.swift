// GlideEditor: document + selection + view state, keyboard commands, animation
// timelines. Built by the layout issue (#3); nothing here yet.
