#include "server/analysis/analysis_service.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <boost/json.hpp>
#include <cstdio>

#include "match/match.h"
#include "rules/notation.h"
#include "rules/twicefour_game.h"
#include "server/analysis/game_analysis.h"
#include "server/protocol/log.h"
#include "server/protocol/round_json.h"
#include "server/protocol/settings.h"

namespace ft::server {
namespace json = boost::json;
namespace {

// Below the computer seats (nice 0): a busy machine gives their moves the CPU
// first, and the analysis what is left.
void lower_priority(int nice) {
  setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), nice);
}

std::string game_id(const std::string& table, int number) {
  return table + "-" + std::to_string(number);
}

// The stored game as the analysis needs it: its first position (the table's
// variant and the match's set-up) and its moves with their seats.
struct LoadedGame {
  store::MatchId match = 0;
  std::unique_ptr<rules::FourGame> start;    // four in a row: what the solver analyses
  std::unique_ptr<rules::GameState> replay;  // any game: the start the game page replays
  std::vector<PlayedMove> moves;
  std::vector<std::int64_t> clock_ms;  // the mover's time left after each move, -1 none
  std::string why;                     // not four in a row, or a stored row that does not read
};

// Whether `moves` can all be played from `start` (on a copy).
bool plays_all(const rules::GameState& start, const std::vector<PlayedMove>& moves) {
  auto g = start.clone();
  for (const auto& m : moves)
    if (!g->play(std::string_view(m.move))) return false;
  return true;
}

std::optional<LoadedGame> load_game(store::Store& st, const store::MatchRecord& match, int number) {
  const std::string& table = match.table_id;
  auto game = st.find_game(match.id, number);
  // A game lost unplayed with the match has nothing to analyse: no game.
  if (!game || !game->finished || game->unplayed) return std::nullopt;
  LoadedGame out;
  out.match = match.id;
  for (const auto& m : st.moves_of_game(match.id, number)) {
    out.moves.push_back({m.move, m.seat});
    out.clock_ms.push_back(m.clock_ms);
  }
  auto record = st.find_table(table);
  if (!record) return std::nullopt;
  auto settings = parse_settings(record->settings_json);
  if (!settings) {
    out.why = "the table's settings do not read: " + settings.error().message;
    return out;
  }
  auto factory = match::game_factory_for(match_config(*settings, match.seed));
  if (!factory) {
    out.why = factory.error().message;
    return out;
  }
  // twiceFour's first mover (RULES.md B6) is not stored beside the moves:
  // it is the piece whose start plays them all (the first step moves one of
  // its own pieces, so only one of the two does).
  for (int first_side : {0, 1}) {
    auto state = (*factory)(match::GameSpec{number - 1, first_side});
    if (!state) {
      out.why = state.error().message;
      return out;
    }
    const bool fits = plays_all(**state, out.moves);
    if (!out.replay || fits) out.replay = std::move(state).value();
    if (fits || out.replay->kind() == rules::GameKind::four) break;
  }
  const auto* four = dynamic_cast<const rules::FourGame*>(out.replay.get());
  if (four == nullptr) {
    out.why = "the exact solver plays four in a row only";
    return out;
  }
  out.start = std::make_unique<rules::FourGame>(*four);
  return out;
}

}  // namespace

std::string analysis_worker_name(const std::string& name) {
  std::string out = name;
  if (out.empty()) {
    char host[256] = {};
    out = gethostname(host, sizeof host - 1) == 0 && host[0] != '\0' ? host : "worker";
  }
  return out + ":" + std::to_string(getpid());
}

struct AnalysisService::Job {
  rules::FourGame game;
  std::promise<engine::PositionAnalysis> done;
};

AnalysisService::AnalysisService(store::Store& store, AnalysisOptions options,
                                 std::function<std::int64_t()> now_ms)
    : store_(store), options_(std::move(options)), now_ms_(std::move(now_ms)) {
  for (int i = 0; i < options_.game_threads; ++i)
    game_threads_.emplace_back([this, i] { game_loop(i); });
  live_thread_ = std::thread([this] { live_loop(); });
}

AnalysisService::~AnalysisService() {
  stop();
}

