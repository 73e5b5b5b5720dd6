#ifndef WEFT_TLS_H
#define WEFT_TLS_H
#include <stddef.h>

// A narrow C surface over OpenSSL: several OpenSSL calls the server needs are
// macros Swift cannot import, and keeping every SSL_* call here lets the Swift
// side treat TLS as one more byte transport.

#define WEFT_TLS_WANT_READ (-1)
#define WEFT_TLS_WANT_WRITE (-2)
#define WEFT_TLS_FAILED (-3)

/// Builds a server context accepting TLS 1.2 and newer only, offering ALPN
/// "http/1.1". Returns NULL and fills `error` on failure.
void *weft_tls_context_create(const char *cert_path, const char *key_path, char *error, size_t error_length);
void weft_tls_context_free(void *context);

/// Wraps an accepted non-blocking socket; the handshake happens inside read/write.
void *weft_tls_session_create(void *context, int fd);
void weft_tls_session_free(void *session);

/// Bytes read or written (> 0), 0 when the peer closed, or a WEFT_TLS_* code.
int weft_tls_read(void *session, void *buffer, int length);
int weft_tls_write(void *session, const void *buffer, int length);

/// Non-zero when OpenSSL holds decrypted bytes the socket no longer signals.
int weft_tls_pending(void *session);
/* 1 once the handshake has completed. */
int weft_tls_handshake_done(void *session);

/// A client session over a connected blocking socket, its handshake done:
/// `weft probe https://` asks its own server, so the certificate is not
/// checked. Returns NULL when the handshake fails; free it with
/// weft_tls_client_free, which frees its context too.
void *weft_tls_client_create(int fd, const char *server_name);
void weft_tls_client_free(void *session);

#endif
