// The web client's files (docs/protocol.md 2.10): the page for `/`, `/t/<id>`
// and the client's other routes, and the hashed assets beside it, sent the
// way a browser wants them: precompressed (brotli or gzip, made at build
// time next to each file, web/scripts/compress.mjs) when the request accepts
// it, cached for a year when the name carries a content hash, revalidated
// every time for the page itself.
#pragma once

#include <filesystem>
#include <string_view>

#include "server/net.h"

namespace ft::server {

// `root` is the built client (web/dist); `path` the request path (no query).
HttpResponse serve_static(const std::filesystem::path& root, std::string_view path,
                          std::string_view accept_encoding);

// Whether an Accept-Encoding header value accepts `coding` ("br", "gzip"):
// listed with a q-value above zero, or covered by "*".
bool accepts_encoding(std::string_view header, std::string_view coding);

}  // namespace ft::server
