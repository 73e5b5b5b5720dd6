#include "weft_tls.h"
#include <openssl/ssl.h>
#include <openssl/err.h>
#include <stdio.h>
#include <string.h>

static const unsigned char http11_protocol[] = {8, 'h', 't', 't', 'p', '/', '1', '.', '1'};

// Agreeing on http/1.1 tells clients that asked for h2 not to speak it here.
static int select_http11(SSL *ssl, const unsigned char **out, unsigned char *out_length,
                         const unsigned char *client_list, unsigned int client_length, void *unused) {
    (void)ssl;
    (void)unused;
    unsigned char *selected = NULL;
    int result = SSL_select_next_proto(&selected, out_length, http11_protocol, sizeof(http11_protocol),
                                       client_list, client_length);
    if (result != OPENSSL_NPN_NEGOTIATED) {
        return SSL_TLSEXT_ERR_ALERT_FATAL;
    }
    *out = selected;
    return SSL_TLSEXT_ERR_OK;
}

static void describe_error(const char *what, char *error, size_t error_length) {
    unsigned long code = ERR_get_error();
    char reason[256] = "unknown error";
    if (code != 0) {
        ERR_error_string_n(code, reason, sizeof(reason));
    }
    snprintf(error, error_length, "%s: %s", what, reason);
}

void *weft_tls_context_create(const char *cert_path, const char *key_path, char *error, size_t error_length) {
    SSL_CTX *context = SSL_CTX_new(TLS_server_method());
    if (context == NULL) {
        describe_error("cannot create TLS context", error, error_length);
        return NULL;
    }
    SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION);
    SSL_CTX_set_options(context, SSL_OP_NO_RENEGOTIATION | SSL_OP_CIPHER_SERVER_PREFERENCE);
    // Partial writes let a non-blocking socket take what it can without
    // OpenSSL insisting on the same buffer being offered again in full.
    SSL_CTX_set_mode(context, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
    SSL_CTX_set_alpn_select_cb(context, select_http11, NULL);
    if (SSL_CTX_use_certificate_chain_file(context, cert_path) != 1) {
        describe_error("cannot load TLS certificate", error, error_length);
        SSL_CTX_free(context);
        return NULL;
    }
    if (SSL_CTX_use_PrivateKey_file(context, key_path, SSL_FILETYPE_PEM) != 1) {
        describe_error("cannot load TLS private key", error, error_length);
        SSL_CTX_free(context);
        return NULL;
    }
    if (SSL_CTX_check_private_key(context) != 1) {
        describe_error("TLS key does not match the certificate", error, error_length);
        SSL_CTX_free(context);
        return NULL;
    }
    return context;
}

void weft_tls_context_free(void *context) {
    SSL_CTX_free((SSL_CTX *)context);
}

void *weft_tls_session_create(void *context, int fd) {
    SSL *session = SSL_new((SSL_CTX *)context);
    if (session == NULL) {
        return NULL;
    }
    if (SSL_set_fd(session, fd) != 1) {
        SSL_free(session);
        return NULL;
    }
    SSL_set_accept_state(session);
    return session;
}

void weft_tls_session_free(void *session) {
    SSL *ssl = (SSL *)session;
    // Best effort close_notify; the socket is non-blocking, so never wait.
    SSL_shutdown(ssl);
    SSL_free(ssl);
}

static int classify(SSL *ssl, int result) {
    if (result > 0) {
        return result;
    }
    int reason = SSL_get_error(ssl, result);
    ERR_clear_error();
    switch (reason) {
    case SSL_ERROR_WANT_READ:
        return WEFT_TLS_WANT_READ;
    case SSL_ERROR_WANT_WRITE:
        return WEFT_TLS_WANT_WRITE;
    case SSL_ERROR_ZERO_RETURN:
        return 0;
    default:
        return WEFT_TLS_FAILED;
    }
}

int weft_tls_read(void *session, void *buffer, int length) {
    SSL *ssl = (SSL *)session;
    return classify(ssl, SSL_read(ssl, buffer, length));
}

int weft_tls_write(void *session, const void *buffer, int length) {
    SSL *ssl = (SSL *)session;
    return classify(ssl, SSL_write(ssl, buffer, length));
}

int weft_tls_handshake_done(void *session) {
    return SSL_is_init_finished((SSL *)session);
}

int weft_tls_pending(void *session) {
    return SSL_pending((SSL *)session);
}

void *weft_tls_client_create(int fd, const char *server_name) {
    SSL_CTX *context = SSL_CTX_new(TLS_client_method());
    if (context == NULL) {
        return NULL;
    }
    SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION);
    SSL_CTX_set_verify(context, SSL_VERIFY_NONE, NULL);
    SSL *session = SSL_new(context);
    if (session == NULL) {
        SSL_CTX_free(context);
        return NULL;
    }
    if (SSL_set_fd(session, fd) != 1 || SSL_set_tlsext_host_name(session, server_name) != 1
        || SSL_connect(session) != 1) {
        ERR_clear_error();
        SSL_free(session);
        SSL_CTX_free(context);
        return NULL;
    }
    return session;
}

void weft_tls_client_free(void *session) {
    SSL *ssl = (SSL *)session;
    SSL_CTX *context = SSL_get_SSL_CTX(ssl);
    SSL_shutdown(ssl);
    SSL_free(ssl);
    SSL_CTX_free(context);
}
