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

    /// Chromium keeps fontconfig's metric-compatible replacement for a family
    /// it names (Arial draws as Liberation Sans) without any complaint.
    @Test func metricAliasesResolveWithoutFallback() {
        let times = FontCatalog.resolve(family: "Times New Roman")
        #expect(times?.resolvedFamily == "Liberation Serif")
        #expect(times?.isFallback == false)
        #expect(FontCatalog.resolve(family: "Helvetica")?.postScriptName == "LiberationSans")
    }

    /// An unknown name is not what fontconfig substitutes (Noto Sans here) but
    /// the standard font, Times New Roman, as Chromium draws it.
    @Test func unknownFamiliesFallBackToTheStandardFont() {
        let unknown = FontCatalog.resolve(family: "No Such Family", weight: 700)
        #expect(unknown?.isFallback == true)
        #expect(unknown?.postScriptName == "LiberationSerif-Bold")
        #expect(FontCatalog.resolve(family: "Helvetica Neue")?.resolvedFamily == "Liberation Serif")
    }

    /// The faces Chromium draws the generic families with on this system's fontconfig.
    @Test func genericFamiliesResolveAsChromiumResolvesThem() {
        let expected = [
            "sans-serif": "LiberationSans", "serif": "LiberationSerif", "monospace": "DejaVuSansMono",
            "system-ui": "NotoSans-Regular", "SANS-SERIF": "LiberationSans",
        ]
        for (generic, postScriptName) in expected {
            let resolution = FontCatalog.resolve(family: generic)
            #expect(resolution?.postScriptName == postScriptName, "\(generic)")
            #expect(resolution?.isFallback == false, "\(generic)")
        }
    }

    @Test func facesNameTheirFiles() {
        let faces = FontCatalog.faces()
        let bold = faces.first { $0.postScriptName == "Inter-Bold" }
        #expect(bold?.weight == 700)
        #expect(bold?.italic == false)
        #expect(bold?.filePath.hasSuffix("Inter-Bold.otf") == true)
        #expect(faces.contains { $0.family == "Ahem" })
    }

    /// DejaVu Sans's condensed faces share the family, weights and styles of its
    /// normal ones: only their width tells a page which file is which.
    @Test func facesOfOneWeightAndStyleDifferInWidth() {
        let faces = FontCatalog.faces()
        let regular = faces.first { $0.postScriptName == "DejaVuSans" }
        let condensed = faces.first { $0.postScriptName == "DejaVuSansCondensed" }
        #expect(regular?.family == condensed?.family)
        #expect(regular?.weight == condensed?.weight && regular?.italic == condensed?.italic)
        #expect(regular?.stretch == 100)
        #expect(condensed?.stretch == 87.5)  // fontconfig: FC_WIDTH_SEMICONDENSED
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

    /// A full cache drops the families the machine lacks first: a client's
    /// made-up names do not evict the faces other clients' text is measured with.
    @Test func madeUpFamiliesDoNotEvictAvailableOnes() {
        let resolver = FontResolver(maxStyledEntries: 8)
        #expect(resolver.match(family: "Ahem", weight: 400, italic: false) != nil)
        for k in 0..<20 { _ = resolver.match(family: "Made Up \(k)", weight: 400, italic: false) }
        #expect(resolver.isCached(family: "Ahem", weight: 400, italic: false))
        #expect(!resolver.isCached(family: "Made Up 0", weight: 400, italic: false))
        #expect(resolver.isCached(family: "Made Up 19", weight: 400, italic: false))
    }
}
