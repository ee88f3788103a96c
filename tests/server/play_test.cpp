// Integration tests of the server: the real `fourtable serve` on a free port,
// driven by real WebSocket clients (support/test_client.h).
#include <gtest/gtest.h>

#include <thread>

#include "engine/fair_setup.h"
#include "engine/solver/solver.h"
#include "store/store.h"
#include "support/table_helpers.h"
#include "support/test_client.h"

namespace ft::test {
namespace {

namespace json = boost::json;

TEST(Serve, HealthzAndGuestCookie) {
  ServerProcess server(temp_db("health"));
  HttpResult h = http(server.port(), "GET", "/healthz");
  EXPECT_EQ(h.status, 200);
  EXPECT_EQ(str(h.json().at("status")), "ok");
  EXPECT_TRUE(h.set_cookie.empty()) << "healthz must not create guests";

  HttpResult me = http(server.port(), "GET", "/api/me");
  EXPECT_EQ(me.status, 200);
  EXPECT_GE(me.set_cookie.size(), 22u) << "at least 128 bits of base64url";
  HttpResult again = http(server.port(), "GET", "/api/me", {}, me.set_cookie);
  EXPECT_EQ(again.json().at("id"), me.json().at("id"));
  EXPECT_TRUE(again.set_cookie.empty());

  HttpResult renamed = http(server.port(), "POST", "/api/me", R"({"name":"Ada"})", me.set_cookie);
  EXPECT_EQ(renamed.status, 200);
  EXPECT_EQ(str(http(server.port(), "GET", "/api/me", {}, me.set_cookie).json().at("name")), "Ada");
  HttpResult bad = http(server.port(), "POST", "/api/me", R"({"name":""})", me.set_cookie);
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(str(bad.json().at("error").at("code")), "bad_name");

  HttpResult metrics = http(server.port(), "GET", "/metrics");
  EXPECT_EQ(metrics.status, 200);
  EXPECT_NE(metrics.body.find("ft_ws_connections"), std::string::npos);
  EXPECT_NE(metrics.body.find("ft_move_latency_seconds_bucket"), std::string::npos);
  EXPECT_NE(metrics.body.find("ft_engine_perfect_fallbacks_total 0"), std::string::npos);
}

TEST(Serve, CreateTableChecksEverySetting) {
  ServerProcess server(temp_db("settings"));
  Guest a = new_guest(server.port());
  const std::vector<std::pair<std::string, std::string>> bad = {
      {R"({"variant":"classic"})", "'game' is required"},
      {R"({"game":"four","width":12})", "'width' must be in 4..10"},
      {R"({"game":"four","variant":"nope"})", "unknown variant"},
      {R"({"game":"four","format":"single","rated":true})", "never rated"},
      {R"({"game":"four","opponent":{"kind":"computer","level":9}})", "level"},
      {R"({"game":"four","visibility":"secret"})", "visibility"},
      {R"({"game":"four","clock":{"kind":"fischer","bank_ms":5}})", "bank_ms"},
      {"not json", "JSON object"},
  };
  for (const auto& [body, words] : bad) {
    HttpResult r = http(server.port(), "POST", "/api/tables", body, a.cookie);
    EXPECT_EQ(r.status, 400) << body;
    EXPECT_NE(r.body.find(words), std::string::npos) << body << " -> " << r.body;
  }
  HttpResult ok = http(server.port(), "POST", "/api/tables",
                       R"({"game":"four","variant":"popout","width":8,"height":7,"format":"match",
                           "clock":{"kind":"per_move","move_ms":20000},"rated":false,
                           "visibility":"link","opponent":{"kind":"person"}})",
                       a.cookie);
  ASSERT_EQ(ok.status, 201) << ok.body;
  const json::value body = ok.json();
  const auto& s = body.at("settings").as_object();
  EXPECT_EQ(s.at("width").as_int64(), 8);
  EXPECT_EQ(str(s.at("clock").at("kind")), "per_move");
  EXPECT_EQ(str(s.at("visibility")), "link");
  const std::string id = str(ok.json().at("id"));
  EXPECT_EQ(http(server.port(), "GET", "/api/tables/" + id, {}, a.cookie).status, 200);
  // Link-only tables stay out of the lobby; open ones are listed.
  std::string open = create_table(server.port(), a, R"({"game":"four"})");
  const std::string lobby = http(server.port(), "GET", "/api/lobby", {}, a.cookie).body;
  EXPECT_EQ(lobby.find(id), std::string::npos);
  EXPECT_NE(lobby.find(open), std::string::npos);
  // Its seats both taken (the creator has not opened it yet, so it still
  // waits), it is no longer open to anyone: out of the list.
  Guest b = new_guest(server.port());
  Player pb = join(server.port(), b, open);
  EXPECT_EQ(pb.seat, 1);
  EXPECT_EQ(str(pb.state.at("table").at("status")), "waiting");
  const std::string full = http(server.port(), "GET", "/api/lobby", {}, a.cookie).body;
  EXPECT_EQ(full.find(open), std::string::npos) << full;
}

