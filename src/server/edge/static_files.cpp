// The lookup side of the web client's table: which key a request target
// names and the answer it gets (the table is read by static_files_load.cpp).
#include "server/edge/static_files.h"

#include <array>
#include <cctype>
#include <cstdlib>
#include <utility>

#include "common/text.h"

namespace ft::server {
namespace {

HttpResponse not_found(std::string_view message) {
  HttpResponse r;
  r.status = 404;
  r.body = R"({"error":{"code":"not_found","message":")" + std::string(message) + "\"}}";
  return r;
}

bool name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-' || c == '.';
}

bool id_char(char c) {
  return name_char(c) && c != '.';
}

// `rest` is one id (1..64 id characters), optionally followed by '/'.
bool one_id(std::string_view rest) {
  if (rest.ends_with('/')) rest.remove_suffix(1);
  if (rest.empty() || rest.size() > 64) return false;
  for (char c : rest)
    if (!id_char(c)) return false;
  return true;
}

}  // namespace

bool plain_file_name(std::string_view name) {
  if (name.size() < 2 || name.size() > 255 || name.front() != '/') return false;
  bool segment_start = true;
  for (char c : name.substr(1)) {
    if (c == '/') {
      if (segment_start) return false;  // an empty segment: "//"
      segment_start = true;
      continue;
    }
    if (!name_char(c) || (segment_start && c == '.')) return false;
    segment_start = false;
  }
  return !segment_start;  // no trailing slash
}

bool page_route(std::string_view path) {
  for (std::string_view page :
       {"/", "/analysis", "/analysis/", "/leaderboard", "/leaderboard/", "/puzzles", "/puzzles/"})
    if (path == page) return true;
  for (std::string_view prefix : {"/t/", "/p/", "/g/", "/leaderboard/", "/puzzles/"})
    if (path.starts_with(prefix) && one_id(path.substr(prefix.size()))) return true;
  return false;
}

std::string_view web_content_type(std::string_view name) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 11> TYPES = {{
      {".html", "text/html; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".json", "application/json"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".ico", "image/x-icon"},
      {".woff2", "font/woff2"},
      {".txt", "text/plain; charset=utf-8"},
      {".map", "application/json"},
      {".webmanifest", "application/manifest+json"},
  }};
  for (const auto& [extension, type] : TYPES)
    if (name.ends_with(extension) && name.size() > extension.size()) return type;
  return {};
}

bool accepts_encoding(std::string_view header, std::string_view coding) {
  bool star = false;
  while (!header.empty()) {
    const std::size_t comma = header.find(',');
    std::string_view item = header.substr(0, comma);
    header = comma == std::string_view::npos ? std::string_view() : header.substr(comma + 1);
    std::string_view name = item;
    double q = 1.0;
    if (const std::size_t semi = item.find(';'); semi != std::string_view::npos) {
      name = item.substr(0, semi);
      std::string_view param = trim_ows(item.substr(semi + 1));
      if (param.size() >= 2 && (param[0] == 'q' || param[0] == 'Q') && param[1] == '=')
        q = std::strtod(std::string(param.substr(2)).c_str(), nullptr);
    }
    name = trim_ows(name);
    if (iequals_ascii(name, coding)) return q > 0;
    if (name == "*" && q > 0) star = true;
  }
  return star;
}

StaticFiles::StaticFiles(std::map<std::string, WebFile, std::less<>> files) {
  for (auto& [name, file] : files)
    if (plain_file_name(name)) files_.emplace(name, std::move(file));
}

std::uintmax_t StaticFiles::bytes() const {
  std::uintmax_t total = 0;
  for (const auto& [name, f] : files_) total += f.bytes.size() + f.brotli.size() + f.gzip.size();
  return total;
}

const WebFile* StaticFiles::find(std::string_view target) const {
  const std::string_view path = target.substr(0, target.find('?'));
  // Checked before the table although no key could match otherwise: a
  // target that is not a plain name or a page never gets near a lookup.
  if (page_route(path)) {
    auto it = files_.find(std::string_view("/index.html"));
    return it == files_.end() ? nullptr : &it->second;
  }
  if (!plain_file_name(path)) return nullptr;
  auto it = files_.find(path);
  return it == files_.end() ? nullptr : &it->second;
}

HttpResponse StaticFiles::answer(std::string_view target, std::string_view accept_encoding) const {
  if (files_.empty()) return not_found("no web client is served");
  const WebFile* file = find(target);
  if (file == nullptr) return not_found("no such file");
  HttpResponse r;
  r.content_type = file->content_type;
  // Vite names every asset by its content's hash: a new build is a new name,
  // so a browser may keep one for a year. The page itself names the current
  // assets and is checked every time.
  r.cache_control = file->hashed ? "public, max-age=31536000, immutable" : "no-cache";
  if (!file->brotli.empty() && accepts_encoding(accept_encoding, "br")) {
    r.headers.emplace_back("Content-Encoding", "br");
    r.body = file->brotli;
  } else if (!file->gzip.empty() && accepts_encoding(accept_encoding, "gzip")) {
    r.headers.emplace_back("Content-Encoding", "gzip");
    r.body = file->gzip;
  } else {
    r.body = file->bytes;
  }
  r.headers.emplace_back("Vary", "Accept-Encoding");
  return r;
}

}  // namespace ft::server
