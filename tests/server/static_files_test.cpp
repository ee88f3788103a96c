// The web client's files as a browser gets them: precompressed when it
// accepts that, cached by name, and every answer with the security headers
// (docs/protocol.md 2.10, 2).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "server/static_files.h"
#include "support/test_client.h"

namespace ft::test {
namespace {

namespace fs = std::filesystem;

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

// A built client in miniature: the page, a hashed asset with its brotli and
// gzip forms (their bytes only need to differ: the server never unpacks).
fs::path fake_dist() {
  const fs::path root = fs::path(temp_db("dist")).replace_extension("");
  write(root / "index.html", "<!doctype html><script type=module src=/assets/app-1a2b.js>");
  write(root / "index.html.br", "BR-PAGE");
  write(root / "assets/app-1a2b.js", "console.log('plain')");
  write(root / "assets/app-1a2b.js.br", "BR-JS");
  write(root / "assets/app-1a2b.js.gz", "GZ-JS");
  write(root / "assets/only-plain-9f.css", "body{}");
  return root;
}

TEST(StaticFiles, AcceptEncodingIsReadWithItsQValues) {
  using server::accepts_encoding;
  EXPECT_TRUE(accepts_encoding("gzip, deflate, br, zstd", "br"));
  EXPECT_TRUE(accepts_encoding("GZIP", "gzip"));
  EXPECT_FALSE(accepts_encoding("gzip;q=0, br;q=0.5", "gzip"));
  EXPECT_TRUE(accepts_encoding("gzip;q=0, br;q=0.5", "br"));
  EXPECT_TRUE(accepts_encoding("*", "br"));
  EXPECT_FALSE(accepts_encoding("br;q=0, *", "br"));
  EXPECT_FALSE(accepts_encoding("", "gzip"));
  EXPECT_FALSE(accepts_encoding("identity", "gzip"));
}

TEST(StaticFiles, PrecompressedFormTheBrowserAcceptsAndCacheByName) {
  const fs::path root = fake_dist();
  auto js = server::serve_static(root, "/assets/app-1a2b.js", "gzip, deflate, br");
  EXPECT_EQ(js.body, "BR-JS");
  EXPECT_EQ(js.cache_control, "public, max-age=31536000, immutable");
  EXPECT_EQ(js.content_type, "text/javascript; charset=utf-8");
  auto has = [](const server::HttpResponse& r, const std::string& k, const std::string& v) {
    for (const auto& [key, value] : r.headers)
      if (key == k && value == v) return true;
    return false;
  };
  EXPECT_TRUE(has(js, "Content-Encoding", "br"));
  EXPECT_TRUE(has(js, "Vary", "Accept-Encoding"));
  auto gz = server::serve_static(root, "/assets/app-1a2b.js", "gzip");
  EXPECT_EQ(gz.body, "GZ-JS");
  EXPECT_TRUE(has(gz, "Content-Encoding", "gzip"));
  auto plain = server::serve_static(root, "/assets/app-1a2b.js", "");
  EXPECT_EQ(plain.body, "console.log('plain')");
  EXPECT_FALSE(has(plain, "Content-Encoding", "br") || has(plain, "Content-Encoding", "gzip"));
  // No packed form on disk: the file itself, whatever is accepted.
  EXPECT_EQ(server::serve_static(root, "/assets/only-plain-9f.css", "br").body, "body{}");
  // The page: revalidated every time, for /, a table, a player and a leaderboard alike.
  for (const char* path :
       {"/", "/t/k3j9xq2apz", "/leaderboard", "/p/p_17", "/leaderboard/popout"}) {
    auto page = server::serve_static(root, path, "br");
    EXPECT_EQ(page.body, "BR-PAGE") << path;
    EXPECT_EQ(page.cache_control, "no-cache") << path;
  }
  EXPECT_EQ(server::serve_static(root, "/assets/missing-00.js", "br").status, 404);
  EXPECT_EQ(server::serve_static(root, "/assets/../../etc/passwd", "").status, 404);
  fs::remove_all(root);
}

// Through the real server: the headers on the page, an asset, the API and
// an error answer.
TEST(StaticFiles, EveryAnswerCarriesTheSecurityHeaders) {
  const fs::path root = fake_dist();
  ServerProcess server(temp_db("headers"), "--web-root " + root.string());
  const int port = server.port();
  const std::vector<std::pair<std::string, std::string>> br = {{"Accept-Encoding", "gzip, br"}};
  HttpResult page = http(port, "GET", "/t/abc", {}, {}, {}, br);
  HttpResult asset = http(port, "GET", "/assets/app-1a2b.js", {}, {}, {}, br);
  HttpResult api = http(port, "GET", "/api/me");
  HttpResult missing = http(port, "GET", "/api/nothing-here");
  EXPECT_EQ(page.body, "BR-PAGE");
  EXPECT_EQ(page.header("content-encoding"), "br");
  EXPECT_EQ(page.header("cache-control"), "no-cache");
  EXPECT_EQ(asset.header("cache-control"), "public, max-age=31536000, immutable");
  EXPECT_EQ(asset.header("content-length"), "5");
  EXPECT_EQ(api.header("cache-control"), "no-store");
  for (const HttpResult* r : {&page, &asset, &api, &missing}) {
    const std::string csp = r->header("content-security-policy");
    EXPECT_NE(csp.find("script-src 'self'"), std::string::npos) << csp;
    EXPECT_NE(csp.find("frame-ancestors 'none'"), std::string::npos) << csp;
    EXPECT_EQ(csp.find("unsafe-inline"), std::string::npos) << csp;
    EXPECT_EQ(r->header("x-content-type-options"), "nosniff");
    EXPECT_EQ(r->header("x-frame-options"), "DENY");
    EXPECT_EQ(r->header("referrer-policy"), "same-origin");
  }
  fs::remove_all(root);
}

}  // namespace
}  // namespace ft::test
