// Through the real server: a request target never reaches a file outside
// the table of the web client's files (docs/protocol.md 2.10). The web root
// is built here with a page and an asset; beside it, outside the root, lie
// a secret file and the server's own store database.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "support/test_client.h"

namespace ft::test {
namespace {

namespace fs = std::filesystem;

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

struct Site {
  fs::path dir;     // holds all of it
  fs::path root;    // the web root: dir/dist
  fs::path secret;  // dir/secret.txt, outside the root
  fs::path db;      // dir/store.db, the store of the server, outside the root
};

Site make_site() {
  Site s;
  s.db = temp_db("store");
  s.dir = fs::path(s.db).parent_path();
  s.root = s.dir / "dist";
  s.secret = s.dir / "secret.txt";
  write(s.root / "index.html", "<!doctype html>PAGE");
  write(s.root / "assets/app-1a2b.js", "ASSET");
  write(s.secret, "TOP-SECRET");
  return s;
}

// The answer to GET `target`; status 0 if the connection closed without one.
HttpResult get(int port, const std::string& target) {
  try {
    return http(port, "GET", target);
  } catch (const std::exception&) {
    return HttpResult{};
  }
}

// Whether `body` holds anything of a file that is not the client's.
bool leaks(const std::string& body) {
  for (const char* mark : {"TOP-SECRET", "SQLite format", "root:", "sqlite:", "--store"})
    if (body.find(mark) != std::string::npos) return true;
  return false;
}

// Every traversal form: encoded and doubled slashes, `..` in every encoding
// (overlong UTF-8 included), backslashes, NUL, absolute paths, `.` segments,
// the names of the store and of /proc, a long target. Each answers 404.
std::vector<std::string> traversal_targets(const Site& s) {
  const std::string secret = s.secret.string();  // absolute: "/tmp/..."
  const std::string db = s.db.string();
  std::vector<std::string> t = {
      "//etc/passwd",
      "/" + secret,
      "/" + db,
      "/" + db + "-wal",
      "//proc/self/cmdline",
      "//proc/self/environ",
      "/proc/self/cmdline",
      "/etc/passwd",
      "/store.db",
      "/secret.txt",
      "/../secret.txt",
      "/../store.db",
      "/assets/../../secret.txt",
      "/..%2fsecret.txt",
      "/..%2f..%2fetc/passwd",
      "/%2e%2e/secret.txt",
      "/%2e%2e%2fsecret.txt",
      "/%2e%2e/",
      "/%2E%2E/%2E%2E/etc/passwd",
      "/%252e%252e/secret.txt",
      "/assets/..%5c..",
      "/assets/..%5c..%5csecret.txt",
      "/..\\secret.txt",
      "/assets\\..\\..\\secret.txt",
      "/\\etc\\passwd",
      "/%c0%ae%c0%ae/secret.txt",
      "/%c0%ae%c0%ae%c0%afsecret.txt",
      "/%e0%80%ae%e0%80%ae/secret.txt",
      "/\xc0\xae\xc0\xae/secret.txt",
      "/index.html%00",
      "/%00/etc/passwd",
      "/./index.html",
      "/assets/./app-1a2b.js",
      "/assets//app-1a2b.js",
      "/.%2fsecret.txt",
      "/%2fetc%2fpasswd",
      "/nothing-here",
      "http://127.0.0.1/etc/passwd",
      "/" + std::string(4000, 'a'),
      "/" +
          [] {
            std::string up;
            for (int i = 0; i < 40; ++i) up += "../";
            return up;
          }() +
          "etc/passwd",
  };
  return t;
}

TEST(WebRoot, NoRequestTargetReachesAFileOutsideTheTable) {
  const Site site = make_site();
  ServerProcess server(site.db.string(), "--web-root " + site.root.string());
  const int port = server.port();
  // The client's own files still answer, the page for its routes.
  EXPECT_EQ(get(port, "/").body, "<!doctype html>PAGE");
  EXPECT_EQ(get(port, "/t/abc123?watch=1").body, "<!doctype html>PAGE");
  EXPECT_EQ(get(port, "/assets/app-1a2b.js").body, "ASSET");
  for (const std::string& target : traversal_targets(site)) {
    const HttpResult r = get(port, target);
    EXPECT_EQ(r.status, 404) << target;
    EXPECT_FALSE(leaks(r.body)) << target << " -> " << r.body.substr(0, 200);
    if (r.status == 404) {
      EXPECT_EQ(std::string(r.json().at("error").at("code").as_string()), "not_found") << target;
    }
  }
  // A raw NUL is not a target at all: the request is refused unread and the
  // connection closed, with nothing of any file.
  const HttpResult nul = get(port, std::string("/secret.txt\0/x", 14));
  EXPECT_FALSE(leaks(nul.body));
  EXPECT_NE(nul.status, 200);
  EXPECT_EQ(get(port, "/healthz").status, 200);
  fs::remove_all(site.dir);
}

// The table is read at start: a file put into the root afterwards is not
// served until the next start.
TEST(WebRoot, AFileAddedAfterTheStartWaitsForARestart) {
  const Site site = make_site();
  {
    ServerProcess server(site.db.string(), "--web-root " + site.root.string());
    write(site.root / "assets/later-9.js", "LATER");
    EXPECT_EQ(get(server.port(), "/assets/later-9.js").status, 404);
  }
  ServerProcess again(site.db.string(), "--web-root " + site.root.string());
  EXPECT_EQ(get(again.port(), "/assets/later-9.js").body, "LATER");
  fs::remove_all(site.dir);
}

// A link inside the root to a file outside it is not followed (nor is any
// link): the file is not in the table.
TEST(WebRoot, ALinkOutOfTheRootIsNotServed) {
  const Site site = make_site();
  fs::create_symlink(site.secret, site.root / "assets/secret.js");
  fs::create_directory_symlink(site.dir, site.root / "up");
  ServerProcess server(site.db.string(), "--web-root " + site.root.string());
  for (const char* target : {"/assets/secret.js", "/up/secret.txt", "/up/store.db"}) {
    const HttpResult r = get(server.port(), target);
    EXPECT_EQ(r.status, 404) << target;
    EXPECT_FALSE(leaks(r.body)) << target;
  }
  fs::remove_all(site.dir);
}

}  // namespace
}  // namespace ft::test
