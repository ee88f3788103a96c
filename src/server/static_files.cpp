#include "server/static_files.h"

#include <cctype>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <system_error>

namespace ft::server {
namespace fs = std::filesystem;
namespace {

std::string content_type(const fs::path& p) {
  static const std::map<std::string, std::string> TYPES = {
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
      {".webmanifest", "application/manifest+json"}};
  auto it = TYPES.find(p.extension().string());
  return it == TYPES.end() ? "application/octet-stream" : it->second;
}

HttpResponse not_found(std::string_view message) {
  HttpResponse r;
  r.status = 404;
  r.body = R"({"error":{"code":"not_found","message":")" + std::string(message) + "\"}}";
  return r;
}

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}

}  // namespace

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
      std::string_view param = trim(item.substr(semi + 1));
      if (param.size() >= 2 && (param[0] == 'q' || param[0] == 'Q') && param[1] == '=')
        q = std::strtod(std::string(param.substr(2)).c_str(), nullptr);
    }
    name = trim(name);
    if (iequals(name, coding)) return q > 0;
    if (name == "*" && q > 0) star = true;
  }
  return star;
}

HttpResponse serve_static(const fs::path& root, std::string_view path,
                          std::string_view accept_encoding) {
  if (root.empty()) return not_found("no web client is served");
  if (path.find("..") != std::string_view::npos || path.find('\\') != std::string_view::npos)
    return not_found("no such file");
  const bool asset = path.rfind("/assets/", 0) == 0;
  fs::path file = root;
  if (path == "/" || path.rfind("/t/", 0) == 0) {
    file /= "index.html";
  } else {
    file /= std::string(path.substr(1));
  }
  std::error_code ec;
  if (!fs::is_regular_file(file, ec)) {
    // Client-side routes (pages of the web client) get the page itself.
    if (fs::path(std::string(path)).extension().empty() && !asset) {
      file = root / "index.html";
      if (!fs::is_regular_file(file, ec))
        return not_found("the web client is not built (web/dist)");
    } else {
      return not_found("no such file");
    }
  }
  HttpResponse r;
  r.content_type = content_type(file);
  // Vite names every asset by its content's hash: a new build is a new name,
  // so a browser may keep one for a year. The page itself names the current
  // assets and is checked every time.
  r.cache_control = asset ? "public, max-age=31536000, immutable" : "no-cache";
  fs::path sent = file;
  for (const auto& [coding, suffix] : {std::pair{"br", ".br"}, std::pair{"gzip", ".gz"}}) {
    fs::path packed = file;
    packed += suffix;
    if (accepts_encoding(accept_encoding, coding) && fs::is_regular_file(packed, ec)) {
      sent = packed;
      r.headers.emplace_back("Content-Encoding", coding);
      break;
    }
  }
  r.headers.emplace_back("Vary", "Accept-Encoding");
  r.body = read_file(sent);
  return r;
}

}  // namespace ft::server
