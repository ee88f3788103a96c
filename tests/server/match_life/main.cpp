// The model-based test of match life: random but legal
// lives of tables on the real server, each checked after every step against
// a reference made with the `match` and `rating` libraries.
//
//   match_life_test [--lives N] [--seed S] [--tables K] [--avoid FAULTS]
//   match_life_test --regressions [--avoid FAULTS]
//
// --avoid names server faults this test found that are not fixed yet (life.h,
// Avoid); the run keeps away from what shows them. Without it (the long
// mode) every action is played.
//
// One server process plays K tables at once; a life that ends makes room for
// the next. The clock, restarts and every choice come from one random
// generator seeded with S, so `--seed S --lives N --tables K` replays a run
// (the server acts only on the test's clock, never on real time).
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "match_life/life.h"

namespace ft::test::life {
namespace {

struct RunOptions {
  int lives = 200;
  std::uint64_t seed = 0;
  int tables = 6;
  Avoid avoid;
};

// A seed that once found a difference: --regressions replays each exactly
// (with the lives and tables it failed with, nothing avoided). `faults` names
// the Avoid switches of what it found; while a run avoids one of them (its
// fix has not landed on main), the case is listed as waiting, not run.
struct Regression {
  std::uint64_t seed = 0;
  int lives = 0;
  int tables = 0;
  std::string faults;
  std::string found;
};
// The cases of regressions.tsv (see there), read when --regressions runs.
std::vector<Regression> read_regressions(const std::string& path, std::string& error) {
  std::vector<Regression> out;
  std::ifstream in(path);
  if (!in) error = "cannot read " + path;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    Regression r;
    if (!(fields >> r.seed >> r.lives >> r.tables) ||
        !std::getline(fields >> std::ws, r.faults, '\t') || !std::getline(fields, r.found) ||
        r.found.empty()) {
      error = path + ":" + std::to_string(number) + ": expected seed, lives, tables, faults, found";
      return {};
    }
    out.push_back(std::move(r));
  }
  return out;
}

constexpr std::int64_t START_MS = 1'800'000'000'000;  // 2027-01-15, a fixed, readable epoch

std::int64_t clock_step(std::mt19937_64& rng) {
  const int r = std::uniform_int_distribution<int>(0, 99)(rng);
  auto between = [&](std::int64_t lo, std::int64_t hi) {
    return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng);
  };
  if (r < 60) return between(100, 3000);
  if (r < 85) return between(3000, 20000);
  if (r < 97) return between(30000, 32000);  // claims become possible
  return between(180000, 190000);            // Ready times out, banks run out
}

