// The web client's files as a browser gets them: from the table read at
// start and only from it, precompressed when it accepts that, cached by name,
// and every answer with the security headers (docs/protocol.md 2.10, 2).
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "server/edge/static_files.h"
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

// The table as the server reads it at start.
server::StaticFiles load(const fs::path& root) {
  std::vector<std::string> skipped;
  return server::StaticFiles::load(root, skipped);
}

TEST(StaticFiles, PrecompressedFormTheBrowserAcceptsAndCacheByName) {
  const fs::path root = fake_dist();
  const server::StaticFiles files = load(root);
  EXPECT_EQ(files.size(), 3u);  // the page, the script, the style (forms ride along)
  auto js = files.answer("/assets/app-1a2b.js", "gzip, deflate, br");
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
  auto gz = files.answer("/assets/app-1a2b.js?v=2", "gzip");
  EXPECT_EQ(gz.body, "GZ-JS");
  EXPECT_TRUE(has(gz, "Content-Encoding", "gzip"));
  auto plain = files.answer("/assets/app-1a2b.js", "");
  EXPECT_EQ(plain.body, "console.log('plain')");
  EXPECT_FALSE(has(plain, "Content-Encoding", "br") || has(plain, "Content-Encoding", "gzip"));
  // No packed form on disk: the file itself, whatever is accepted.
  EXPECT_EQ(files.answer("/assets/only-plain-9f.css", "br").body, "body{}");
  EXPECT_EQ(files.answer("/assets/only-plain-9f.css", "br").content_type,
            "text/css; charset=utf-8");
  // The page: revalidated every time, for every page route of the client.
  for (const char* path : {"/", "/?variant=five", "/t/k3j9xq2apz", "/t/k3j9xq2apz/", "/leaderboard",
                           "/p/p_17", "/leaderboard/popout", "/g/abc_1-2",
                           "/analysis?variant=classic&moves=c,d", "/index.html"}) {
    auto page = files.answer(path, "br");
    EXPECT_EQ(page.status, 200) << path;
    EXPECT_EQ(page.body, "BR-PAGE") << path;
    EXPECT_EQ(page.content_type, "text/html; charset=utf-8") << path;
    EXPECT_EQ(page.cache_control, "no-cache") << path;
  }
  EXPECT_EQ(files.answer("/assets/missing-00.js", "br").status, 404);
  // Not a page of the client and not a file: 404, no longer the page.
  for (const char* path : {"/nothing", "/t/", "/t/a/b", "/leaderboard/a/b", "/assets", "/assets/"})
    EXPECT_EQ(files.answer(path, "").status, 404) << path;
  fs::remove_all(root);
}

// Every way a target might point out of the root, or at something the root
// holds but does not serve: not in the table, so 404 (the lookup never
// decodes, joins or normalises a path).
TEST(StaticFiles, TraversalFormsAreNotInTheTable) {
  const fs::path root = fake_dist();
  const server::StaticFiles files = load(root);
  const std::string nul("/index.html\0.js", 15);
  for (const std::string& target : {std::string("//etc/passwd"),
                                    std::string("/..%2f..%2fetc/passwd"),
                                    std::string("/%2e%2e/"),
                                    std::string("/%2e%2e/index.html"),
                                    std::string("/assets/..%5c.."),
                                    std::string("/assets/..\\..\\etc\\passwd"),
                                    std::string("/..\\index.html"),
                                    std::string("/index.html%00.js"),
                                    nul,
                                    std::string("/etc/passwd"),
                                    std::string("/./index.html"),
                                    std::string("/assets/./app-1a2b.js"),
                                    std::string("/assets//app-1a2b.js"),
                                    std::string("//assets/app-1a2b.js"),
                                    std::string("/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd"),
                                    std::string("/%252e%252e/"),
                                    std::string("/assets/../index.html"),
                                    std::string("/assets/app-1a2b.js/"),
                                    std::string("/assets/app-1a2b.js.br"),
                                    std::string("/index.html.br"),
                                    std::string("/proc/self/cmdline"),
                                    std::string("/dist.db"),
                                    std::string("/.."),
                                    std::string("/."),
                                    std::string(""),
                                    std::string("index.html"),
                                    std::string("/%69ndex.html"),
                                    std::string("http://localhost/index.html"),
                                    std::string("/" + std::string(5000, 'a'))}) {
    EXPECT_EQ(files.find(target), nullptr) << target;
    EXPECT_EQ(files.answer(target, "br, gzip").status, 404) << target;
  }
  fs::remove_all(root);
}

