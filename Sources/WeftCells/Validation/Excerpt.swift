extension String {
    /// The string as an error's detail quotes it: its first 80 characters,
    /// then "…", so that a detail never echoes a client's megabytes.
    package var excerpt: String {
        guard let cut = index(startIndex, offsetBy: 80, limitedBy: endIndex), cut < endIndex else { return self }
        return self[..<cut] + "…"
    }
}
