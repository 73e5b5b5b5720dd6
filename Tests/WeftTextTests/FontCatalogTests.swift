import Testing

@testable import WeftText

@Suite struct FontCatalogTests {
    @Test func listsInstalledAndRegisteredFamilies() {
        let families = FontCatalog.families()
        #expect(families.contains("Ahem"))
        #expect(families.contains("DejaVu Sans"))
        #expect(families == families.sorted())
    }

    @Test func installedFamiliesResolveToThemselves() {
        let inter = FontCatalog.resolve(family: "Inter", weight: 600, italic: true)
        #expect(inter?.isFallback == false)
        #expect(inter?.postScriptName == "Inter-SemiBoldItalic")
        #expect(FontCatalog.resolve(family: "ahem")?.isFallback == false)
    }

    @Test func metricAliasesAndUnknownNamesAreFallbacks() {
        let times = FontCatalog.resolve(family: "Times New Roman")
        #expect(times?.resolvedFamily == "Liberation Serif")
        #expect(times?.isFallback == true)
    }
}

@Suite struct ApplicationFontTests {
    @Test func ahemIsRegisteredButNeverASystemFallback() {
        #expect(FontConfiguration.shared.applicationFonts.contains { $0.hasSuffix("Ahem.ttf") })
        // Ahem has these private-use characters; no installed font has them, so
        // fallback finds nothing rather than the application font.
        let match = FontResolver.shared.fallbackMatch(for: 0xF000, emoji: false)
        #expect(match.map { !$0.path.hasSuffix("Ahem.ttf") } ?? true)
    }
}
