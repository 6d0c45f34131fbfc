// GlideGestures: recognizers that turn input events into editing intents. Built by
// the gesture issues (#5, #6); nothing here yet.
