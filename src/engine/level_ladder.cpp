#include "engine/level_ladder.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>

#include "engine/computer.h"
#include "rules/setup_draw.h"

namespace ft::engine {

namespace {

using Clock = std::chrono::steady_clock;

struct MatchResult {
  int games = 0, upper_wins = 0, draws = 0, upper_losses = 0;
  double points = 0, possible = 0, upper_match = 0, lower_match = 0;
  std::vector<std::pair<int, double>> times;  // (level, ms)
  std::string error;
};

std::uint64_t mix(std::uint64_t a, std::uint64_t b) {
  rules::SeededRandom r(a * 0x9e3779b97f4a7c15ULL ^ (b + 0x632be59bd9b4e019ULL));
  return r.next();
}

// One match between `upper` and `lower`; the same opening for every game.
MatchResult play_match(const LadderConfig& cfg, int lower, int upper, std::uint64_t match_seed) {
  MatchResult res;
  auto opening_state = cfg.new_game(match_seed);
  if (!opening_state) {
    res.error = "the game factory made no game";
    return res;
  }
  rules::SeededRandom rng(match_seed);
  for (int i = 0; i < cfg.opening_plies; ++i) {
    const auto moves = opening_state->legal_moves();
    if (moves.empty()) break;
    // A random move that does not end the game, if there is one.
    std::vector<std::string> quiet;
    for (const auto& m : moves) {
      auto probe = opening_state->clone();
      auto r = probe->play(m);
      if (r.ok() && !r->over()) quiet.push_back(m);
    }
    if (quiet.empty()) break;
    (void)opening_state->play(quiet[rng.below(static_cast<int>(quiet.size()))]);
  }
  const int sides = opening_state->sides();
  const int games = sides == 3 ? 3 : 2;
  for (int g = 0; g < games; ++g) {
    // The higher level's side in this game: each side once (RULES.md A3, A10).
    const int upper_side = g;
    auto state = opening_state->clone();
    int plies = 0;
    while (!state->outcome().over() && plies < cfg.max_plies) {
      const int side = state->side_to_move();
      ComputerRequest req;
      req.level = side == upper_side ? upper : lower;
      req.seed = mix(match_seed, static_cast<std::uint64_t>(g * 7919 + side));
      if (auto it = cfg.settings.find(req.level); it != cfg.settings.end())
        req.settings = it->second;
      req.budget = cfg.budget;
      const auto t0 = Clock::now();
      const ComputerMove m = choose_move(*state, req);
      res.times.emplace_back(req.level,
                             std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
      if (!m.error.empty()) {
        res.error = "level " + std::to_string(req.level) + ": " + m.error;
        return res;
      }
      auto played = state->play(m.move);
      if (!played.ok()) {
        res.error = "level " + std::to_string(req.level) + " chose an illegal move " + m.move +
                    ": " + played.error().message;
        return res;
      }
      ++plies;
    }
    const rules::Outcome& o = state->outcome();
    ++res.games;
    double game_points;
    if (o.status == rules::Status::win && o.winner == upper_side) {
      ++res.upper_wins;
      game_points = sides - 1;  // beats every opponent
    } else if (o.status == rules::Status::win) {
      ++res.upper_losses;
      // Loses to the winner; level with any other loser (RULES.md A5 pairwise).
      game_points = 0.5 * (sides - 2);
    } else {
      ++res.draws;
      game_points = 0.5 * (sides - 1);
    }
    res.points += game_points;
    res.possible += sides - 1;
    if (sides == 2) {
      res.upper_match += game_points;
      res.lower_match += 1 - game_points;
    }
  }
  return res;
}

}  // namespace

double LevelTimes::median() const {
  if (ms.empty()) return 0;
  std::vector<double> v = ms;
  std::nth_element(v.begin(), v.begin() + static_cast<long>(v.size() / 2), v.end());
  return v[v.size() / 2];
}

double LevelTimes::max() const {
  return ms.empty() ? 0 : *std::max_element(ms.begin(), ms.end());
}

namespace {

PairResult sum_pair(const LadderConfig& cfg, const std::vector<MatchResult>& results, int p,
                    std::map<int, LevelTimes>* times, std::string* error) {
  PairResult pr;
  pr.lower = cfg.level_from + p;
  pr.upper = pr.lower + 1;
  for (int m = 0; m < cfg.matches; ++m) {
    const MatchResult& r = results[static_cast<std::size_t>(p * cfg.matches + m)];
    if (!r.error.empty() && error != nullptr && error->empty()) *error = r.error;
    if (r.games == 0) continue;
    ++pr.matches;
    pr.games += r.games;
    pr.upper_wins += r.upper_wins;
    pr.draws += r.draws;
    pr.upper_losses += r.upper_losses;
    pr.points += r.points;
    pr.possible += r.possible;
    if (r.games == 2) {  // match points only mean something with two sides
      if (r.upper_match > r.lower_match)
        ++pr.match_wins;
      else if (r.upper_match < r.lower_match)
        ++pr.match_losses;
      else
        ++pr.match_draws;
    }
    if (times != nullptr) {
      for (const auto& [level, ms] : r.times) (*times)[level].ms.push_back(ms);
    }
  }
  return pr;
}

}  // namespace

LadderResult run_ladder(const LadderConfig& cfg, const PairDone& on_pair_done) {
  LadderResult out;
  const int pairs = cfg.level_to - cfg.level_from;
  if (pairs < 1 || cfg.matches < 1) return out;
  const int tasks = pairs * cfg.matches;
  std::vector<MatchResult> results(static_cast<std::size_t>(tasks));
  std::atomic<int> next{0};
  std::atomic<bool> failed{false};
  std::vector<std::atomic<int>> left(static_cast<std::size_t>(pairs));
  for (auto& l : left) l = cfg.matches;
  std::mutex report;
  auto worker = [&] {
    for (int t = next++; t < tasks && !failed; t = next++) {
      const int pair = t / cfg.matches;
      const int match = t % cfg.matches;
      const int lower = cfg.level_from + pair;
      // The same openings for every pair: pairs differ only by their levels.
      results[static_cast<std::size_t>(t)] =
          play_match(cfg, lower, lower + 1, mix(cfg.seed, static_cast<std::uint64_t>(match)));
      if (!results[static_cast<std::size_t>(t)].error.empty()) failed = true;
      if (--left[static_cast<std::size_t>(pair)] == 0 && on_pair_done && !failed) {
        std::lock_guard lock(report);
        on_pair_done(sum_pair(cfg, results, pair, nullptr, nullptr));
      }
    }
  };
  std::vector<std::thread> threads;
  for (int i = 1; i < std::max(1, cfg.threads); ++i) threads.emplace_back(worker);
  worker();
  for (auto& th : threads) th.join();

  for (int p = 0; p < pairs; ++p)
    out.pairs.push_back(sum_pair(cfg, results, p, &out.times, &out.error));
  return out;
}

}  // namespace ft::engine
