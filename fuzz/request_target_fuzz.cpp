// libFuzzer target over request targets as the static side of the router
// sees them (server/edge/static_files.h): which page route or file of the web
// client's table a target names, and the answer it gets. The table is read
// once from a web root built here (with a secret beside it, a link out of
// it, a database, hidden and oddly named files in it) and that directory is
// removed before the first input, so a lookup that touched the filesystem
// would find nothing. Whatever the target (and Accept-Encoding), the lookup
// must not throw; a found file is always one of the table's entries (the
// page for a route, else the entry of that exact name); only 200 and 404
// are answered; anything holding a traversal form (`..`, `%`, a backslash,
// NUL, a doubled slash, a `.` segment, a byte outside ASCII) is a 404; and
// no answer ever holds a byte of a file that is not the client's.
//
// The same target also goes through the API's route table
// (server/protocol/http_routes.h): it answers 200, 404 or 405 (with the methods it
// takes), sends no /api/ path to the web client and no other path to an
// API handler, and every {id} it hands out is a whole segment of the path.
//
// Input: the target, then optionally '\n' and an Accept-Encoding value.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "server/edge/static_files.h"
#include "server/protocol/http_routes.h"

namespace {
namespace fs = std::filesystem;
using ft::server::StaticFiles;
using ft::server::WebFile;

[[noreturn]] void fail(const char* what, std::string_view target) {
  std::fprintf(stderr, "request_target_fuzz: %s\ntarget (%zu bytes): %.*s\n", what, target.size(),
               static_cast<int>(target.size()), target.data());
  std::abort();
}

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

// The files the table must hold, by URL name, as the root below writes them.
const std::map<std::string, std::vector<std::string>>& expected() {
  static const std::map<std::string, std::vector<std::string>> files = {
      {"/index.html", {"PAGE", "PAGE-BR", "PAGE-GZ"}},
      {"/rules.html", {"RULES"}},
      {"/assets/app-1a2b.js", {"JS", "JS-BR"}},
      {"/assets/style-9f.css", {"CSS", "", "CSS-GZ"}},
      {"/favicon.svg", {"SVG"}},
  };
  return files;
}

StaticFiles build_table() {
  char pattern[] = "/tmp/ft_request_target_XXXXXX";
  if (::mkdtemp(pattern) == nullptr) fail("no temporary directory", pattern);
  const fs::path dir = pattern;
  const fs::path root = dir / "dist";
  for (const auto& [name, forms] : expected()) {
    const fs::path p = root / name.substr(1);
    write(p, forms[0]);
    if (forms.size() > 1 && !forms[1].empty()) write(fs::path(p) += ".br", forms[1]);
    if (forms.size() > 2) write(fs::path(p) += ".gz", forms[2]);
  }
  write(dir / "secret.txt", "SECRET-OUTSIDE");
  write(dir / "store.db", "SECRET-DB");
  write(root / "store.db", "SECRET-DB-IN-ROOT");
  write(root / ".hidden.js", "SECRET-HIDDEN");
  write(root / "odd%2e.js", "SECRET-ODD");
  write(root / "assets/..js", "SECRET-DOTS");
  fs::create_symlink(dir / "secret.txt", root / "assets/link.js");
  fs::create_directory_symlink(dir, root / "up");
  std::vector<std::string> skipped;
  StaticFiles table = StaticFiles::load(root, skipped);
  fs::remove_all(dir);
  if (table.size() != expected().size()) fail("the table does not hold the client's files", "");
  return table;
}

const StaticFiles& table() {
  static const StaticFiles files = build_table();
  return files;
}

// The client's page routes, written independently of page_route(): a
// regular expression over paths no longer than the longest route.
bool route_oracle(std::string_view path) {
  static const std::regex ROUTE(
      "/|/(t|p|g)/[A-Za-z0-9_-]{1,64}/?|/(leaderboard|puzzles)(/[A-Za-z0-9_-]{1,64})?/?|"
      "/analysis/?");
  return path.size() <= 80 && std::regex_match(path.begin(), path.end(), ROUTE);
}

bool traversal_form(std::string_view path) {
  for (std::string_view bad : {"..", "%", "\\", "//", "/."})
    if (path.find(bad) != std::string_view::npos) return true;
  for (char c : path)
    if (static_cast<unsigned char>(c) < 0x21 || static_cast<unsigned char>(c) > 0x7e) return true;
  return false;
}

// The route table's word on `path` (see the opening comment).
void check_routes(std::string_view path, std::string_view target) {
  using ft::server::Route;
  const bool api = path.starts_with("/api/") || path == "/healthz" || path == "/metrics";
  for (const std::string_view method : {"GET", "HEAD", "POST", "DELETE", "OPTIONS"}) {
    for (const bool test_clock : {false, true}) {
      const ft::server::RouteMatch m = ft::server::match_route(method, path, test_clock);
      if (m.status != 200 && m.status != 404 && m.status != 405)
        fail("a route status neither 200, 404 nor 405", target);
      if ((m.status == 405) != !m.allow.empty())
        fail("405 without Allow, or Allow without", target);
      if (m.status == 200 && (m.route == Route::web) == api)
        fail("an API path went to the web client, or another path to the API", target);
      if (m.status == 200 && m.route == Route::test_clock && !test_clock)
        fail("the test clock answered without --test-clock", target);
      for (const std::string_view arg : m.args) {
        const bool inside =
            arg.data() >= path.data() && arg.data() + arg.size() <= path.data() + path.size();
        if (arg.empty() || arg.find('/') != std::string_view::npos || !inside)
          fail("a route argument that is not a segment of the path", target);
      }
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  table();  // built (and its directory gone) before the first input
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::size_t newline = input.find('\n');
  const std::string_view target = input.substr(0, newline);
  const std::string_view accept =
      newline == std::string_view::npos ? std::string_view("br, gzip") : input.substr(newline + 1);
  const std::string_view path = target.substr(0, target.find('?'));

  check_routes(path, target);
  const WebFile* found = table().find(target);
  const ft::server::HttpResponse r = table().answer(target, accept);
  if (r.status != 200 && r.status != 404) fail("an answer neither 200 nor 404", target);
  if ((r.status == 200) != (found != nullptr)) fail("answer and lookup disagree", target);
  if (r.body.find("SECRET") != std::string::npos) fail("a file not of the client answered", target);
  if (found != nullptr && traversal_form(path)) fail("a traversal form was answered", target);

  // The entry the target must name, by the oracle.
  const std::string name = route_oracle(path) ? "/index.html" : std::string(path);
  auto want = expected().find(name);
  if (want == expected().end()) {
    if (found != nullptr) fail("a file was found for a name not in the table", target);
    return 0;
  }
  if (traversal_form(path)) fail("the oracle let a traversal form through", target);
  if (found == nullptr) fail("a file of the table was not found", target);
  if (found->bytes != want->second[0]) fail("the wrong file was found", target);
  bool one_form = false;
  for (const std::string& form : want->second)
    one_form = one_form || (!form.empty() && r.body == form);
  if (!one_form) fail("the body is not a form of the file", target);
  return 0;
}
