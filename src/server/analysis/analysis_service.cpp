#include "server/analysis/analysis_service.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <boost/json.hpp>

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

std::optional<LoadedGame> load_game(store::Store& st, const std::string& table, int number) {
  const auto matches = st.matches_of_table(table);
  if (matches.empty()) return std::nullopt;
  const store::MatchRecord& match = matches.back();
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

struct AnalysisService::Job {
  rules::FourGame game;
  std::promise<engine::PositionAnalysis> done;
};

AnalysisService::AnalysisService(store::Store& store, Writer write, AnalysisOptions options,
                                 std::function<std::int64_t()> now_ms)
    : store_(store), write_(std::move(write)), options_(options), now_ms_(std::move(now_ms)) {
  game_thread_ = std::thread([this] { game_loop(); });
  live_thread_ = std::thread([this] { live_loop(); });
}

AnalysisService::~AnalysisService() {
  stop();
}

void AnalysisService::stop() {
  {
    std::lock_guard lock(mu_);
    if (stopping_ && !game_thread_.joinable()) return;
    stopping_ = true;
    queue_.clear();
  }
  halt_ = true;
  cv_.notify_all();
  if (game_thread_.joinable()) game_thread_.join();
  if (live_thread_.joinable()) live_thread_.join();
}

void AnalysisService::game_finished(const std::string& table, int number) {
  const std::string id = game_id(table, number);
  {
    std::lock_guard lock(mu_);
    if (stopping_ || running_ == id || queue_.size() >= options_.max_queued) return;
    for (const auto& q : queue_)
      if (q == id) return;
    queue_.push_back(id);
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

}  // namespace

AnalysisService::Answer AnalysisService::game(const std::string& table, int number) {
  auto loaded = load_game(store_, table, number);
  if (!loaded) return {404, {}};
  Answer answer{200, replay_json(*loaded)};
  json::object& body = answer.body;
  if (auto stored = store_.find_analysis(loaded->match, number);
      stored && stored->format >= ANALYSIS_FORMAT) {
    boost::system::error_code ec;
    json::value v = json::parse(stored->analysis_json, ec);
    if (!ec && v.is_object()) {
      for (const auto& [k, val] : v.as_object()) body[k] = val;
      body["status"] = "done";
      body["computed_at"] = stored->computed_ms;
      return answer;
    }
  }
  const std::string id = game_id(table, number);
  std::unique_lock lock(mu_);
  if (running_ == id) {
    for (const auto& [k, val] : progress_) body[k] = val;
    body["status"] = "running";
    return answer;
  }
  std::size_t place = 0;
  while (place < queue_.size() && queue_[place] != id) ++place;
  if (place == queue_.size()) {
    if (stopping_ || queue_.size() >= options_.max_queued) return {503, {}};
    queue_.push_back(id);
    cv_.notify_all();
  }
  body["status"] = "queued";
  body["queue_position"] = place + 1;
  return answer;
}

void AnalysisService::game_loop() {
  lower_priority(10);
  // Its table is allocated at the first game: a server nobody plays on
  // holds no analysis memory.
  std::unique_ptr<engine::PositionAnalyzer> analyzer;
  std::unique_lock lock(mu_);
  while (true) {
    cv_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
    if (stopping_) return;
    running_ = queue_.front();
    queue_.pop_front();
    progress_ = json::object{{"positions", json::array{}}};
    const std::string id = running_;
    lock.unlock();
    const std::size_t dash = id.rfind('-');
    try {
      if (!analyzer)
        analyzer = std::make_unique<engine::PositionAnalyzer>(options_.table_mb << 20, &halt_);
      run_game(*analyzer, id.substr(0, dash), std::stoi(id.substr(dash + 1)));
    } catch (const std::exception& e) {
      // A store that failed: the next request queues the game again.
      log::warn() << "analysis of game " << id << " failed: " << e.what();
    }
    lock.lock();
    running_.clear();
    progress_.clear();
  }
}

void AnalysisService::run_game(engine::PositionAnalyzer& analyzer, const std::string& table,
                               int number) {
  auto loaded = load_game(store_, table, number);
  if (!loaded) return;
  if (auto stored = store_.find_analysis(loaded->match, number);
      stored && stored->format >= ANALYSIS_FORMAT)
    return;  // queued twice, or by another request meanwhile
  json::object result;
  if (!loaded->start) {
    result = json::object{{"format", ANALYSIS_FORMAT}, {"unsupported", loaded->why}};
  } else {
    auto analysed = analyse_game(analyzer, *loaded->start, loaded->moves, options_.game_budget,
                                 [this](const json::object& so_far) {
                                   std::lock_guard lock(mu_);
                                   progress_ = so_far;
                                 });
    if (!analysed) {
      result = json::object{{"format", ANALYSIS_FORMAT}, {"unsupported", analysed.error().message}};
    } else {
      result = *analysed;
    }
  }
  {
    std::lock_guard lock(mu_);
    if (stopping_) return;  // positions cut short by the stop are not kept
  }
  store::StoredAnalysis row{loaded->match, number, ANALYSIS_FORMAT, json::serialize(result),
                            now_ms_()};
  write_([row](store::Store& st) { st.save_analysis(row); });
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