// RULES.md A3, A5: a rated two-game match to 1½:½ (a win, then a draw on a
// 4x4 board), with both ratings updated and the profile and records served.
TEST(Serve, RatedMatchToOneAndAHalf) {
  ServerProcess server(temp_db("rated"));
  const int port = server.port();
  Guest a = new_guest(port);
  Guest b = new_guest(port);
  const std::string table =
      create_table(port, a, R"({"game":"four","width":4,"height":4,"rated":true})");
  Player pa = join(port, a, table);
  EXPECT_EQ(pa.seat, 0);
  Player pb = join(port, b, table);
  EXPECT_EQ(pb.seat, 1);
  // The table was full: game 1 starts; seat 0 is red and moves first.
  json::object started = pa.ws->expect("event", "game_started");
  EXPECT_EQ(started.at("event").at("game").at("legal").as_array().size(), 4u);
  int counter = 0;
  json::object last = play({&pa, &pb}, 0, {"a", "b", "a", "b", "a", "b", "a"}, counter);
  json::object over = pa.ws->expect("event", "game_over");
  EXPECT_EQ(str(over.at("event").at("outcome").at("reason")), "line");
  EXPECT_EQ(over.at("event").at("outcome").at("winner_seats").as_array().at(0).as_int64(), 0);
  pb.ws->expect("event", "game_over");
  // Ready for the next game (RULES.md A3): both must press it.
  pa.ws->send(R"({"type":"ready"})");
  pa.ws->expect("event", "ready");
  pb.ws->send(R"({"type":"ready"})");
  json::object g2 = pb.ws->expect("event", "game_started");
  // Game 2: colours and first move swap.
  EXPECT_EQ(g2.at("event").at("game").at("to_move").at("seat").as_int64(), 1);
  EXPECT_EQ(g2.at("event").at("game").at("sides").as_array().at(1).as_int64(), 0);
  const std::vector<std::string> draw = {"a", "a", "a", "a", "b", "b", "b", "b",
                                         "c", "c", "c", "d", "d", "d", "c", "d"};
  play({&pa, &pb}, 1, draw, counter);
  json::object over2 = pa.ws->expect("event", "game_over");
  EXPECT_EQ(str(over2.at("event").at("outcome").at("status")), "draw");
  json::object result = pa.ws->expect("event", "match_over");
  const auto& ev = result.at("event").as_object();
  EXPECT_EQ(ev.at("score").as_array().at(0).to_number<double>(), 1.5);
  EXPECT_EQ(ev.at("score").as_array().at(1).to_number<double>(), 0.5);
  EXPECT_EQ(str(ev.at("results").as_array().at(0)), "win");
  const auto& ratings = ev.at("ratings").as_array();
  ASSERT_EQ(ratings.size(), 2u);
  EXPECT_GT(ratings[0].at("after").to_number<double>(),
            ratings[0].at("before").to_number<double>());
  EXPECT_LT(ratings[1].at("after").to_number<double>(),
            ratings[1].at("before").to_number<double>());
  // The example of protocol.md 2.6 and 5.5 is this match: two new players, 1½:½.
  // Glicko-2 gives 1620.8 (RD 396.7) and 1379.2; answers carry whole points.
  EXPECT_EQ(ratings[0].at("after").as_int64(), 1621);
  EXPECT_EQ(ratings[0].at("rd_after").as_int64(), 397);
  EXPECT_EQ(ratings[1].at("after").as_int64(), 1379);
  pb.ws->expect("event", "match_over");

  // The profile shows the new rating and the finished match.
  json::value profile = http(port, "GET", "/api/players/" + a.id, {}, a.cookie).json();
  ASSERT_EQ(profile.at("ratings").as_array().size(), 1u);
  EXPECT_EQ(str(profile.at("ratings").as_array()[0].at("pool")), "classic");
  EXPECT_GT(profile.at("ratings").as_array()[0].at("rating").to_number<double>(), 1500.0);
  ASSERT_EQ(profile.at("matches").as_array().size(), 1u);
  EXPECT_EQ(str(profile.at("matches").as_array()[0].at("result")), "win");
  EXPECT_EQ(profile.at("matches").as_array()[0].at("games").as_array().size(), 2u);
  // A finished game's record in the text format of rules (RULES.md A1).
  HttpResult record = http(port, "GET", "/api/games/" + table + "-1", {}, a.cookie);
  ASSERT_EQ(record.status, 200) << record.body;
  EXPECT_EQ(str(record.json().at("record")).substr(0, 12), "1. \xE2\x97\x8F a\n2. ");
  EXPECT_EQ(record.json().at("moves").as_array().size(), 7u);
  EXPECT_EQ(http(port, "GET", "/api/games/" + table + "-2.txt", {}, a.cookie).body.substr(0, 6),
            "1. \xE2\x97\x8F");
  EXPECT_EQ(http(port, "GET", "/api/games/" + table + "-3", {}, a.cookie).status, 404);
}

