/// Where the shared cell store listens: `redis://HOST[:PORT][/DB]`.
/// HOST may be a name, an IPv4 address or a bracketed IPv6 one (`[::1]`);
/// PORT defaults to Redis's 6379 and DB to 0.
public struct CellStoreAddress: Equatable, Sendable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var database: Int

    public init(host: String, port: Int = 6379, database: Int = 0) {
        self.host = host
        self.port = port
        self.database = database
    }

    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "redis://\(shownHost):\(port)/\(database)"
    }

    public init(parsing text: String) throws(CellStoreAddressError) {
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

public struct CellStoreAddressError: Error, Equatable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}

/// How the service reaches its shared cell store.
public struct CellStoreConfiguration: Equatable, Sendable {
    public var address: CellStoreAddress
    /// The longest any store call may wait, connecting included; past it the
    /// call is a miss (get) or is dropped (set).
    public var timeoutMilliseconds: Int
    /// How long Redis keeps a cell nobody stores again; Redis's own
    /// `maxmemory-policy` decides what goes first when it fills up.
    public var expirySeconds: Int

    public static let defaultTimeoutMilliseconds = 20
    public static let defaultExpirySeconds = 86_400

    public init(
        address: CellStoreAddress, timeoutMilliseconds: Int = defaultTimeoutMilliseconds,
        expirySeconds: Int = defaultExpirySeconds
    ) {
        self.address = address
        self.timeoutMilliseconds = timeoutMilliseconds
        self.expirySeconds = expirySeconds
    }
}
