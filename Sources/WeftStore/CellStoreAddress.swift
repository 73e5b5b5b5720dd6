/// Where the shared cell store listens: `redis://HOST[:PORT][/DB]`.
/// HOST may be a name, an IPv4 address or a bracketed IPv6 one (`[::1]`);
/// PORT defaults to Redis's 6379 and DB to 0.
public struct CellStoreAddress: Equatable, Sendable, CustomStringConvertible {
    /// A host name or an IP address (an IPv6 one without brackets).
    public var host: String
    /// The TCP port.
    public var port: Int
    /// The Redis database number (`SELECT`).
    public var database: Int

    /// The address of `host`, on Redis's default port and database unless given.
    public init(host: String, port: Int = 6379, database: Int = 0) {
        self.host = host
        self.port = port
        self.database = database
    }

    /// `text` with whatever stands before an `@` of its authority (a user
    /// and password) replaced by `***`.
    static func masked(_ text: String) -> String {
        guard let schemeEnd = text.firstRange(of: "://") else { return text }
        let authorityEnd = text[schemeEnd.upperBound...].firstIndex(where: { "/?#".contains($0) }) ?? text.endIndex
        guard let at = text[schemeEnd.upperBound..<authorityEnd].lastIndex(of: "@") else { return text }
        return String(text[..<schemeEnd.upperBound]) + "***" + String(text[at...])
    }

    /// The address as a full `redis://HOST:PORT/DB` URL, IPv6 hosts bracketed.
    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "redis://\(shownHost):\(port)/\(database)"
    }

    /// Parses `redis://HOST[:PORT][/DB]`. Credentials, query and fragment are
    /// refused; the port must be 1...65535 and the database 0...1,000,000.
    public init(parsing text: String) throws(CellStoreAddressError) {
        // Errors quote the URL with any credentials in it masked: they go to logs.
        let text = Self.masked(text)
        let scheme = "redis://"
        guard text.hasPrefix(scheme) else { throw .init("\(text): the cell store is a redis:// URL") }
        var rest = Substring(text.dropFirst(scheme.count))
        var database = 0
        if let slash = rest.firstIndex(of: "/") {
            let path = rest[rest.index(after: slash)...]
            rest = rest[..<slash]
            if !path.isEmpty {
                guard let number = Int(path), (0...1_000_000).contains(number) else {
                    throw .init("\(text): the database is a number (redis://HOST:PORT/DB)")
                }
                database = number
            }
        }
        guard !rest.contains("@"), !rest.contains("?"), !rest.contains("#") else {
            throw .init("\(text): credentials and options are not supported; give redis://HOST:PORT[/DB]")
        }
        var host: Substring
        var portText: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { throw .init("\(text): unclosed [ in the host") }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw .init("\(text): expected :PORT after the host") }
                portText = after.dropFirst()
            }
        } else if let colon = rest.firstIndex(of: ":") {
            host = rest[..<colon]
            portText = rest[rest.index(after: colon)...]
        } else {
            host = rest
        }
        guard !host.isEmpty else { throw .init("\(text): the host is missing") }
        var port = 6379
        if let portText {
            guard let number = Int(portText), (1...65535).contains(number) else {
                throw .init("\(text): the port is a number from 1 to 65535")
            }
            port = number
        }
        self.init(host: String(host), port: port, database: database)
    }
}

/// A cell store URL that could not be parsed.
public struct CellStoreAddressError: Error, Equatable, CustomStringConvertible {
    /// The URL and what is wrong with it, in words for the operator.
    public var description: String
    init(_ description: String) { self.description = description }
}

/// How the service reaches its shared cell store.
public struct CellStoreConfiguration: Equatable, Sendable {
    /// The Redis server to use.
    public var address: CellStoreAddress
    /// The longest any store call may wait, connecting included; past it the
    /// call is a miss (get) or is dropped (set).
    public var timeoutMilliseconds: Int
    /// How long Redis keeps a cell nobody stores again; Redis's own
    /// `maxmemory-policy` decides what goes first when it fills up.
    public var expirySeconds: Int

    /// The default call timeout: 20 ms.
    public static let defaultTimeoutMilliseconds = 20
    /// The default expiry: one day, in seconds.
    public static let defaultExpirySeconds = 86_400

    /// The store at `address`, with the default timeout and expiry unless given.
    public init(
        address: CellStoreAddress, timeoutMilliseconds: Int = defaultTimeoutMilliseconds,
        expirySeconds: Int = defaultExpirySeconds
    ) {
        self.address = address
        self.timeoutMilliseconds = timeoutMilliseconds
        self.expirySeconds = expirySeconds
    }
}