// A spectator sees every move; a player who drops out and comes back with
// its last version gets exactly the events it missed (protocol.md 4.1).
TEST(Serve, SpectatorAndReconnectCatchUp) {
  ServerProcess server(temp_db("watch"));
  const int port = server.port();
  Guest a = new_guest(port);
  Guest b = new_guest(port);
  Guest c = new_guest(port);
  const std::string table = create_table(port, a, R"({"game":"four"})");
  Player pa = join(port, a, table);
  Player pb = join(port, b, table);
  Player watcher = join(port, c, table);  // seats are full: watches
  EXPECT_EQ(watcher.seat, -1);
  // B's hello started the game: A sees the event, B and the watcher a state with it.
  pa.ws->expect("event", "game_started");
  int counter = 0;
  std::vector<std::string> seen;
  play({&pa, &pb}, 0, {"d", "d", "c"}, counter);
  for (int i = 0; i < 3; ++i)
    seen.push_back(str(watcher.ws->expect("event", "moved").at("event").at("move")));
  EXPECT_EQ(seen, (std::vector<std::string>{"d", "d", "c"}));

  // A spectator cannot move.
  watcher.ws->send(R"({"type":"move","id":"w1","move":"a"})");
  EXPECT_EQ(str(watcher.ws->expect("error").at("code")), "not_seated");

  // B leaves; A cannot move out of turn; B comes back with its version.
  const std::int64_t b_version = pb.version;
  pb.ws->close();
  pa.ws->send(R"({"type":"move","id":"x1","move":"a"})");
  EXPECT_EQ(str(pa.ws->expect("error").at("code")), "not_your_turn");
  WsClient back(port, b.cookie);
  back.expect("welcome");
  back.send(json::object{{"type", "hello"}, {"table", table}, {"since", b_version}});
  // Nothing was missed yet: no state, no events; B moves, then A moves while B is away again.
  back.send(R"({"type":"move","id":"b9","move":"e"})");
  json::object ack = back.expect("ack");
  EXPECT_EQ(ack.at("version").as_int64(), b_version + 1);
  const std::int64_t before_gap = back.expect("event", "moved").at("version").as_int64();
  back.close();
  pa.ws->expect("event", "moved");
  pa.ws->send(R"({"type":"move","id":"a9","move":"f"})");
  pa.ws->expect("ack");
  WsClient again(port, b.cookie);
  again.expect("welcome");
  again.send(json::object{{"type", "hello"}, {"table", table}, {"since", before_gap}});
  json::object missed = again.recv_until(
      [](const json::object& f) { return f.at("type") == "event" || f.at("type") == "state"; });
  EXPECT_EQ(str(missed.at("type")), "event") << "catch-up must be events, not a full state";
  EXPECT_EQ(missed.at("version").as_int64(), before_gap + 1);
  EXPECT_EQ(str(missed.at("event").at("move")), "f");
  // Spectators saw those moves too, in order.
  EXPECT_EQ(str(watcher.ws->expect("event", "moved").at("event").at("move")), "e");
  EXPECT_EQ(str(watcher.ws->expect("event", "moved").at("event").at("move")), "f");
  // A hello with an unknown old version gets the full state.
  WsClient fresh(port, b.cookie);
  fresh.expect("welcome");
  fresh.send(json::object{{"type", "hello"}, {"table", table}, {"since", 100000}});
  json::object state = fresh.expect("state");
  EXPECT_EQ(state.at("game").at("moves").as_array().size(), 5u);
}

