// The web client's files (docs/protocol.md 2.10), served from a table read
// once at start and never from a path: a request target is only ever a key
// looked up in that table, so no part of it reaches the filesystem.
//
// The table holds the built client (web/dist): each file's content type, its
// bytes and the precompressed forms the build made beside it (.br, .gz:
// web/scripts/compress.mjs), and whether its name carries a content hash
// (under /assets/, cached for a year). The pages of the client's own routes
// (`/`, `/t/<id>`, ...) answer index.html. The table is immutable after it is
// built and read by every thread without a lock.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "server/edge/net.h"

namespace ft::server {

// One file of the built client as it is sent.
struct WebFile {
  std::string content_type;
  std::string bytes;
  std::string brotli;   // the .br form; "" when the build made none
  std::string gzip;     // the .gz form; "" when the build made none
  bool hashed = false;  // under /assets/: named by its content's hash
};

// What load() reads at most; a file over a limit is left out (and said).
struct WebFileLimits {
  std::uintmax_t max_file_bytes = std::uintmax_t{8} << 20;     // one file (or form)
  std::uintmax_t max_total_bytes = std::uintmax_t{128} << 20;  // the whole table
  std::size_t max_files = 4096;
};

class StaticFiles {
 public:
  StaticFiles() = default;  // no web client: every page and file is a 404
  // Keys are URL names ("/index.html", "/assets/app-1a2b.js"); a name that is
  // not a plain name (plain_file_name) is dropped, so no key can ever hold
  // `..`, `%`, a backslash or a doubled slash.
  explicit StaticFiles(std::map<std::string, WebFile, std::less<>> files);

  // Reads the built client under `root` (see docs/protocol.md 2.10 for what
  // is left out: symbolic links, other non-regular files, names that are not
  // plain, kinds of files a built client does not hold, files over the
  // limits). `skipped` gets one line per file left out, saying why. A root
  // that does not exist gives an empty table.
  static StaticFiles load(const std::filesystem::path& root, std::vector<std::string>& skipped,
                          const WebFileLimits& limits = {});

  // The file a request target names: its path (the query cut off) is a key
  // of the table, byte for byte (no decoding), or one of the client's page
  // routes (index.html). Null for anything else.
  const WebFile* find(std::string_view target) const;
  // The answer to `GET target`: the file in the form `accept_encoding`
  // takes, with its type and caching, or 404 not_found.
  HttpResponse answer(std::string_view target, std::string_view accept_encoding) const;

  std::size_t size() const { return files_.size(); }
  std::uintmax_t bytes() const;  // every form of every file

 private:
  std::map<std::string, WebFile, std::less<>> files_;
};

// Whether `name` may be a key of the table: "/" and then segments of ASCII
// letters, digits, '_', '-' and '.', none empty and none starting with '.'.
bool plain_file_name(std::string_view name);

// Whether `path` is one of the web client's pages (web/src/main.ts): `/`,
// `/t/<id>`, `/p/<id>`, `/g/<id>`, `/leaderboard[/<pool>]`, `/analysis`, a
// trailing slash allowed; an id of 1..64 letters, digits, '_' or '-'.
bool page_route(std::string_view path);

// The content type of a file name by its extension; "" for a kind of file a
// built client does not hold (such a file is not served).
std::string_view web_content_type(std::string_view name);

// Whether an Accept-Encoding header value accepts `coding` ("br", "gzip"):
// listed with a q-value above zero, or covered by "*".
bool accepts_encoding(std::string_view header, std::string_view coding);

}  // namespace ft::server
