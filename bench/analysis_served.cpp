// The analysis's aim (protocol.md 2.16) measured through a real server: the
// analysis of a 7x6 classic game is complete within 60 s of the game's end
// for games of 20+ plies after ply 8. Starts `fourtable serve` (its default
// analysis budget unless --serve-args says otherwise), has two guests play
// a game of 20+ plies between two computer levels (computer_game.h) over
// WebSocket, and from the `game_over` event polls
// GET /api/games/<id>/analysis every 100 ms, printing
// for every ply its state, the solver's time and when it was first seen done
// (seconds after the game's end); then when every ply from 8 on was done and
// when the whole analysis was stored.
//
//   analysis_served [--levels A,B] [--seed S] [--serve-args "..."] [--wait-s N]
#include <boost/json.hpp>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "computer_game.h"
#include "support/table_helpers.h"
#include "support/test_client.h"

namespace {

using namespace ft;
namespace json = boost::json;
using Clock = std::chrono::steady_clock;

struct Args {
  int level_a = 5;
  int level_b = 6;
  std::uint64_t seed = 1;
  std::string serve_args;
  int wait_s = 300;
};

Args parse(int argc, char** argv) {
  Args a;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string k = argv[i];
    const char* v = argv[i + 1];
    if (k == "--seed") a.seed = std::strtoull(v, nullptr, 10);
    if (k == "--levels") std::sscanf(v, "%d,%d", &a.level_a, &a.level_b);
    if (k == "--serve-args") a.serve_args = v;
    if (k == "--wait-s") a.wait_s = std::atoi(v);
  }
  return a;
}

constexpr int FIRST_MEASURED_PLY = 8;

}  // namespace

int main(int argc, char** argv) {
  const Args a = parse(argc, argv);
  std::vector<server::PlayedMove> game;
  std::uint64_t seed = a.seed;
  for (; seed < a.seed + 1000; ++seed) {
    game = bench::computer_game(a.level_a, a.level_b, seed);
    if (game.size() >= 20) break;
  }
  std::vector<std::string> moves;
  std::string line;
  for (const auto& m : game) {
    moves.push_back(m.move);
    line += m.move;
  }
  std::printf("# levels %d vs %d, seed %llu: %zu plies %s\n", a.level_a, a.level_b,
              static_cast<unsigned long long>(seed), moves.size(), line.c_str());

  test::ServerProcess server(test::temp_db("analysis_served"), a.serve_args);
  const int port = server.port();
  test::Duel d = test::duel(port, R"({"game":"four","format":"single"})");
  int counter = 0;
  test::play({&d.pa, &d.pb}, 0, moves, counter);
  d.pa.ws->expect("event", "game_over");
  const auto end = Clock::now();
  const std::string id = d.table + "-1";
  auto since_end = [&end] { return std::chrono::duration<double>(Clock::now() - end).count(); };

  std::map<std::int64_t, double> seen_at;  // ply -> seconds after the end
  double late_done_at = -1;
  json::object last;
  while (since_end() < a.wait_s) {
    test::HttpResult r = test::http(port, "GET", "/api/games/" + id + "/analysis");
    if (r.status != 200) {
      std::printf("GET analysis: %d %s\n", r.status, r.body.c_str());
      return 1;
    }
    last = r.json().as_object();
    const double t = since_end();
    // Not before every position is listed: "running" starts with none.
    bool late_done = true;
    const json::value* ps = last.if_contains("positions");
    if (ps != nullptr && ps->as_array().size() >= moves.size()) {
      for (const json::value& p : ps->as_array()) {
        const std::int64_t ply = p.at("ply").as_int64();
        const bool pending = p.at("state").as_string() == "pending";
        if (!pending && !seen_at.count(ply)) seen_at[ply] = t;
        if (pending && ply >= FIRST_MEASURED_PLY) late_done = false;
      }
    } else {
      late_done = false;
    }
    if (late_done && late_done_at < 0) late_done_at = t;
    if (last.at("status").as_string() == "done") break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  std::printf("# ply  state       solver ms  done at (s after the game's end)\n");
  if (const json::value* ps = last.if_contains("positions")) {
    for (const json::value& p : ps->as_array()) {
      const std::int64_t ply = p.at("ply").as_int64();
      const json::value* ms = p.as_object().if_contains("ms");
      std::printf("%5lld  %-10s  %9lld  %.1f\n", static_cast<long long>(ply),
                  std::string(p.at("state").as_string()).c_str(),
                  ms ? static_cast<long long>(ms->as_int64()) : -1LL,
                  seen_at.count(ply) ? seen_at[ply] : -1.0);
    }
  }
  std::printf("# plies %d..%zu all done %.1f s after the game's end\n", FIRST_MEASURED_PLY,
              moves.size() - 1, late_done_at);
  std::printf("# status %s at %.1f s\n", std::string(last.at("status").as_string()).c_str(),
              since_end());
  return late_done_at >= 0 ? 0 : 1;
}