// The creator plays `variant` on 5x4 against computers at `level` in every
// other seat (a computer seat for each) through a whole,
// unrated match of `games` games, answering legal[0] whenever it is its turn;
// the engine answers on its worker thread. `level`: 1..7 or "perfect" as
// the settings write it. The game's record (protocol.md 2.7) names each
// seat's computer as the table summary does.
void match_against_computers(const std::string& variant, std::size_t seats, int games,
                             const std::string& level) {
  ServerProcess server(temp_db("computers-" + variant));
  const int port = server.port();
  Guest a = new_guest(port);
  const std::string table = create_table(
      port, a,
      R"({"game":"four","variant":")" + variant +
          R"(","width":5,"height":4,"opponent":{"kind":"computer","level":)" + level + "}}");
  Player pa = join(port, a, table);
  EXPECT_EQ(pa.seat, 0);
  // The creator's hello filled the table: the state already holds game 1.
  ASSERT_FALSE(pa.state.at("game").is_null()) << "the computers and the creator fill the table";
  EXPECT_EQ(to_move_of(pa.state), 0);
  const auto& seat_list = pa.state.at("table").at("seats").as_array();
  ASSERT_EQ(seat_list.size(), seats);
  for (std::size_t i = 1; i < seats; ++i) EXPECT_TRUE(seat_list[i].at("computer").is_object());
  int over = 0, counter = 0, computer_moves = 0;
  auto move_if_mine = [&](const json::object& state, const json::value& version) {
    if (to_move_of(state) != pa.seat) return;
    const auto& legal = state.at("game").at("legal").as_array();
    ASSERT_FALSE(legal.empty());
    pa.ws->send(json::object{{"type", "move"},
                             {"id", "h" + std::to_string(++counter)},
                             {"move", legal[0]},
                             {"version", version}});
  };
  move_if_mine(pa.state, pa.state.at("version"));
  for (int guard = 0; guard < 400; ++guard) {
    json::object f = pa.ws->recv(10000ms);
    if (f.at("type") != "event") continue;
    const auto& ev = f.at("event").as_object();
    const std::string kind = str(ev.at("kind"));
    if (kind == "match_over") {
      EXPECT_EQ(over, games);
      EXPECT_GT(computer_moves, 2 * games);
      EXPECT_EQ(ev.at("ratings").as_array().size(), 0u) << "computer games are unrated";
      const json::value game = http(port, "GET", "/api/games/" + table + "-1").json();
      const auto& players = game.at("players").as_array();
      ASSERT_EQ(players.size(), seats) << json::serialize(game);
      for (std::size_t i = 0; i < seats; ++i)
        EXPECT_EQ(players[i].at("computer"), seat_list[i].at("computer")) << "seat " << i;
      return;
    }
    if (kind == "game_over") {
      if (++over < games) pa.ws->send(R"({"type":"ready"})");
      continue;
    }
    if (kind == "moved" && ev.at("seat").as_int64() != pa.seat) ++computer_moves;
    if (kind != "game_started" && kind != "moved") continue;
    move_if_mine(ev, f.at("version"));
  }
  FAIL() << variant << ": the match against the computers did not end";
}

// RULES.md A3 against the computer: two games, colours swapped.
TEST(Serve, MatchAgainstTheComputer) {
  match_against_computers("classic", 2, 2, "1");
}

