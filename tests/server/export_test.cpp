// Export through the real server (docs/protocol.md 2.13): a player's 1,000
// games as NDJSON, streamed a store page at a time, with its filters; one
// game as its rules record or JSON.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <sstream>

#include "store/ids.h"
#include "store/store.h"
#include "support/test_client.h"

namespace ft::test {
namespace {

namespace json = boost::json;
using namespace std::chrono;

constexpr int MATCHES = 100;
constexpr int GAMES_PER_MATCH = 10;  // 1,000 games
constexpr std::int64_t HOUR_MS = 3600LL * 1000;
// 2026-11-01T00:00Z; match k ends 6 h after match k-1, so the games span 25 days.
const std::int64_t BASE_MS =
    duration_cast<milliseconds>(sys_days{year{2026} / November / 1}.time_since_epoch()).count();

struct Seeded {
  std::int64_t ann = 0;
  std::int64_t bob = 0;
  std::string first_table;
};

// Writes the games straight into the store before the server starts: playing
// 1,000 games through the server would test the play, not the export. Even
// matches are classic, odd ones popout; each game's record names it.
Seeded seed(const std::string& db) {
  auto st = store::open_store("sqlite:" + db);
  Seeded s;
  s.ann = st->create_player("ann-token", "Ann", BASE_MS).id;
  s.bob = st->create_player("bob-token", "Bob", BASE_MS).id;
  store::Store::Write write = [&s](store::Store& w) {
    for (int k = 0; k < MATCHES; ++k) {
      const std::string variant = k % 2 == 0 ? "classic" : "popout";
      const std::string id = "exp" + std::to_string(1000 + k);
      if (k == 0) s.first_table = id;
      const std::int64_t at = BASE_MS + k * 6 * HOUR_MS;
      w.create_table({id, "{}", variant, true, true, store::TableStatus::finished, {}, at, at});
      const store::MatchId m =
          w.create_match({id, "match", variant, true, 1, {"{}", {0, 0}, at}, at});
      for (int g = 1; g <= GAMES_PER_MATCH; ++g) {
        w.start_game({m, g, variant, "", false, "", "", at, 0});
        w.finish_game(m, g, "1-0", "record of " + id + " game " + std::to_string(g), at + g * 1000,
                      std::nullopt);
      }
      w.finish_match(m, {"10:0",
                         {"{}", {0, 0}, at},
                         at + GAMES_PER_MATCH * 1000,
                         {{s.ann, 0, 10, 0, 0}, {s.bob, 1, 0, 0, 0}},
                         {}});
    }
  };
  auto errors = st->write_batch(std::span(&write, 1));
  if (errors.front()) std::rethrow_exception(errors.front());
  return s;
}

// A GET read off a raw socket, so the test sees the chunks as sent.
struct RawAnswer {
  std::string head;                 // status line and headers
  std::vector<std::string> chunks;  // the chunked body's chunks, in order
  bool complete = false;            // the final zero-length chunk arrived
};

RawAnswer raw_get(int port, const std::string& target) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0)
    throw std::runtime_error("connect failed");
  const std::string req = "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
                          "Cookie: ft_guest=ann-token\r\nConnection: close\r\n\r\n";
  if (::write(fd, req.data(), req.size()) != static_cast<ssize_t>(req.size()))
    throw std::runtime_error("write failed");
  std::string all;
  char buf[65536];
  for (ssize_t n; (n = ::read(fd, buf, sizeof buf)) > 0;) all.append(buf, std::size_t(n));
  ::close(fd);
  RawAnswer a;
  const auto end = all.find("\r\n\r\n");
  if (end == std::string::npos) throw std::runtime_error("no header end");
  a.head = all.substr(0, end + 2);
  std::size_t at = end + 4;
  while (at < all.size()) {
    const auto eol = all.find("\r\n", at);
    const std::size_t size = std::stoul(all.substr(at, eol - at), nullptr, 16);
    if (size == 0) {
      a.complete = true;
      break;
    }
    a.chunks.push_back(all.substr(eol + 2, size));
    at = eol + 2 + size + 2;
  }
  return a;
}

