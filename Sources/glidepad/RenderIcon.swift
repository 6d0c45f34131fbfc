import ArgumentParser
import GlideRender

/// `glidepad render-icon --size N OUT.png`: the app icon as a PNG, drawn by the
/// same code as the window's icon (the package build uses it for the PNG sizes).
struct RenderIcon: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-icon", abstract: "Write the Glidepad icon as a PNG.", shouldDisplay: false)

    @Option(help: "The size in pixels.")
    var size = 64

    @Argument(help: "The PNG to write.")
    var output: String

    func validate() throws {
        guard (8...1024).contains(size) else { throw ValidationError("--size is between 8 and 1024") }
    }

    func run() throws {
        do {
            try AppIcon.writePNG(size: size, to: output)
        } catch {
            throw ValidationError("\(error)")
        }
    }
}
