import CHarfBuzz

/// Unicode scripts as HarfBuzz and Chromium's run segmentation see them.
enum ScriptAnalysis {
    static func script(of scalar: UInt32) -> hb_script_t {
        hb_unicode_script(hb_unicode_funcs_get_default(), scalar)
    }

    /// Common and inherited characters (spaces, digits, punctuation, marks) join
    /// the script run around them, as HarfBuzz expects.
    static func resolveInheritedScripts(_ scripts: inout [hb_script_t]) {
        var last: hb_script_t?
        for index in scripts.indices {
            if isNeutral(scripts[index]) {
                if let last { scripts[index] = last }
            } else {
                last = scripts[index]
            }
        }
        // Leading neutrals take the first real script.
        if let firstReal = scripts.first(where: { !isNeutral($0) }) {
            for index in scripts.indices {
                guard isNeutral(scripts[index]) else { break }
                scripts[index] = firstReal
            }
        }
    }

    /// Scripts whose letters join; Chromium does not space them out.
    static func isCursive(_ script: hb_script_t) -> Bool {
        cursiveScripts.contains(script.rawValue)
    }

    private static func isNeutral(_ script: hb_script_t) -> Bool {
        script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN
    }

    private static let cursiveScripts: Set<UInt32> = Set(
        [
            HB_SCRIPT_ARABIC, HB_SCRIPT_SYRIAC, HB_SCRIPT_NKO, HB_SCRIPT_MANDAIC, HB_SCRIPT_MONGOLIAN,
            HB_SCRIPT_PHAGS_PA, HB_SCRIPT_HANIFI_ROHINGYA, HB_SCRIPT_SOGDIAN, HB_SCRIPT_PSALTER_PAHLAVI,
            HB_SCRIPT_MANICHAEAN, HB_SCRIPT_ADLAM,
        ].map(\.rawValue))
}
