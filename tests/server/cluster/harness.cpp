#include "cluster/harness.h"

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <thread>

#include "store/store.h"
#include "support/test_client.h"

namespace ft::test::cluster {
namespace {

int failure_count = 0;

}  // namespace

void check(bool ok, const std::string& what) {
  if (!ok) {
    ++failure_count;
    std::cout << "FAIL: " << what << std::endl;
  }
}

int failures() {
  return failure_count;
}

void cluster(const Options& o, const std::string& args) {
  const std::string cmd = o.script + " " + args;
  std::cout << "cluster: " << args << std::endl;
  check(std::system(cmd.c_str()) == 0, cmd);
}

double ms_between(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

std::int64_t verify_store(const Options& o, const std::vector<std::unique_ptr<MatchRun>>& runs) {
  auto store = store::open_store(o.store);
  std::int64_t worst_elapsed = 0;
  for (const auto& r : runs) {
    const auto matches = store->matches_of_table(r->table());
    check(matches.size() == 1, r->table() + ": " + std::to_string(matches.size()) + " matches");
    if (matches.empty()) continue;
    check(matches[0].finished, r->table() + ": match not finished");
    std::size_t plies = 0;
    for (const auto& game : store->games_of_match(matches[0].id)) {
      const auto stored = store->moves_of_game(matches[0].id, game.number);
      plies += stored.size();
      for (const auto& m : stored) worst_elapsed = std::max(worst_elapsed, m.elapsed_ms);
      for (const Acked& a : r->acked()) {
        if (a.game != game.number) continue;
        const bool there = a.ply >= 1 && std::size_t(a.ply) <= stored.size() &&
                           stored[std::size_t(a.ply - 1)].move == a.move;
        check(there, r->table() + ": acknowledged move " + std::to_string(a.game) + "." +
                         std::to_string(a.ply) + " missing");
      }
    }
    check(plies == r->acked().size(), r->table() + ": " + std::to_string(plies) +
                                          " moves stored, " + std::to_string(r->acked().size()) +
                                          " acknowledged");
    for (const Guest& g : {r->a(), r->b()}) {
      const auto done = store->finished_matches(g.id, 10);
      check(done.size() == 1, r->table() + ": player " + std::to_string(g.id) + " has " +
                                  std::to_string(done.size()) + " finished matches");
      // Rated once: one match in the player's classic rating.
      const auto rating = store->find_rating(g.id, "classic");
      check(rating && rating->games == 1,
            r->table() + ": player " + std::to_string(g.id) + " rated " +
                std::to_string(rating ? rating->games : 0) + " times");
    }
  }
  // The pause between moves is o.pause_ms; an outage charged to a clock
  // would show as a turn of at least a lease.
  std::cout << "longest turn charged: " << worst_elapsed << " ms" << std::endl;
  check(worst_elapsed < o.lease_ms,
        "a turn was charged " + std::to_string(worst_elapsed) + " ms: the takeover was billed");
  return worst_elapsed;
}

std::vector<std::future<bool>> play_all(std::vector<std::unique_ptr<MatchRun>>& runs) {
  std::vector<std::future<bool>> played;
  for (auto& r : runs) played.push_back(std::async(std::launch::async, [&r] { return r->play(); }));
  const auto settle_by = Clock::now() + std::chrono::seconds(60);
  while (Clock::now() < settle_by &&
         !std::all_of(runs.begin(), runs.end(), [](const auto& r) { return r->started(); }))
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  return played;
}

std::map<std::string, double> node_metrics(int node_port) {
  std::map<std::string, double> out;
  HttpResult r = http(node_port, "GET", "/metrics");
  if (r.status != 200) return out;
  std::istringstream lines(r.body);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.empty() || line[0] == '#') continue;
    const std::size_t space = line.rfind(' ');
    if (space == std::string::npos) continue;
    out[line.substr(0, space)] = std::strtod(line.c_str() + space + 1, nullptr);
  }
  return out;
}

}  // namespace ft::test::cluster
