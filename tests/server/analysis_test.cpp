// The exact analysis through the real server (docs/protocol.md 2.16, 2.17):
// a game played at a table, then its analysis compared with what
// `fourtable solve --analyze` prints for every position; "not solved" when
// the budget is too short; the stored analysis served again after a restart;
// the analysis board's answers, errors and rate limit.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <thread>

#include "rules/four_game.h"
#include "rules/setup_draw.h"
#include "support/table_helpers.h"
#include "support/test_client.h"

namespace ft::test {
namespace {

namespace json = boost::json;

// A legal game of `width` x `height` classic played to its end by a seeded
// random choice among the legal moves (a test replays the same game).
std::vector<std::string> random_game(int width, int height, std::uint64_t seed) {
  rules::VariantOptions vo;
  vo.width = width;
  vo.height = height;
  auto game = rules::FourGame::create(*rules::make_variant("classic", vo));
  rules::SeededRandom rng(seed);
  while (!game->outcome().over()) {
    const auto legal = game->legal_moves();
    game.value().play(std::string_view(legal[rng.below(int(legal.size()))]));
  }
  return game->moves();
}

// "d" -> "4": the solve command's column digits.
std::string digits(const std::vector<std::string>& moves, std::size_t n) {
  std::string out;
  for (std::size_t i = 0; i < n; ++i) out += char('1' + (moves[i][0] - 'a'));
  return out;
}

// `fourtable solve --analyze <args>` on each line of `positions`: the scores
// per column ("-" for a full one), by position.
std::map<std::string, std::vector<std::string>> solve_analyze(
    const std::vector<std::string>& positions, const std::string& args) {
  const std::string input = temp_db("positions") + ".txt";
  {
    std::ofstream f(input);
    for (const auto& p : positions) f << p << "\n";
  }
  const std::string cmd =
      std::string(FT_FOURTABLE_BIN) + " solve --analyze " + args + " < " + input;
  FILE* pipe = popen(cmd.c_str(), "r");
  EXPECT_NE(pipe, nullptr);
  std::map<std::string, std::vector<std::string>> out;
  char line[512];
  while (pipe != nullptr && std::fgets(line, sizeof line, pipe) != nullptr) {
    std::istringstream words(line);
    // The empty board prints an empty position: the line starts with a space.
    std::string pos;
    if (line[0] != ' ') words >> pos;
    std::vector<std::string> scores;
    for (std::string s; words >> s;) scores.push_back(s);
    out[pos] = scores;
  }
  if (pipe != nullptr) {
    EXPECT_EQ(pclose(pipe), 0);
  }
  std::remove(input.c_str());
  return out;
}

// Plays `moves` at a new single-game table of `settings` between two guests
// (their ids in `ids` when given).
std::string play_game(int port, const std::string& settings, const std::vector<std::string>& moves,
                      std::vector<std::string>* ids = nullptr) {
  Duel d = duel(port, settings);
  if (ids != nullptr) *ids = {d.a.id, d.b.id};
  int counter = 0;
  play({&d.pa, &d.pb}, 0, moves, counter);
  d.pa.ws->expect("event", "game_over");
  return d.table + "-1";
}

// Polls the game's analysis until it is done (or `wait` passes).
json::object analysis_when_done(int port, const std::string& game, std::chrono::seconds wait) {
  const auto until = std::chrono::steady_clock::now() + wait;
  json::object a;
  do {
    HttpResult r = http(port, "GET", "/api/games/" + game + "/analysis");
    EXPECT_EQ(r.status, 200) << r.body;
    a = r.json().as_object();
    if (str(a.at("status")) == "done") return a;
    std::this_thread::sleep_for(200ms);
  } while (std::chrono::steady_clock::now() < until);
  ADD_FAILURE() << "the analysis of " << game << " was not done in time: " << json::serialize(a);
  return a;
}

TEST(Analysis, EqualsSolveAnalyzeOnEveryPlyAndIsStored) {
  const std::string db = temp_db("analysis");
  const std::vector<std::string> moves = random_game(6, 5, 7);
  ASSERT_GE(moves.size(), 7u);
  std::string game;
  json::object first;
  std::vector<std::string> people;
  json::object profile;
  {
    ServerProcess server(db, "--analysis-budget 600000");
    game = play_game(server.port(), R"({"game":"four","width":6,"height":5,"format":"single"})",
                     moves, &people);
    first = analysis_when_done(server.port(), game, 300s);
    profile = http(server.port(), "GET", "/api/players/" + people[0]).json().as_object();
  }
  ASSERT_EQ(str(first.at("scores")), "exact");
  const json::array& positions = first.at("positions").as_array();
  ASSERT_EQ(positions.size(), moves.size());  // the last move made the line
  std::vector<std::string> prefixes;
  for (std::size_t i = 0; i < moves.size(); ++i) prefixes.push_back(digits(moves, i));
  auto expected = solve_analyze(prefixes, "--width 6 --height 5");
  int compared = 0;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const json::object& p = positions[i].as_object();
    ASSERT_EQ(p.at("ply").as_int64(), std::int64_t(i));
    ASSERT_EQ(str(p.at("state")), "solved") << "ply " << i;
    EXPECT_EQ(str(p.at("played")), moves[i]);
    const auto& want = expected.at(prefixes[i]);
    ASSERT_EQ(want.size(), 6u) << "ply " << i;
    std::size_t legal = 0;
    for (const auto& s : want) legal += s != "-";
    const json::array& got = p.at("moves").as_array();
    EXPECT_EQ(got.size(), legal) << "ply " << i;
    for (const json::value& m : got) {
      const std::string move = str(m.at("move"));
      EXPECT_EQ(std::to_string(m.at("score").as_int64()), want[std::size_t(move[0] - 'a')])
          << "ply " << i << " move " << move;
      ++compared;
    }
  }
  EXPECT_GT(compared, int(moves.size()));
  // A random game has moves that throw a result away; each is marked and counted.
  std::int64_t marked = 0;
  for (const json::value& p : positions) marked += p.as_object().contains("mistake");
  std::int64_t counted = 0;
  for (const json::value& n : first.at("mistakes_by_seat").as_array()) counted += n.as_int64();
  EXPECT_EQ(first.at("mistakes").as_array().size(), std::size_t(marked));
  EXPECT_EQ(counted, marked);

