// The analysis queue across processes (docs/operations.md, "Analysis
// workers"): two game nodes and a separate `fourtable analysis-worker` on
// one store analyse every finished game exactly once in all, counted by
// the line each process prints as a run starts (not only by stored rows);
// a worker SIGKILLed in the middle of a game is replaced by another after
// the lease, and the game's analysis is stored once.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <thread>

#include "rules/four_game.h"
#include "rules/setup_draw.h"
#include "store/store.h"
#include "support/table_helpers.h"
#include "support/test_client.h"

extern char** environ;

namespace ft::test {
namespace {

namespace json = boost::json;

// `fourtable analysis-worker` with its output in a file; SIGTERM at the end.
class WorkerProcess {
 public:
  WorkerProcess(const std::string& db, const std::string& log, const std::string& extra,
                bool no_book = false)
      : log_(log) {
    std::vector<std::string> args = {FT_FOURTABLE_BIN, "analysis-worker", "--store",
                                     "sqlite:" + db};
    std::istringstream words(extra);
    for (std::string w; words >> w;) args.push_back(w);
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    std::vector<std::string> env_text;
    for (char** e = environ; *e != nullptr; ++e) env_text.emplace_back(*e);
    // Without the opening book every early position is a long search: a
    // worker that is surely still in the middle of its game when killed.
    if (no_book) env_text.emplace_back("FOURTABLE_BOOK=/nonexistent/book");
    std::vector<char*> envp;
    for (auto& e : env_text) envp.push_back(e.data());
    envp.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
    if (posix_spawn(&pid_, argv[0], &actions, nullptr, argv.data(), envp.data()) != 0)
      throw std::runtime_error("cannot start the analysis worker");
    posix_spawn_file_actions_destroy(&actions);
  }
  ~WorkerProcess() {
    if (pid_ > 0) {
      ::kill(pid_, SIGTERM);
      waitpid(pid_, nullptr, 0);
    }
  }
  void kill9() {
    ::kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }
  const std::string& log() const { return log_; }

