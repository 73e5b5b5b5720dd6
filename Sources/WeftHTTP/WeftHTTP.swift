// The hand-written HTTP/1.1 server.