  // Accuracy (protocol.md 2.16) from the same scores of `fourtable solve
  // --analyze`: per move whether it kept the mover's result, whether some
  // move would have lost it, and what it gave away; per seat the sums.
  auto sign = [](int v) { return (v > 0) - (v < 0); };
  std::map<std::int64_t, std::array<std::int64_t, 3>> seats;  // decisive, kept, mistakes
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const json::object& p = positions[i].as_object();
    int best = -1000;
    int worst = 1000;
    int mine = 0;
    const auto& want = expected.at(prefixes[i]);
    for (std::size_t c = 0; c < want.size(); ++c) {
      if (want[c] == "-") continue;
      const int s = std::stoi(want[c]);
      best = std::max(best, s);
      worst = std::min(worst, s);
      if (moves[i][0] - 'a' == int(c)) mine = s;
    }
    const bool kept = sign(mine) == sign(best);
    const bool decisive = sign(worst) < sign(best);
    EXPECT_EQ(p.at("kept").as_bool(), kept) << "ply " << i;
    EXPECT_EQ(p.at("decisive").as_bool(), decisive) << "ply " << i;
    if (kept) {
      EXPECT_EQ(p.at("given").as_int64(), best - mine) << "ply " << i;
    } else {
      EXPECT_FALSE(p.contains("given")) << "ply " << i;
    }
    auto& s = seats[p.at("seat").as_int64()];
    s[0] += decisive;
    s[1] += decisive && kept;
    s[2] += !kept;
  }
  const json::array& accuracy = first.at("accuracy").as_array();
  ASSERT_EQ(accuracy.size(), seats.size());
  for (const json::value& v : accuracy) {
    const json::object& a = v.as_object();
    const auto& want = seats.at(a.at("seat").as_int64());
    EXPECT_EQ(a.at("decisive").as_int64(), want[0]);
    EXPECT_EQ(a.at("kept").as_int64(), want[1]);
    EXPECT_EQ(a.at("mistakes").as_int64(), want[2]);
    if (want[0] > 0) {
      EXPECT_DOUBLE_EQ(a.at("accuracy").as_double(), double(want[1]) / double(want[0]));
    } else {
      EXPECT_TRUE(a.at("accuracy").is_null());
    }
  }
  // The first player's profile sums the game's line of its seat.
  const std::int64_t seat = profile.at("matches").at(0).at("seat").as_int64();
  const json::array& per_variant = profile.at("accuracy").as_array();
  ASSERT_EQ(per_variant.size(), 1u) << json::serialize(profile);
  EXPECT_EQ(str(per_variant[0].at("variant")), "classic");
  EXPECT_EQ(per_variant[0].at("games").as_int64(), 1);
  EXPECT_EQ(per_variant[0].at("decisive").as_int64(), seats.at(seat)[0]);
  EXPECT_EQ(per_variant[0].at("kept").as_int64(), seats.at(seat)[1]);
  EXPECT_EQ(per_variant[0].at("mistakes").as_int64(), seats.at(seat)[2]);