// The perfect level is "perfect" in the summary and in the game's record.
TEST(Serve, MatchAgainstThePerfectComputer) {
  match_against_computers("classic", 2, 2, R"("perfect")");
}

// RULES.md A10: three players, two computers, a match of three games.
TEST(Serve, ThreePlayersAgainstTwoComputers) {
  match_against_computers("three-players", 3, 3, "2");
}

// RULES.md A11: two vs two; the creator's team-mate and both opponents are
// computers, a match of two games.
TEST(Serve, TwoVsTwoWithThreeComputers) {
  match_against_computers("two-vs-two", 4, 2, "2");
}

// RULES.md A9: a drawn opening is vetted by the engine on a
// worker thread before the match starts, and the board the players get leaves
// neither side a forced win within the policy's horizon.
TEST(Serve, DrawnOpeningsAreVettedBeforeTheMatchStarts) {
  ServerProcess server(temp_db("drawn"));
  const int port = server.port();
  Guest a = new_guest(port);
  const engine::solver::OpeningPolicy policy = engine::table_opening_policy();
  for (int t = 0; t < 3; ++t) {
    const std::string table =
        create_table(port, a,
                     R"({"game":"four","variant":"drawn-opening","opening_plies":4,)"
                     R"("opponent":{"kind":"computer","level":1}})");
    Player pa = join(port, a, table);
    json::object game =
        pa.state.at("game").is_null()
            ? pa.ws->expect("event", "game_started").at("event").at("game").as_object()
            : pa.state.at("game").as_object();
    // Rebuild the solver's position from the rows (top row first): red moves
    // after an even number of opening plies.
    engine::solver::Problem p;
    const auto& rows = game.at("board").as_array();
    ASSERT_EQ(rows.size(), 6u);
    for (std::size_t r = 0; r < rows.size(); ++r) {
      const std::string row(rows[r].as_string());
      const int y = int(rows.size() - 1 - r);
      for (int x = 0; x < int(row.size()); ++x) {
        const rules::Bits bit = rules::Bits{1} << (x * 7 + y);
        if (row[std::size_t(x)] == 'R') p.mover |= bit;
        if (row[std::size_t(x)] == 'Y') p.other |= bit;
      }
    }
    ASSERT_EQ(p.discs(), 4);
    engine::solver::TranspositionTable tt(std::size_t{8} << 20);
    engine::solver::Solver solver(tt);
    engine::solver::Limits limits;
    limits.max_nodes = policy.max_nodes;
    const int early = (42 + 1 - (4 + policy.early_plies - 1)) / 2;
    EXPECT_NE(solver.score_at_least(p, early, limits), std::optional<bool>(true)) << table;
    EXPECT_NE(solver.score_at_most(p, -early, limits), std::optional<bool>(true)) << table;
  }
}

// One twiceFour round as the table's frames showed it: who moved first, and
// the board and round of its last frame.
struct SeenRound {
  std::int64_t first_side = -1;
  json::value board;
  json::value round;
  std::size_t moves = 0;
};

// protocol.md 2.16: the game page's replay of each round equals what the
// table showed: the first mover (round 2's is the other piece, RULES.md B6),
// the last board and the round's counted lines and points; 2.7 names the
// players' computers as the summary does.
void expect_replays_as_seen(int port, const std::string& table,
                            const std::vector<SeenRound>& seen) {
  for (std::size_t i = 0; i < seen.size(); ++i) {
    const std::string id = table + "-" + std::to_string(i + 1);
    HttpResult r = http(port, "GET", "/api/games/" + id + "/analysis");
    ASSERT_EQ(r.status, 200) << r.body;
    const json::object a = r.json().as_object();
    EXPECT_TRUE(a.contains("unsupported")) << id;
    const json::array& boards = a.at("boards").as_array();
    const json::array& movers = a.at("movers").as_array();
    ASSERT_EQ(boards.size(), seen[i].moves + 1) << id;
    ASSERT_EQ(movers.size(), seen[i].moves) << id;
    EXPECT_EQ(movers.at(0).as_int64(), seen[i].first_side) << id;
    for (std::size_t k = 1; k < movers.size(); ++k)
      EXPECT_NE(movers[k], movers[k - 1]) << id << " move " << k + 1;
    EXPECT_EQ(boards.back(), seen[i].board) << id;
    EXPECT_EQ(a.at("round"), seen[i].round) << id;
  }
  EXPECT_NE(seen.at(0).first_side, seen.at(1).first_side);
}