void AnalysisService::stop() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  halt_ = true;
  cv_.notify_all();
  for (auto& t : game_threads_)
    if (t.joinable()) t.join();
  if (live_thread_.joinable()) live_thread_.join();
}

void AnalysisService::wake() {
  {
    std::lock_guard lock(mu_);
    ++wakes_;
  }
  cv_.notify_all();
}

namespace {

// What the game page draws at each ply, besides the analysis: the board
// rows (as the table's frames send them), the side that made each move, the
// winning line, the clocks; twiceFour's round as the table's last frame of
// it shows it (protocol.md 5.3: its counted lines carry the half-move that
// scored them, so the page finds the round at any ply).
json::object replay_json(const LoadedGame& g) {
  json::array boards;
  json::array clocks;
  json::array movers;
  for (std::int64_t c : g.clock_ms)
    clocks.push_back(c >= 0 ? json::value(c) : json::value(nullptr));
  json::object out{{"clock_ms", std::move(clocks)}};
  if (!g.replay) return out;
  std::unique_ptr<rules::GameState> game = g.replay->clone();
  auto rows = [&game] {
    json::array r;
    for (const auto& row : game->board_rows()) r.push_back(json::string(row));
    return r;
  };
  boards.push_back(rows());
  for (const auto& m : g.moves) {
    const int side = game->side_to_move();
    if (!game->play(std::string_view(m.move))) break;
    movers.push_back(side);
    boards.push_back(rows());
  }
  out["boards"] = std::move(boards);
  out["movers"] = std::move(movers);
  if (const auto* twice = dynamic_cast<const rules::TwiceFourGame*>(game.get())) {
    out["round"] = twicefour_round_json(*twice);
    return out;
  }
  const auto* four = dynamic_cast<const rules::FourGame*>(game.get());
  if (four == nullptr) return out;
  json::array winning;
  for (const auto& c : four->winning_cells())
    winning.push_back(json::string(rules::format_cell(c)));
  out["width"] = four->spec().width;
  out["height"] = four->spec().height;
  out["cylinder"] = four->spec().cylinder;
  out["winning"] = std::move(winning);
  return out;
}

// A game analysed elsewhere: its positions, none analysed yet as far as
// this node can tell (the worker's progress stays with the worker).
json::object pending_json(const LoadedGame& g) {
  json::array positions;
  for (std::size_t i = 0; i < g.moves.size(); ++i)
    positions.push_back(json::object{{"ply", static_cast<std::int64_t>(i)},
                                     {"state", "pending"},
                                     {"played", g.moves[i].move},
                                     {"seat", g.moves[i].seat}});
  return json::object{{"positions", std::move(positions)}, {"mistakes", json::array{}}};
}

}  // namespace

AnalysisService::Answer AnalysisService::game(const std::string& table, int number) {
  const auto matches = store_.matches_of_table(table);
  if (matches.empty()) return {404, {}};
  auto loaded = load_game(store_, matches.back(), number);
  if (!loaded) return {404, {}};
  Answer answer{200, replay_json(*loaded)};
  json::object& body = answer.body;
  auto stored_json = [&]() -> bool {
    auto stored = store_.find_analysis(loaded->match, number);
    if (!stored || stored->format < ANALYSIS_FORMAT) return false;
    boost::system::error_code ec;
    json::value v = json::parse(stored->analysis_json, ec);
    if (ec || !v.is_object()) return false;
    add_accuracy(v.as_object());
    for (const auto& [k, val] : v.as_object()) body[k] = val;
    body["status"] = "done";
    body["computed_at"] = stored->computed_ms;
    return true;
  };
  if (stored_json()) return answer;
  // A game the solver does not play (twiceFour, three colours) is said so at
  // once, as the worker would store it: nobody waits in the queue for it.
  if (!loaded->start) {
    body["format"] = ANALYSIS_FORMAT;
    body["unsupported"] = loaded->why;
    body["status"] = "done";
    return answer;
  }
  // A person waits: the job goes to the front (or is queued: a game older
  // than the queue, or one whose analysis is of an older format).
  auto job = store_.queue_analysis(loaded->match, number, store::analysis_priority::waiting,
                                   now_ms_(), ANALYSIS_FORMAT);
  if (!job) {
    if (stored_json()) return answer;  // stored meanwhile
    return {503, {}};
  }
  // Claimed as often as allowed and its last lease ran out: no worker takes
  // it again (a game that kills its worker must not kill every worker), so
  // say so instead of "running" for good.
  if (job->state == store::AnalysisJobState::running && job->attempts >= options_.max_attempts &&
      job->lease_until_ms <= now_ms_()) {
    body["status"] = "failed";
    body["attempts"] = job->attempts;
    return answer;
  }
  wake();
  const std::string id = game_id(table, number);
  if (job->state == store::AnalysisJobState::running) {
    std::unique_lock lock(mu_);
    auto it = running_.find(id);
    const json::object progress = it != running_.end() ? it->second : pending_json(*loaded);
    lock.unlock();
    for (const auto& [k, val] : progress) body[k] = val;
    body["status"] = "running";
    return answer;
  }
  body["status"] = "queued";
  body["queue_position"] = store_.analysis_jobs_ahead(*job) + 1;
  return answer;
}