std::vector<json::object> lines_of(const std::string& body) {
  std::vector<json::object> out;
  std::istringstream in(body);
  for (std::string line; std::getline(in, line);) out.push_back(json::parse(line).as_object());
  return out;
}

class Export : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    db_ = new std::string(temp_db("export"));
    seeded_ = new Seeded(seed(*db_));
    server_ = new ServerProcess(*db_);
  }
  static void TearDownTestSuite() {
    delete server_;
    delete seeded_;
    delete db_;
  }
  static int port() { return server_->port(); }
  static std::string games_of(std::int64_t player) {
    return "/api/players/p_" + std::to_string(player) + "/games";
  }
  static std::string* db_;
  static Seeded* seeded_;
  static ServerProcess* server_;
};
std::string* Export::db_ = nullptr;
Seeded* Export::seeded_ = nullptr;
ServerProcess* Export::server_ = nullptr;

// The server writes the export as it reads it: chunked, one chunk per store
// page of at most 100 games, never a Content-Length (which would need the
// whole body first).
TEST_F(Export, ThousandGamesStreamInPagesOfAtMostOneHundred) {
  RawAnswer a = raw_get(port(), games_of(seeded_->ann));
  EXPECT_NE(a.head.find("HTTP/1.1 200"), std::string::npos) << a.head;
  EXPECT_NE(a.head.find("Transfer-Encoding: chunked"), std::string::npos) << a.head;
  EXPECT_EQ(a.head.find("Content-Length"), std::string::npos) << a.head;
  EXPECT_NE(a.head.find("Content-Type: application/x-ndjson"), std::string::npos) << a.head;
  EXPECT_TRUE(a.complete);
  ASSERT_EQ(a.chunks.size(), 10u);
  std::string body;
  for (const auto& c : a.chunks) {
    const auto lines = std::count(c.begin(), c.end(), '\n');
    EXPECT_LE(lines, 100);
    EXPECT_GT(lines, 0);
    EXPECT_EQ(c.back(), '\n');  // a chunk never splits a line
    body += c;
  }
  const auto games = lines_of(body);
  ASSERT_EQ(games.size(), 1000u);
  // In finish order, every game once, with its record and people.
  for (std::size_t i = 0; i < games.size(); ++i) {
    const int k = static_cast<int>(i) / GAMES_PER_MATCH;
    const int g = static_cast<int>(i) % GAMES_PER_MATCH + 1;
    const std::string table = "exp" + std::to_string(1000 + k);
    const json::object& o = games[i];
    ASSERT_EQ(o.at("id").as_string(), table + "-" + std::to_string(g)) << i;
    EXPECT_EQ(o.at("record").as_string(), "record of " + table + " game " + std::to_string(g));
    EXPECT_EQ(o.at("variant").as_string(), k % 2 == 0 ? "classic" : "popout");
    EXPECT_EQ(o.at("finished_at").as_int64(), BASE_MS + k * 6 * HOUR_MS + g * 1000);
  }
  const json::array& players = games[0].at("players").as_array();
  ASSERT_EQ(players.size(), 2u);
  EXPECT_EQ(players[0].at("name").as_string(), "Ann");
  EXPECT_EQ(players[1].at("id").as_string(), "p_" + std::to_string(seeded_->bob));
  EXPECT_EQ(players[1].at("seat").as_int64(), 1);
  EXPECT_EQ(games[0].at("game").as_string(), "four");
  EXPECT_EQ(games[0].at("rated").as_bool(), true);

  // The opponent's export holds the same games.
  HttpResult bob = http(port(), "GET", games_of(seeded_->bob));
  EXPECT_EQ(lines_of(bob.body).size(), 1000u);
}