  // After a restart the stored analysis answers at once, as computed.
  ServerProcess again(db, "--analysis-budget 600000");
  HttpResult r = http(again.port(), "GET", "/api/games/" + game + "/analysis");
  ASSERT_EQ(r.status, 200);
  json::object stored = r.json().as_object();
  EXPECT_EQ(str(stored.at("status")), "done");
  EXPECT_EQ(stored.at("computed_at"), first.at("computed_at"));
  EXPECT_EQ(stored.at("positions"), first.at("positions"));
}

TEST(Analysis, PositionsBeyondTheBudgetAreNotSolved) {
  ServerProcess server(temp_db("analysis_budget"), "--analysis-budget 1");
  const std::vector<std::string> moves = random_game(7, 6, 11);
  ASSERT_GE(moves.size(), 7u);
  const std::string game = play_game(server.port(), R"({"game":"four","format":"single"})", moves);
  json::object a = analysis_when_done(server.port(), game, 120s);
  const json::array& positions = a.at("positions").as_array();
  ASSERT_EQ(positions.size(), moves.size());
  // Up to 7 discs every child is in the opening book (data/book, every
  // position to 8 discs): those are solved at any budget, with no search.
  for (std::size_t i = 0; i < std::min<std::size_t>(8, positions.size()); ++i)
    EXPECT_EQ(str(positions[i].at("state")), "solved") << "ply " << i;
  // Beyond the book a search is needed, and in a millisecond the middle
  // game's do not finish: those are marked, with no scores and no mistake.
  std::string states;
  int not_solved = 0;
  for (const json::value& p : positions) {
    states += str(p.at("state")) + " ";
    not_solved += str(p.at("state")) == "not_solved";
  }
  EXPECT_GT(not_solved, 0) << states;
  for (const json::value& p : positions) {
    if (str(p.at("state")) != "solved") {
      EXPECT_FALSE(p.as_object().contains("moves"));
      EXPECT_FALSE(p.as_object().contains("mistake"));
    }
  }
}