void AnalysisService::game_loop(int index) {
  lower_priority(10);
  const std::string worker = options_.worker + "/" + std::to_string(index);
  // Its table is allocated at the first game: a server nobody plays on
  // holds no analysis memory.
  std::unique_ptr<engine::PositionAnalyzer> analyzer;
  std::uint64_t seen_wakes = 0;
  while (true) {
    {
      std::lock_guard lock(mu_);
      if (stopping_) return;
      seen_wakes = wakes_;
    }
    std::optional<store::AnalysisJob> job;
    try {
      job = store_.claim_analysis_job(worker, now_ms_(), options_.lease.count(),
                                      options_.max_attempts);
    } catch (const std::exception& e) {
      log::warn() << "analysis: claiming a job failed: " << e.what();
    }
    if (job) {
      try {
        if (!analyzer)
          analyzer = std::make_unique<engine::PositionAnalyzer>(options_.table_mb << 20, &halt_,
                                                                engine::BudgetClock::thread_cpu);
        run_job(*analyzer, *job, worker);
      } catch (const std::exception& e) {
        // A store that failed: the job's lease runs out and a worker takes it again.
        log::warn() << "analysis of game " << job->table_id << "-" << job->game_number
                    << " failed: " << e.what();
      }
      continue;
    }
    std::unique_lock lock(mu_);
    cv_.wait_for(lock, options_.poll, [&] { return stopping_ || wakes_ != seen_wakes; });
  }
}