 private:
  pid_t pid_ = -1;
  std::string log_;
};

std::string read_file(const std::string& path) {
  std::ifstream f(path);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

// The runs each game's analysis started, by "<table>-<number>", over logs.
std::map<std::string, int> runs(const std::vector<std::string>& logs, const char* word) {
  std::map<std::string, int> out;
  const std::regex line(std::string("analysis: game ([a-z0-9]+-[0-9]+) \\(match [0-9]+\\) ") +
                        word);
  for (const auto& path : logs) {
    const std::string text = read_file(path);
    for (auto it = std::sregex_iterator(text.begin(), text.end(), line);
         it != std::sregex_iterator(); ++it)
      ++out[(*it)[1]];
  }
  return out;
}

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

std::string play_game(int port, const std::string& settings,
                      const std::vector<std::string>& moves) {
  Duel d = duel(port, settings);
  int counter = 0;
  play({&d.pa, &d.pb}, 0, moves, counter);
  d.pa.ws->expect("event", "game_over");
  return d.table + "-1";
}

// The store's job of a game "<table>-<number>".
store::AnalysisJob job_of(store::Store& st, const std::string& game) {
  const std::size_t dash = game.rfind('-');
  const auto matches = st.matches_of_table(game.substr(0, dash));
  EXPECT_FALSE(matches.empty()) << game;
  auto job = st.find_analysis_job(matches.back().id, std::stoi(game.substr(dash + 1)));
  EXPECT_TRUE(job) << game;
  return job ? *job : store::AnalysisJob{};
}

TEST(AnalysisWorkers, TwoNodesAndAWorkerAnalyseEachOfSixtyGamesOnce) {
  const std::string db = temp_db("analysis_workers");
  constexpr int GAMES = 60;
  std::vector<std::string> games;
  {
    // Two nodes that only play: the 60 games wait in the store's queue...
    ServerProcess a(db, "--node a --bus local --analysis-workers 0");
    ServerProcess b(db, "--node b --bus local --analysis-workers 0");
    for (int i = 0; i < GAMES; ++i) {
      const int port = i % 2 == 0 ? a.port() : b.port();
      games.push_back(play_game(port, R"({"game":"four","width":6,"height":5,"format":"single"})",
                                random_game(6, 5, std::uint64_t(100 + i))));
    }
  }
  // ... and survive the nodes' restart. Now both nodes analyse, beside a
  // worker, all three on the backlog at once. Leases long against a loaded
  // machine (a low-priority thread may wait seconds for a core): here no
  // claim may run out, so a second run of a game would be a double claim.
  WorkerProcess w(db, db + ".worker.log", "--threads 1 --lease 30000");
  ServerProcess a(db, "--node a --bus local --analysis-lease 30000");
  ServerProcess b(db, "--node b --bus local --analysis-lease 30000");
  auto st = store::open_store("sqlite:" + db);
  const auto until = std::chrono::steady_clock::now() + 240s;
  int done = 0;
  while (std::chrono::steady_clock::now() < until) {
    done = 0;
    for (const auto& g : games) done += job_of(*st, g).state == store::AnalysisJobState::done;
    if (done == GAMES) break;
    std::this_thread::sleep_for(200ms);
  }
  ASSERT_EQ(done, GAMES);
  // Every game once, by one of the three: one run started and finished
  // (both nodes log to a.log_path(), the file beside the database).
  const std::vector<std::string> logs = {a.log_path(), w.log()};
  const auto started = runs(logs, "started by");
  const auto finished = runs(logs, "done by");
  for (const auto& g : games) {
    EXPECT_EQ(started.count(g) ? started.at(g) : 0, 1) << g;
    EXPECT_EQ(finished.count(g) ? finished.at(g) : 0, 1) << g;
    const store::AnalysisJob job = job_of(*st, g);
    EXPECT_EQ(job.attempts, 1) << g;
    EXPECT_TRUE(st->find_analysis(job.match_id, job.game_number)) << g;
  }
  EXPECT_EQ(started.size(), std::size_t(GAMES));
  // All three took part.
  const std::string node_log = read_file(a.log_path());
  const std::string worker_log = read_file(w.log());
  auto count = [](const std::string& text, const std::string& what) {
    int n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
      ++n;
    return n;
  };
  const int by_a = count(node_log, "done by a:");
  const int by_b = count(node_log, "done by b:");
  const int by_worker = count(worker_log, "done by");
  EXPECT_EQ(by_a + by_b + by_worker, GAMES);
  EXPECT_GT(by_a, 0) << node_log;
  EXPECT_GT(by_b, 0) << node_log;
  EXPECT_GT(by_worker, 0) << worker_log;
  std::cout << "games analysed by node a " << by_a << ", node b " << by_b << ", the worker "
            << by_worker << "\n";
}

TEST(AnalysisWorkers, AWorkerKilledMidGameIsReplacedAfterItsLease) {
  const std::string db = temp_db("analysis_killed");
  // A node that only plays.
  ServerProcess node(db, "--analysis-workers 0");
  const std::vector<std::string> moves = random_game(7, 6, 11);
  ASSERT_GE(moves.size(), 10u);
  const std::string game = play_game(node.port(), R"({"game":"four","format":"single"})", moves);
  const std::string log1 = db + ".w1.log";
  const std::string log2 = db + ".w2.log";
  {
    WorkerProcess w1(db, log1, "--name first --lease 3000", /*no_book=*/true);
    const auto until = std::chrono::steady_clock::now() + 30s;
    while (runs({log1}, "started by").count(game) == 0 && std::chrono::steady_clock::now() < until)
      std::this_thread::sleep_for(20ms);
    ASSERT_EQ(runs({log1}, "started by").count(game), 1u) << read_file(log1);
    std::this_thread::sleep_for(300ms);  // into its positions
    w1.kill9();
  }
  const auto killed = std::chrono::steady_clock::now();
  ASSERT_EQ(runs({log1}, "done by").count(game), 0u)
      << "finished before the kill: " << read_file(log1);
  auto st = store::open_store("sqlite:" + db);
  store::AnalysisJob held = job_of(*st, game);
  EXPECT_EQ(held.state, store::AnalysisJobState::running);
  EXPECT_EQ(held.owner.rfind("first:", 0), 0u) << held.owner;

  WorkerProcess w2(db, log2, "--name second --lease 3000");
  const auto until = std::chrono::steady_clock::now() + 120s;
  while (job_of(*st, game).state != store::AnalysisJobState::done &&
         std::chrono::steady_clock::now() < until)
    std::this_thread::sleep_for(100ms);
  const store::AnalysisJob job = job_of(*st, game);
  ASSERT_EQ(job.state, store::AnalysisJobState::done) << read_file(log2);
  EXPECT_EQ(job.attempts, 2);
  // Not before the first lease (3 s from its last renewal) ran out.
  EXPECT_GE(std::chrono::steady_clock::now() - killed, 1s);
  EXPECT_EQ(runs({log2}, "started by").at(game), 1);
  EXPECT_EQ(runs({log2}, "done by").at(game), 1);
  EXPECT_NE(read_file(log2).find("attempt 2"), std::string::npos) << read_file(log2);
  // One row: the analysis is stored, solved on every position (the second
  // worker has the book), and the game page serves it.
  auto stored = st->find_analysis(job.match_id, job.game_number);
  ASSERT_TRUE(stored);
  HttpResult r = http(node.port(), "GET", "/api/games/" + game + "/analysis");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(str(r.json().at("status")), "done");
  EXPECT_EQ(r.json().at("computed_at").as_int64(), stored->computed_ms);
}

// A job claimed as often as allowed (three times by default) whose last
// lease ran out is left: no worker takes it again, and the game page is
// told `failed` instead of `running` for ever.
TEST(AnalysisWorkers, AJobClaimedThreeTimesIsShownAsFailed) {
  const std::string db = temp_db("analysis_failed");
  ServerProcess node(db, "--analysis-workers 0");
  const std::string game =
      play_game(node.port(), R"({"game":"four","format":"single"})", random_game(7, 6, 5));
  auto st = store::open_store("sqlite:" + db);
  const store::AnalysisJob queued = job_of(*st, game);
  // Three workers that each died holding it: 1 ms leases, each run out
  // before the next claim (store times 10, 20, 30 ms since the epoch).
  for (int i = 0; i < 3; ++i) {
    auto claimed = st->claim_analysis_job("gone-" + std::to_string(i), 10 * (i + 1), 1, 3);
    ASSERT_TRUE(claimed);
    EXPECT_EQ(claimed->match_id, queued.match_id);
  }
  EXPECT_FALSE(st->claim_analysis_job("fourth", 40, 1000, 3)) << "claimed a fourth time";
  HttpResult r = http(node.port(), "GET", "/api/games/" + game + "/analysis");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(str(r.json().at("status")), "failed") << r.body;
  EXPECT_EQ(r.json().at("attempts").as_int64(), 3);
  EXPECT_FALSE(r.json().as_object().contains("positions")) << r.body;
}

}  // namespace
}  // namespace ft::test