std::string tail(const std::string& path, std::size_t bytes) {
  std::ifstream in(path);
  std::string all((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return all.size() > bytes ? all.substr(all.size() - bytes) : all;
}

// Runs one seed; returns the number of lives with differences (or -1 if the
// run itself broke off).
int run(const RunOptions& o) {
  const auto t0 = std::chrono::steady_clock::now();
  std::printf("match_life: seed %llu, %d lives, %d tables at once, avoiding %s\n",
              static_cast<unsigned long long>(o.seed), o.lives, o.tables, o.avoid.names().c_str());
  std::fflush(stdout);
  std::mt19937_64 rng(o.seed);
  std::unique_ptr<ServerUnderTest> started_server;
  try {
    started_server = std::make_unique<ServerUnderTest>(START_MS);
  } catch (const std::exception& e) {
    std::printf("match_life: seed %llu: the server did not start: %s\n",
                static_cast<unsigned long long>(o.seed), e.what());
    return -1;
  }
  ServerUnderTest& server = *started_server;
  std::vector<std::unique_ptr<Life>> active;
  std::vector<std::unique_ptr<Life>> ended;  // checked again after the next restart
  int started = 0;
  int failed = 0;
  int finished = 0;
  long steps = 0;
  int kills = 0;
  int terms = 0;
  int moves_of_clock = 0;
  std::map<std::string, int> ends;
  std::map<std::string, int> kinds;
  auto report = [&](Life& life) {
    ++failed;
    std::printf("DIFFERENCE seed %llu (--seed %llu --lives %d --tables %d --avoid %s), %s:\n",
                static_cast<unsigned long long>(o.seed), static_cast<unsigned long long>(o.seed),
                o.lives, o.tables, o.avoid.names().c_str(), life.describe().c_str());
    for (const auto& d : life.differences()) std::printf("  %s\n", d.what.c_str());
    std::fflush(stdout);
  };
  // A life whose socket or HTTP call throws has a difference; the others go on.
  auto guard = [](Life& life, const auto& fn) {
    try {
      fn();
    } catch (const std::exception& e) {
      life.broke(e);
    }
  };
  // Lives that ended or failed leave the table set.
  auto settle = [&] {
    for (auto it = active.begin(); it != active.end();) {
      Life& life = **it;
      if (!life.failed() && life.over())
        guard(life, [&] { life.check_stored("at the end of the match"); });
      if (life.failed() || life.over()) {
        steps += life.steps();
        if (life.failed()) {
          report(life);
        } else {
          ++finished;
          ++ends[std::string(match::match_end_name(life.end()))];
        }
        life.close_sockets();
        if (!life.failed()) ended.push_back(std::move(*it));
        it = active.erase(it);
      } else {
        ++it;
      }
    }
  };
  try {
    while (started < o.lives || !active.empty()) {
      while (int(active.size()) < o.tables && started < o.lives) {
        auto life = std::make_unique<Life>(server, started++, rng(), o.avoid);
        guard(*life, [&] { life->begin(); });
        ++kinds[std::string(kind_name(life->kind()))];
        active.push_back(std::move(life));
      }
      settle();
      if (active.empty()) continue;
      const int r = std::uniform_int_distribution<int>(0, 999)(rng);
      if (!o.avoid.restarts && r < 8) {
        const bool kill9 = std::uniform_int_distribution<int>(0, 1)(rng) == 0;
        ++(kill9 ? kills : terms);
        // Half the restarts come with a move on the wire (protocol.md 4.2).
        if (std::uniform_int_distribution<int>(0, 1)(rng) == 0) {
          Life& life =
              *active[std::uniform_int_distribution<std::size_t>(0, active.size() - 1)(rng)];
          guard(life, [&] { life.send_in_flight(rng); });
        }
        server.restart(kill9);
        for (auto& life : active) guard(*life, [&] { life->restarted(rng, kill9); });
        for (auto& life : active) guard(*life, [&] { life->check(); });
        for (auto& life : ended) {
          guard(*life, [&] {
            life->check_stored(kill9 ? "after a SIGKILL restart" : "after a SIGTERM restart");
          });
          if (life->failed()) {
            --finished;
            report(*life);
          }
        }
        ended.clear();
      } else if (r < 120) {
        std::int64_t ms = clock_step(rng);
        if (o.avoid.early_ends)
          for (const auto& life : active) ms = std::min(ms, life->safe_advance());
        ++moves_of_clock;
        server.advance(ms);
        for (auto& life : active) life->time_passed(ms);
        for (auto& life : active) guard(*life, [&] { life->check(); });
      } else {
        Life& life = *active[std::uniform_int_distribution<std::size_t>(0, active.size() - 1)(rng)];
        guard(life, [&] {
          if (life.act(rng)) life.check();
        });
      }
      settle();
    }
  } catch (const std::exception& e) {
    std::printf("match_life: seed %llu: the run broke off: %s\nserver log (end):\n%s\n",
                static_cast<unsigned long long>(o.seed), e.what(),
                tail(server.log_path(), 2000).c_str());
    return -1;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::string kinds_text;
  for (const auto& [k, n] : kinds) kinds_text += " " + k + " " + std::to_string(n);
  std::string ends_text;
  for (const auto& [k, n] : ends) ends_text += " " + k + " " + std::to_string(n);
  std::printf(
      "match_life: seed %llu: %d lives (%s ), %ld steps, %d restarts (%d SIGKILL, %d SIGTERM), "
      "%d clock moves; ends:%s; %d lives with differences; %.1f s\n",
      static_cast<unsigned long long>(o.seed), started, kinds_text.c_str() + 1, steps,
      kills + terms, kills, terms, moves_of_clock, ends_text.c_str(), failed, seconds);
  std::fflush(stdout);
  return failed;
}

int usage(const char* why) {
  std::fprintf(stderr,
               "%s\nusage: match_life_test [--lives N] [--seed S] [--tables K] [--avoid FAULTS] "
               "[--regressions]\n",
               why);
  return 2;
}

}  // namespace
}  // namespace ft::test::life

int main(int argc, char** argv) {
  using namespace ft::test::life;
  RunOptions o;
  o.seed = std::random_device{}();
  o.seed = (o.seed << 32) ^
           static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
  bool regressions = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) throw std::invalid_argument(a + " needs a value");
      return argv[++i];
    };
    try {
      if (a == "--lives") {
        o.lives = std::stoi(value());
      } else if (a == "--seed") {
        o.seed = std::stoull(value());
      } else if (a == "--tables") {
        o.tables = std::stoi(value());
      } else if (a == "--avoid") {
        std::string error;
        if (!parse_avoid(value(), o.avoid, error)) return usage(error.c_str());
      } else if (a == "--regressions") {
        regressions = true;
      } else {
        return usage(("unknown option " + a).c_str());
      }
    } catch (const std::exception& e) {
      return usage(e.what());
    }
  }
  if (o.lives < 1 || o.tables < 1 || o.tables > 64) return usage("--lives >= 1, --tables 1..64");
  if (!regressions) return run(o) == 0 ? 0 : 1;
  std::string error;
  const std::vector<Regression> cases = read_regressions(FT_MATCH_LIFE_REGRESSIONS, error);
  if (!error.empty()) return usage(error.c_str());
  int bad = 0;
  int waiting = 0;
  for (const Regression& r : cases) {
    Avoid shows;
    if (!parse_avoid(r.faults, shows, error)) return usage(error.c_str());
    if (shows.overlaps(o.avoid)) {
      ++waiting;
      std::printf("regression seed %llu waits for the fix of %s: %s\n",
                  static_cast<unsigned long long>(r.seed), shows.names().c_str(), r.found.c_str());
      continue;
    }
    RunOptions ro;
    ro.seed = r.seed;
    ro.lives = r.lives;
    ro.tables = r.tables;
    std::printf("regression seed %llu once found: %s\n", static_cast<unsigned long long>(r.seed),
                r.found.c_str());
    if (run(ro) != 0) ++bad;
  }
  std::printf("regressions: %d cases, %d run, %d waiting for a fix, %d with differences\n",
              int(cases.size()), int(cases.size()) - waiting, waiting, bad);
  return bad == 0 ? 0 : 1;
}