TEST_F(Export, FiltersByPoolAndDate) {
  HttpResult popout = http(port(), "GET", games_of(seeded_->ann) + "?pool=popout");
  ASSERT_EQ(popout.status, 200) << popout.body;
  const auto p = lines_of(popout.body);
  ASSERT_EQ(p.size(), 500u);
  for (const auto& o : p) EXPECT_EQ(o.at("variant").as_string(), "popout");

  // Matches k = 4..7 end on 2026-11-02 (hours 24, 30, 36, 42), 8..11 on the 3rd.
  HttpResult day =
      http(port(), "GET", games_of(seeded_->ann) + "?since=2026-11-02&until=2026-11-02");
  ASSERT_EQ(day.status, 200) << day.body;
  const auto d = lines_of(day.body);
  ASSERT_EQ(d.size(), 40u);
  EXPECT_EQ(d.front().at("table").as_string(), "exp1004");
  EXPECT_EQ(d.back().at("table").as_string(), "exp1007");
  HttpResult both = http(
      port(), "GET", games_of(seeded_->ann) + "?pool=classic&since=2026-11-02&until=2026-11-03");
  const auto b = lines_of(both.body);
  ASSERT_EQ(b.size(), 40u);  // k = 4, 6, 8, 10
  for (const auto& o : b) EXPECT_EQ(o.at("variant").as_string(), "classic");
  HttpResult none = http(port(), "GET", games_of(seeded_->ann) + "?since=2027-01-01");
  EXPECT_EQ(none.status, 200);
  EXPECT_EQ(none.body, "");
}

TEST_F(Export, BadFiltersGetSpecificErrors) {
  const std::string base = games_of(seeded_->ann);
  for (const std::string query :
       {"?pool=nosuch", "?since=2026-13-01", "?until=yesterday",
        "?since=2026-11-05&until=2026-11-01", "?colour=red", "?since=%zz"}) {
    HttpResult r = http(port(), "GET", base + query);
    EXPECT_EQ(r.status, 400) << query;
    EXPECT_EQ(r.json().at("error").at("code").as_string(), "bad_filter") << query << r.body;
  }
  EXPECT_EQ(http(port(), "GET", "/api/players/p_999999/games").status, 404);
  EXPECT_EQ(http(port(), "GET", "/api/players/nobody/games").status, 404);
}

TEST_F(Export, OneGameAsRulesRecordOrJson) {
  const std::string id = seeded_->first_table + "-3";
  HttpResult text = http(port(), "GET", "/api/games/" + id + "?format=text");
  ASSERT_EQ(text.status, 200) << text.body;
  EXPECT_EQ(text.content_type, "text/plain; charset=utf-8");
  EXPECT_EQ(text.body, "record of " + seeded_->first_table + " game 3");
  EXPECT_EQ(text.header("content-disposition"), "attachment; filename=\"" + id + ".txt\"");
  HttpResult js = http(port(), "GET", "/api/games/" + id + "?format=json");
  ASSERT_EQ(js.status, 200) << js.body;
  EXPECT_EQ(js.json().at("record").as_string(), text.body);
  EXPECT_EQ(js.header("content-disposition"), "attachment; filename=\"" + id + ".json\"");
  // Without a format the answer is the API's JSON, not a download.
  HttpResult plain = http(port(), "GET", "/api/games/" + id);
  EXPECT_EQ(plain.json().at("id").as_string(), id);
  EXPECT_EQ(plain.header("content-disposition"), "");
  for (const std::string bad : {"?format=pgn", "?form=text", "?format=text&x=1"}) {
    HttpResult r = http(port(), "GET", "/api/games/" + id + bad);
    EXPECT_EQ(r.status, 400) << bad;
    EXPECT_EQ(r.json().at("error").at("code").as_string(), "bad_format") << bad;
  }
  EXPECT_EQ(http(port(), "GET", "/api/games/" + id + ".txt?format=json").status, 400);
}

}  // namespace
}  // namespace ft::test