// RULES.md B2, B6: a twiceFour match between two people, to its end.
TEST(Serve, TwiceFourMatch) {
  // The test plays far faster than a person: lift the per-socket frame rate.
  ServerProcess server(temp_db("twicefour"), "--ws-rate 1000");
  const int port = server.port();
  Guest a = new_guest(port);
  Guest b = new_guest(port);
  const std::string table = create_table(port, a, R"({"game":"twicefour"})");
  Player pa = join(port, a, table);
  Player pb = join(port, b, table);
  pa.ws->send(R"({"type":"choose_piece","piece":"cross"})");
  pb.ws->send(R"({"type":"choose_piece","piece":"circle"})");
  json::object chosen = pa.ws->expect("event", "pieces_chosen");
  EXPECT_EQ(chosen.at("event").at("sides").as_array().at(0).as_int64(), 0);
  std::vector<Player*> players = {&pa, &pb};
  int counter = 0;
  int rounds = 0;
  std::vector<SeenRound> seen;
  for (int guard = 0; guard < 2000; ++guard) {
    json::object f = pa.ws->recv(10000ms);
    ASSERT_NE(str(f.at("type")), "error") << json::serialize(f);
    if (f.at("type") != "event") continue;
    const auto& ev = f.at("event").as_object();
    const std::string kind = str(ev.at("kind"));
    if (kind == "match_over") {
      EXPECT_GE(rounds, 2);
      EXPECT_EQ(str(ev.at("reason")), "completed");
      expect_replays_as_seen(port, table, seen);
      return;
    }
    if (kind == "game_over") {
      ++rounds;
      pa.ws->send(R"({"type":"ready"})");
      pb.ws->send(R"({"type":"ready"})");
      continue;
    }
    if (kind == "game_started")
      seen.push_back({ev.at("game").at("to_move").at("side").as_int64(), {}, {}, 0});
    if (kind == "moved") {
      seen.back().board = ev.at("game").at("board");
      seen.back().round = ev.at("game").at("round");
      ++seen.back().moves;
    }
    if (kind != "game_started" && kind != "moved") continue;
    const int seat = to_move_of(ev);
    if (seat < 0) continue;
    const auto& legal = ev.at("game").at("legal").as_array();
    ASSERT_FALSE(legal.empty());
    // Vary the choice a little so that rounds end by points or limits alike.
    const auto& mv = legal[std::size_t(counter * 7) % legal.size()];
    players[std::size_t(seat)]->ws->send(
        json::object{{"type", "move"}, {"id", "t" + std::to_string(++counter)}, {"move", mv}});
    // B's socket is read up to its ack, so its frames do not pile up (the
    // server closes a socket whose reader falls 256 frames behind).
    if (seat == pb.seat) pb.ws->expect("ack");
  }
  FAIL() << "the twiceFour match did not end";
}

