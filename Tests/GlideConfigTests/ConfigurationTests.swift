import Testing
import GlideConfig

@Suite("Configuration file")
struct ConfigurationTests {
    @Test("every setting is read")
    func settings() {
        let (c, problems) = Configuration.parse("""
            font = "DejaVu Sans Mono 14"
            theme = "dark"
            tint = "#ff8800"

            [cursor]
            horizontal_only = true

            [scrub]
            enabled = false
            """, path: "config.toml")
        #expect(problems.isEmpty)
        #expect(c.font == "DejaVu Sans Mono 14" && c.theme == "dark" && c.tint == "#ff8800")
        #expect(c.horizontalOnlyCursor && !c.scrubEnabled)
    }

    @Test("a bad value names the file, the line and the key, and the default is used")
    func badValues() {
        let (c, problems) = Configuration.parse("""
            theme = "purple"
            tint = 42

            [cursor]
            horizontal_only = "yes"
            speed = 3
            """, path: "/home/u/.config/glidepad/config.toml")
        #expect(c == Configuration())
        #expect(problems.map(\.description) == [
            "/home/u/.config/glidepad/config.toml:5: cursor.horizontal_only: expected true or false; using false",
            "/home/u/.config/glidepad/config.toml:6: cursor.speed: unknown setting; ignored",
            "/home/u/.config/glidepad/config.toml:1: theme: expected \"light\" or \"dark\"; using light",
            "/home/u/.config/glidepad/config.toml:2: tint: expected a colour such as \"#0a64ff\"; using the default",
        ])
    }

    @Test("a file that is not TOML is reported with its line and ignored")
    func notTOML() {
        let (c, problems) = Configuration.parse("font = \"ok\"\ntheme = \n", path: "c.toml")
        #expect(c == Configuration())
        #expect(problems.count == 1 && problems[0].line == 2)
    }

    @Test("the file lives under XDG_CONFIG_HOME, else ~/.config")
    func location() {
        #expect(Configuration.defaultPath(environment: ["XDG_CONFIG_HOME": "/c", "HOME": "/h"]) == "/c/glidepad/config.toml")
        #expect(Configuration.defaultPath(environment: ["HOME": "/h"]) == "/h/.config/glidepad/config.toml")
        #expect(Configuration.load(path: "/nonexistent/config.toml").1.isEmpty)
    }
}