// What the root holds that is not a built client's file stays out of the
// table, and load() says why: links (even to a file inside the root), other
// non-regular files, names that are not plain, kinds of files the client has
// none of (a database), files over the size limit.
TEST(StaticFiles, LoadLeavesOutLinksOddFilesAndLargeOnes) {
  const fs::path root = fake_dist();
  const fs::path outside = root.parent_path() / "secret.txt";
  write(outside, "SECRET");
  fs::create_symlink(outside, root / "secret.txt");
  fs::create_symlink(root / "index.html", root / "page.html");
  fs::create_directory_symlink(root.parent_path(), root / "up");
  write(root / "store.db", "SQLite format 3");
  write(root / "notes%2e.txt", "odd");
  write(root / ".env.txt", "hidden");
  write(root / "with space.js", "odd");
  write(root / "big.js", std::string(2048, 'x'));
  write(root / "lonely.js.gz", "GZ");
  ASSERT_EQ(::mkfifo((root / "pipe.js").c_str(), 0600), 0);
  std::vector<std::string> skipped;
  server::WebFileLimits limits;
  limits.max_file_bytes = 1024;
  const server::StaticFiles files = server::StaticFiles::load(root, skipped, limits);
  EXPECT_EQ(files.size(), 3u);
  for (const char* path :
       {"/secret.txt", "/page.html", "/up/secret.txt", "/store.db", "/notes%2e.txt", "/.env.txt",
        "/with space.js", "/with%20space.js", "/big.js", "/lonely.js.gz", "/lonely.js", "/pipe.js"})
    EXPECT_EQ(files.answer(path, "").status, 404) << path;
  auto said = [&skipped](const std::string& file, const std::string& why) {
    for (const std::string& line : skipped)
      if (line.starts_with(file + ":") && line.find(why) != std::string::npos) return true;
    return false;
  };
  EXPECT_TRUE(said("secret.txt", "symbolic link"));
  EXPECT_TRUE(said("page.html", "symbolic link"));
  EXPECT_TRUE(said("up", "symbolic link"));
  EXPECT_TRUE(said("store.db", "not a kind of file"));
  EXPECT_TRUE(said("notes%2e.txt", "not a plain name"));
  EXPECT_TRUE(said("with space.js", "not a plain name"));
  EXPECT_TRUE(said(".env.txt", "not a plain name"));
  EXPECT_TRUE(said("big.js", "larger than"));
  EXPECT_TRUE(said("pipe.js", "not a regular file"));
  fs::remove_all(root);
}

// The table is read once: a file written into the root after the start is
// not served until the next start (a restart reads it).
TEST(StaticFiles, AFileAddedLaterWaitsForTheNextStart) {
  const fs::path root = fake_dist();
  const server::StaticFiles files = load(root);
  write(root / "assets/later-77.js", "later");
  write(root / "index.html", "changed");
  EXPECT_EQ(files.answer("/assets/later-77.js", "").status, 404);
  EXPECT_EQ(files.answer("/", "").body,
            "<!doctype html><script type=module src=/assets/app-1a2b.js>");
  EXPECT_EQ(load(root).answer("/assets/later-77.js", "").body, "later");
  fs::remove_all(root);
}

TEST(StaticFiles, NoWebClientAnswers404Everywhere) {
  const server::StaticFiles none = load("/nonexistent/fourtable/web/dist");
  EXPECT_EQ(none.size(), 0u);
  auto r = none.answer("/", "");
  EXPECT_EQ(r.status, 404);
  EXPECT_NE(r.body.find("no web client"), std::string::npos);
}

TEST(StaticFiles, PlainNamesAndPageRoutes) {
  using server::page_route;
  using server::plain_file_name;
  EXPECT_TRUE(plain_file_name("/index.html"));
  EXPECT_TRUE(plain_file_name("/assets/app-1a2B_c.js.map"));
  for (const char* name : {"", "/", "//a", "/a//b", "/a/", "/.a", "/a/.b", "/a/..", "/..", "a",
                           "/a\\b", "/a%2e", "/a b", "/a?b", "/\xc0\xae"})
    EXPECT_FALSE(plain_file_name(name)) << name;
  for (const char* path : {"/", "/t/abc", "/t/abc/", "/p/p_1", "/g/x-1", "/leaderboard",
                           "/leaderboard/", "/leaderboard/popout", "/analysis", "/analysis/",
                           "/puzzles", "/puzzles/", "/puzzles/daily", "/puzzles/2d55633992"})
    EXPECT_TRUE(page_route(path)) << path;
  for (const char* path : {"", "//", "/t", "/t/", "/t//", "/t/a/b", "/t/..", "/t/a.b", "/t/%2e",
                           "/analysis/x", "/x", "/puzzles/a/b", "/puzzles/a.b", "/T/abc", "/t/a b",
                           "/t/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"})
    EXPECT_FALSE(page_route(path)) << path;
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