// Durability: after SIGKILL and a restart the table comes back where it
// was, no acknowledged move is lost, and the downtime is charged to nobody.
TEST(Serve, SurvivesSigkillMidMatch) {
  const std::string db = temp_db("kill");
  auto server = std::make_unique<ServerProcess>(db);
  int port = server->port();
  Guest a = new_guest(port);
  Guest b = new_guest(port);
  const std::string table = create_table(port, a, R"({"game":"four","width":4,"height":4})");
  std::int64_t remaining_before = 0;
  std::int64_t version = 0;
  {
    Player pa = join(port, a, table);
    Player pb = join(port, b, table);
    pa.ws->expect("event", "game_started");
    int counter = 0;
    json::object last = play({&pa, &pb}, 0, {"a", "b", "a"}, counter);
    remaining_before = last.at("event").at("clocks").at("remaining_ms").as_array().at(1).as_int64();
    version = last.at("version").as_int64();
    server->kill9();
  }
  std::this_thread::sleep_for(1500ms);
  server = std::make_unique<ServerProcess>(db);
  port = server->port();
  Player pa = join(port, a, table);
  Player pb = join(port, b, table);
  WsClient probe(port, b.cookie);
  probe.expect("welcome");
  probe.send(json::object{{"type", "hello"}, {"table", table}, {"since", version}});
  // Same version as before the kill: nothing to catch up, and nothing lost.
  EXPECT_EQ(pb.version, version);
  EXPECT_EQ(pb.seat, 1);
  WsClient state_probe(port, b.cookie);
  state_probe.expect("welcome");
  state_probe.send(json::object{{"type", "hello"}, {"table", table}, {"since", 0}});
  json::object state = state_probe.expect("state");
  EXPECT_EQ(state.at("game").at("moves").as_array().size(), 3u);
  const std::int64_t remaining_after =
      state.at("clocks").at("remaining_ms").as_array().at(1).as_int64();
  // B was to move when the server died; the 1.5 s of downtime is not charged.
  EXPECT_GT(remaining_after, remaining_before - 1000);
  int counter = 100;
  play({&pa, &pb}, 1, {"b", "a", "b", "a"}, counter);
  json::object over = pa.ws->expect("event", "game_over");
  EXPECT_EQ(str(over.at("event").at("outcome").at("reason")), "line");
  // All seven moves of game 1 are in the store's record.
  pa.ws->send(R"({"type":"ready"})");
  pb.ws->send(R"({"type":"ready"})");
  pa.ws->expect("event", "game_started");
  HttpResult record = http(port, "GET", "/api/games/" + table + "-1", {}, a.cookie);
  ASSERT_EQ(record.status, 200) << record.body;
  EXPECT_EQ(record.json().at("moves").as_array().size(), 7u);
  state_probe.close();
  probe.close();
}

std::int64_t tables_in_memory(int port, const std::string& status) {
  const std::string body = http(port, "GET", "/metrics").body;
  const std::string key = "ft_tables{status=\"" + status + "\"} ";
  const auto at = body.find(key);
  return at == std::string::npos ? -1 : std::stoll(body.substr(at + key.size()));
}

// A finished table leaves memory a while after its match when nobody watches
// it, and the store serves it again: its summary, its game record and its
// state, also after a restart.
TEST(Serve, FinishedTableIsServedFromTheStoreAfterLeavingMemoryAndAfterARestart) {
  const std::string db = temp_db("finished");
  auto server = std::make_unique<ServerProcess>(db, "--keep-finished 1");
  int port = server->port();
  Guest a = new_guest(port);
  Guest b = new_guest(port);
  const std::string table =
      create_table(port, a, R"({"game":"four","width":4,"height":4,"format":"single"})");
  json::object ended;
  {
    Player pa = join(port, a, table);
    Player pb = join(port, b, table);
    pa.ws->expect("event", "game_started");
    int counter = 0;
    play({&pa, &pb}, 0, {"a", "b", "a", "b", "a", "b", "a"}, counter);
    ended = pa.ws->expect("event", "match_over");
  }
  // Both sockets closed: the finished table goes after ~1 s (swept each second).
  bool dropped = false;
  for (int i = 0; i < 100 && !dropped; ++i) {
    std::this_thread::sleep_for(100ms);
    dropped = tables_in_memory(port, "finished") == 0;
  }
  EXPECT_TRUE(dropped) << "the finished table stayed in memory";
  auto check_served = [&](int p) {
    HttpResult summary = http(p, "GET", "/api/tables/" + table, {}, a.cookie);
    ASSERT_EQ(summary.status, 200) << summary.body;
    EXPECT_EQ(str(summary.json().at("status")), "finished");
    HttpResult game = http(p, "GET", "/api/games/" + table + "-1", {}, a.cookie);
    ASSERT_EQ(game.status, 200) << game.body;
    EXPECT_EQ(game.json().at("moves").as_array().size(), 7u);
    EXPECT_EQ(str(game.json().at("outcome").at("reason")), "line");
    WsClient watcher(p, b.cookie);
    watcher.expect("welcome");
    watcher.send(json::object{{"type", "hello"}, {"table", table}, {"since", 0}});
    json::object state = watcher.expect("state");
    EXPECT_TRUE(state.at("match").at("over").as_bool());
    // Shown as it ended, the match_over body included.
    EXPECT_EQ(state.at("match").at("result"), ended.at("event"));
    EXPECT_EQ(state.at("version"), ended.at("version"));
    watcher.close();
  };
  check_served(port);
  EXPECT_EQ(server->terminate(), 0);
  server = std::make_unique<ServerProcess>(db);
  port = server->port();
  EXPECT_EQ(tables_in_memory(port, "finished"), 0);  // not restored at start
  check_served(port);
}

