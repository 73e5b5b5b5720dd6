/// A host as a URL writes it (RFC 3986 §3.2.2): an IPv6 address in brackets.
func urlHost(_ host: String) -> String {
    host.contains(":") ? "[\(host)]" : host
}