// The server reads the opening book when it starts and says how many
// positions it holds; a book it cannot read is named in its log, and it
// serves without one.
TEST(Analysis, ServerSaysWhichBookItRead) {
  std::smatch m;
  {
    ServerProcess server(temp_db("book_banner"));
    ASSERT_TRUE(std::regex_search(server.banner(), m, std::regex(R"(book ([0-9]+) positions)")))
        << server.banner();
    EXPECT_GT(std::stoul(m[1]), 100000u) << "the repository's book holds every 0-8 disc position";
  }
  ASSERT_EQ(setenv("FOURTABLE_BOOK", "/nonexistent/classic.book", 1), 0);
  ServerProcess server(temp_db("book_missing"));
  unsetenv("FOURTABLE_BOOK");
  EXPECT_NE(server.banner().find("book 0 positions"), std::string::npos) << server.banner();
  std::ifstream log(server.log_path());
  const std::string text((std::istreambuf_iterator<char>(log)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("no opening book (cannot read the book /nonexistent/classic.book)"),
            std::string::npos)
      << text;
  EXPECT_EQ(http(server.port(), "GET", "/api/me").status, 200);  // and it serves
}

TEST(Analysis, UnknownGamesAreNotFound) {
  ServerProcess server(temp_db("analysis_404"));
  EXPECT_EQ(http(server.port(), "GET", "/api/games/nosuchtable-1/analysis").status, 404);
  EXPECT_EQ(http(server.port(), "GET", "/api/games/x/analysis").status, 404);
}

TEST(AnalysisBoard, ScoresEqualSolveAndBadInputIsRefused) {
  ServerProcess server(temp_db("board"));
  const int port = server.port();
  Guest g = new_guest(port);
  HttpResult r = http(port, "POST", "/api/analysis",
                      R"({"game":"four","width":5,"height":4,"moves":["c","c","b"]})", g.cookie);
  ASSERT_EQ(r.status, 200) << r.body;
  json::object a = r.json().as_object();
  EXPECT_EQ(a.at("ply").as_int64(), 3);
  EXPECT_EQ(a.at("to_move").as_int64(), 1);
  ASSERT_EQ(str(a.at("analysis").at("state")), "solved");
  auto want = solve_analyze({"332"}, "--width 5 --height 4").at("332");
  for (const json::value& m : a.at("analysis").at("moves").as_array())
    EXPECT_EQ(std::to_string(m.at("score").as_int64()),
              want[std::size_t(str(m.at("move"))[0] - 'a')]);

  auto refused = [&](const std::string& body, int status, const std::string& code) {
    HttpResult e = http(port, "POST", "/api/analysis", body, g.cookie);
    EXPECT_EQ(e.status, status) << body << " -> " << e.body;
    if (e.status >= 400) {
      EXPECT_EQ(str(e.json().at("error").at("code")), code) << body;
    }
  };
  refused(R"({"game":"four","width":5,"height":4,"moves":["c","z"]})", 400, "bad_moves");
  refused(R"({"game":"four","width":5,"height":4})", 400, "bad_moves");
  refused(R"({"game":"four","variant":"nosuch","moves":[]})", 400, "bad_settings");
  refused(R"({"game":"twicefour","moves":[]})", 400, "bad_settings");
  refused("[1]", 400, "bad_json");
  // A finished position: its result, no search.
  HttpResult over = http(
      port, "POST", "/api/analysis",
      R"({"game":"four","width":4,"height":4,"moves":["a","b","a","b","a","b","a"]})", g.cookie);
  ASSERT_EQ(over.status, 200) << over.body;
  EXPECT_TRUE(over.json().at("over").as_bool());
  EXPECT_EQ(over.json().at("winner").as_int64(), 0);
}

TEST(AnalysisBoard, IsRateLimitedPerPlayer) {
  ServerProcess server(temp_db("board_rate"));
  const int port = server.port();
  Guest g = new_guest(port);
  Guest other = new_guest(port);
  const std::string body = R"({"game":"four","width":4,"height":4,"moves":["a"]})";
  int ok = 0;
  int limited = 0;
  for (int i = 0; i < 31; ++i) {
    const int status = http(port, "POST", "/api/analysis", body, g.cookie).status;
    ok += status == 200;
    limited += status == 429;
  }
  EXPECT_EQ(ok, 30);
  EXPECT_EQ(limited, 1);
  EXPECT_EQ(http(port, "POST", "/api/analysis", body, other.cookie).status, 200);
}

}  // namespace
}  // namespace ft::test