void AnalysisService::run_job(engine::PositionAnalyzer& analyzer, const store::AnalysisJob& job,
                              const std::string& worker) {
  const std::string id = game_id(job.table_id, job.game_number);
  const auto t0 = std::chrono::steady_clock::now();
  // One line as each run starts: what a worker killed in the middle did.
  if (options_.log)
    options_.log("analysis: game " + id + " (match " + std::to_string(job.match_id) +
                 ") started by " + worker + ", attempt " + std::to_string(job.attempts));
  auto match = store_.find_match(job.match_id);
  std::optional<LoadedGame> loaded;
  if (match) loaded = load_game(store_, *match, job.game_number);
  json::object result;
  std::int64_t renewed_ms = now_ms_();
  bool lost = false;  // the lease went to another worker
  if (!loaded) {
    result = json::object{{"format", ANALYSIS_FORMAT}, {"unsupported", "no such finished game"}};
  } else if (!loaded->start) {
    result = json::object{{"format", ANALYSIS_FORMAT}, {"unsupported", loaded->why}};
  } else {
    {
      std::lock_guard lock(mu_);
      running_[id] = json::object{{"positions", json::array{}}};
    }
    auto analysed =
        analyse_game(analyzer, *loaded->start, loaded->moves, options_.game_budget,
                     [&](const json::object& so_far) {
                       {
                         std::lock_guard lock(mu_);
                         running_[id] = so_far;
                       }
                       // The lease is renewed while the game runs; a third of it gone
                       // leaves two thirds for the next position (lease >= 3 budgets).
                       const std::int64_t now = now_ms_();
                       if (!lost && now - renewed_ms >= options_.lease.count() / 3) {
                         renewed_ms = now;
                         lost = !store_.renew_analysis_job(job.match_id, job.game_number, job.claim,
                                                           now, options_.lease.count());
                       }
                     });
    {
      std::lock_guard lock(mu_);
      running_.erase(id);
    }
    if (!analysed) {
      result = json::object{{"format", ANALYSIS_FORMAT}, {"unsupported", analysed.error().message}};
    } else {
      result = *analysed;
    }
  }
  if (halt_) {
    // Positions cut short by the stop are not kept: the job goes back.
    store_.release_analysis_job(job.match_id, job.game_number, job.claim);
    return;
  }
  store::StoredAnalysis row{job.match_id,    job.game_number,
                            ANALYSIS_FORMAT, json::serialize(result),
                            now_ms_(),       seat_accuracy(result)};
  const bool stored = store_.complete_analysis_job(row, job.claim);
  if (stored) ++games_done_;
  if (options_.log) {
    int not_solved = 0;
    std::size_t positions = 0;
    if (const auto* ps = result.if_contains("positions")) {
      positions = ps->as_array().size();
      for (const auto& p : ps->as_array())
        if (p.as_object().at("state").as_string() != "solved") ++not_solved;
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    char line[512];
    std::snprintf(line, sizeof line,
                  "analysis: game %s (match %lld) done by %s, attempt %d: %zu positions, %d "
                  "not solved, %.2f s%s",
                  id.c_str(), static_cast<long long>(job.match_id), worker.c_str(), job.attempts,
                  positions, not_solved, s,
                  stored ? "" : "; not stored: another worker holds the job now");
    options_.log(line);
  }
}

void AnalysisService::live_loop() {
  lower_priority(5);
  std::unique_ptr<engine::PositionAnalyzer> analyzer;
  std::unique_lock lock(mu_);
  while (true) {
    cv_.wait(lock, [this] { return stopping_ || !live_queue_.empty(); });
    if (stopping_) break;
    auto job = live_queue_.front();
    live_queue_.pop_front();
    lock.unlock();
    if (!analyzer)
      analyzer = std::make_unique<engine::PositionAnalyzer>(options_.live_table_mb << 20, &halt_);
    job->done.set_value(
        analyzer->analyze(job->game.position(), options_.live_budget, job->game.repetitions() > 1));
    lock.lock();
  }
  // Whoever still waits gets "not solved".
  for (auto& job : live_queue_) {
    engine::PositionAnalysis a;
    a.state = engine::AnalysisState::not_solved;
    a.why = "the server is stopping";
    job->done.set_value(std::move(a));
  }
  live_queue_.clear();
}

std::int64_t AnalysisService::take_live_token(std::int64_t player) {
  const std::int64_t now = now_ms_();
  auto& times = live_times_[player];
  while (!times.empty() && times.front() <= now - 60000) times.pop_front();
  if (times.size() >= std::size_t(options_.live_per_minute))
    return std::max<std::int64_t>(1, times.front() + 60000 - now);
  times.push_back(now);
  if (live_times_.size() > 10000) {  // forget players idle for a minute
    for (auto it = live_times_.begin(); it != live_times_.end();) {
      if (it->second.empty() || it->second.back() <= now - 60000)
        it = live_times_.erase(it);
      else
        ++it;
    }
  }
  return 0;
}

AnalysisService::Live AnalysisService::live(const rules::FourGame& game, std::int64_t player) {
  // A few waiting at most: each waits for the ones before it, and a longer
  // queue would hold the HTTP pool's threads.
  constexpr std::size_t MAX_WAITING = 4;
  auto job = std::make_shared<Job>(Job{game, {}});
  std::future<engine::PositionAnalysis> result = job->done.get_future();
  {
    std::lock_guard lock(mu_);
    if (const std::int64_t wait = take_live_token(player); wait > 0)
      return {Refusal::rate_limited, wait, {}};
    if (stopping_ || live_queue_.size() >= MAX_WAITING) return {Refusal::busy, 0, {}};
    live_queue_.push_back(job);
  }
  cv_.notify_all();
  return {Refusal::none, 0, result.get()};
}

}  // namespace ft::server
