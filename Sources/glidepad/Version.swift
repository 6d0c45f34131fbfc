/// Glidepad's version: the one place it is written. `glidepad --version` prints it
/// and the package build reads it from here.
let glidepadVersion = "0.1.0"