// A clean shutdown under load: SIGTERM while every table has a move in
// flight. The server lets its store writes finish and exits 0, and every move
// it acknowledged is in the store. (It used to abort in its teardown: rooms
// outlived the network's io_context and wrote to freed sockets.)
TEST(Serve, SigtermUnderLoadExitsZeroWithEveryAcknowledgedMoveStored) {
  const std::string db = temp_db("term");
  auto server = std::make_unique<ServerProcess>(db);
  const int port = server->port();
  constexpr int TABLES = 24;
  struct Table {
    std::string id;
    Player players[2];
    int to_move = 0;
    json::array legal;
    int acked = 0;
    bool over = false;
  };
  std::vector<Table> tables(TABLES);
  for (auto& t : tables) {
    Guest a = new_guest(port);
    Guest b = new_guest(port);
    t.id = create_table(port, a, R"({"game":"four","format":"single"})");
    t.players[0] = join(port, a, t.id);
    t.players[1] = join(port, b, t.id);
    json::object started = t.players[0].ws->expect("event", "game_started");
    t.legal = started.at("event").at("game").at("legal").as_array();
    t.to_move = to_move_of(started.at("event").as_object());
  }
  int counter = 0;
  // Sends one move at every running table without waiting.
  auto send_round = [&] {
    for (auto& t : tables) {
      if (t.over || t.to_move < 0 || t.legal.empty()) continue;
      Player& mover = t.players[t.players[0].seat == t.to_move ? 0 : 1];
      const auto& mv = t.legal[std::size_t(counter * 7 + 3) % t.legal.size()];
      mover.ws->send(
          json::object{{"type", "move"}, {"id", "s" + std::to_string(++counter)}, {"move", mv}});
    }
  };
  // Reads each mover's answer; true if it was an ack.
  auto read_round = [&](std::chrono::milliseconds timeout) {
    for (auto& t : tables) {
      if (t.over || t.to_move < 0 || t.legal.empty()) continue;
      Player& mover = t.players[t.players[0].seat == t.to_move ? 0 : 1];
      json::object answer;
      try {
        answer = mover.ws->recv_until(
            [](const json::object& f) { return f.at("type") == "ack" || f.at("type") == "error"; },
            timeout);
      } catch (const std::exception&) {
        t.over = true;  // closed by the shutdown before an answer
        continue;
      }
      ASSERT_EQ(str(answer.at("type")), "ack") << json::serialize(answer);
      ++t.acked;
      json::object moved;
      try {
        moved = mover.ws->expect("event", "moved", timeout);
      } catch (const std::exception&) {
        t.over = true;  // the shutdown closed the socket after the ack
        continue;
      }
      const auto& game = moved.at("event").at("game").as_object();
      t.legal = game.at("legal").as_array();
      t.to_move = to_move_of(moved.at("event").as_object());
      if (!game.at("outcome").is_null()) t.over = true;
    }
  };
  for (int round = 0; round < 5; ++round) {
    send_round();
    read_round(10000ms);
  }
  send_round();
  server->send_term();
  read_round(5000ms);
  EXPECT_EQ(server->wait(), 0) << "see " << server->log_path();

  auto store = store::open_store("sqlite:" + db);
  int acked = 0;
  for (const auto& t : tables) {
    const auto matches = store->matches_of_table(t.id);
    ASSERT_EQ(matches.size(), 1u) << t.id;
    const auto stored = store->moves_of_game(matches[0].id, 1).size();
    // Acknowledged moves are durable; a move made durable while the
    // shutdown closed the socket may lack its ack.
    EXPECT_GE(stored, std::size_t(t.acked)) << t.id;
    EXPECT_LE(stored, std::size_t(t.acked) + 1) << t.id;
    acked += t.acked;
  }
  EXPECT_GT(acked, TABLES * 4);
}

}  // namespace
}  // namespace ft::test
