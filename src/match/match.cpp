#include "match/match.h"

#include <algorithm>
#include <set>

#include "common/name_table.h"
#include "rules/four_game.h"
#include "rules/setup_draw.h"
#include "rules/twicefour_game.h"

namespace ft::match {

Random seeded_random(std::uint64_t seed) {
  // A stream of its own, so lotteries never repeat the set-up's draws.
  auto rng = std::make_shared<rules::SeededRandom>(seed ^ 0x9e3779b97f4a7c15ULL);
  return [rng](int n) { return rng->below(n); };
}

Result<Format> format_for(const MatchConfig& config) {
  Format f;
  if (config.game() == rules::GameKind::twicefour) {
    f.twicefour = true;
    f.seats = f.teams = 2;
    f.games = config.single_game ? 1 : 2;
    f.max_games = config.single_game ? 1 : 3;  // RULES.md B6: a third round at 1-1
    f.rated = !config.single_game;
    return f;
  }
  auto spec = rules::make_variant(config.variant, config.options);
  if (!spec) return spec.error();
  if (config.single_game) spec.value().format = rules::Format::single_game;
  f.seats = spec->seats;
  f.teams = spec->colours;
  f.games = f.max_games = spec->games_per_match();
  f.rated = spec->rated_by_default();
  if (f.seats % f.teams != 0)
    return make_error(ErrorCode::bad_input, "seats must divide evenly into teams");
  return f;
}

Result<GameFactory> game_factory_for(const MatchConfig& config) {
  if (config.game() == rules::GameKind::twicefour) {
    // RULES.md B2: every round from the same start (the one the match began
    // with, so an old record replays as played); B6 decides who moves first.
    if (!rules::tf_start_known(config.twicefour_start))
      return make_error(ErrorCode::bad_input, "twicefour_start must be 1 or 2, not " +
                                                  std::to_string(config.twicefour_start));
    const auto layout = static_cast<rules::TfStart>(config.twicefour_start);
    return GameFactory([layout](const GameSpec& spec) -> Result<std::unique_ptr<rules::GameState>> {
      if (spec.first_side != rules::TF_CROSS && spec.first_side != rules::TF_CIRCLE)
        return make_error(ErrorCode::bad_input, "a twiceFour round starts with cross or circle");
      return std::unique_ptr<rules::GameState>(std::make_unique<rules::TwiceFourGame>(
          rules::TwiceFourGame::start(spec.first_side, layout)));
    });
  }
  auto spec = rules::make_variant(config.variant, config.options);
  if (!spec) return spec.error();
  if (config.single_game) spec.value().format = rules::Format::single_game;
  // RULES.md A8, A9: one draw per match; every game starts from it.
  rules::Setup setup = rules::draw_setup(*spec, config.seed);
  setup.opening.insert(setup.opening.end(), config.start.begin(), config.start.end());
  auto probe = rules::FourGame::create(*spec, setup);
  if (!probe) return probe.error();
  rules::VariantSpec s = *spec;
  return GameFactory([s, setup](const GameSpec&) -> Result<std::unique_ptr<rules::GameState>> {
    auto g = rules::FourGame::create(s, setup);
    if (!g) return g.error();
    return std::unique_ptr<rules::GameState>(
        std::make_unique<rules::FourGame>(std::move(g).value()));
  });
}

// The tables read best packed, several pairs a line.
// clang-format off
constexpr auto PHASE_NAMES = name_table<Phase>({
    {Phase::not_started, "not-started"}, {Phase::choosing_pieces, "choosing-pieces"},
    {Phase::playing, "playing"}, {Phase::between_games, "between-games"}, {Phase::over, "over"}});

constexpr auto GAME_END_NAMES = name_table<GameEnd>({
    {GameEnd::playing, "playing"}, {GameEnd::rules, "rules"}, {GameEnd::resigned, "resigned"},
    {GameEnd::resigned_match, "resigned-match"}, {GameEnd::timeout, "timeout"},
    {GameEnd::forfeited, "forfeited"}});

constexpr auto MATCH_END_NAMES = name_table<MatchEnd>({
    {MatchEnd::none, "none"}, {MatchEnd::completed, "completed"}, {MatchEnd::resigned, "resigned"},
    {MatchEnd::timeout, "timeout"}, {MatchEnd::abandoned, "abandoned"},
    {MatchEnd::claimed, "claimed"}});

constexpr auto REFUSAL_NAMES = name_table<Refusal>({
    {Refusal::none, "none"}, {Refusal::not_your_turn, "not_your_turn"},
    {Refusal::illegal_move, "illegal_move"}, {Refusal::not_now, "not_now"},
    {Refusal::no_such_seat, "no_such_seat"}, {Refusal::bad_input, "bad_input"},
    {Refusal::internal, "internal"}});

constexpr auto ACTION_NAMES = name_table<Action>({
    {Action::start, "start"}, {Action::choose_piece, "choose-piece"}, {Action::move, "move"},
    {Action::resign_game, "resign-game"}, {Action::resign_match, "resign-match"},
    {Action::ready, "ready"}, {Action::connect, "connect"}, {Action::disconnect, "disconnect"},
    {Action::claim, "claim"}, {Action::tick, "tick"}, {Action::resume, "resume"}});
// clang-format on

std::string_view phase_name(Phase p) {
  return PHASE_NAMES.text(p);
}
std::string_view game_end_name(GameEnd e) {
  return GAME_END_NAMES.text(e);
}
std::string_view match_end_name(MatchEnd e) {
  return MATCH_END_NAMES.text(e);
}
std::string_view refusal_name(Refusal r) {
  return REFUSAL_NAMES.text(r);
}
std::string_view action_name(Action a) {
  return ACTION_NAMES.text(a);
}
std::optional<Action> action_from_name(std::string_view name) {
  return ACTION_NAMES.value(name);
}

namespace {
Input make_input(Action action, std::int64_t at, int seat = -1) {
  Input in;
  in.action = action;
  in.at = at;
  in.seat = seat;
  return in;
}
}  // namespace

struct Match::Impl {
  MatchConfig config;
  Format format;
  GameFactory factory;
  Random random;
  MatchRecord record;
  std::vector<int> replay_draws;
  std::size_t replay_pos = 0;

  bool started = false;
  // Restoring: the record's inputs were accepted once and are replayed as
  // they were. A claim depends on connections, which are not recorded, so
  // it is taken as recorded (its seat and time are in the record).
  bool replaying = false;
  // The end of the last restart's grace while no other input has come since:
  // a second restart inside it must not add a second grace (the first one's
  // resume may not be stored yet, so replays would differ).
  std::int64_t grace_until = 0;
  Phase phase = Phase::not_started;
  std::unique_ptr<rules::GameState> game;
  int current_game = -1;  // the index of `game` in `games`
  std::vector<GameRecord> games;
  std::vector<int> side_moves;  // moves of each side in the current game
  Clock clock;
  std::vector<bool> ready;
  std::optional<std::int64_t> ready_deadline;
  std::vector<bool> connected;
  std::vector<std::int64_t> disconnected_since;
  std::vector<int> team_piece;
  std::vector<int> piece_wish;
  int round1_starter = -1;
  MatchEnd end = MatchEnd::none;
  std::vector<int> loser_teams;
  std::int64_t last_at = 0;

  Refusal refusal = Refusal::none;             // why the call being handled was refused
  std::optional<std::int64_t> played_elapsed;  // the turn length of the move just played

  Error refused(Refusal why, ErrorCode code, std::string msg) {
    refusal = why;
    return make_error(code, std::move(msg));
  }

  int team_of(int seat) const { return seat % format.teams; }
  bool valid_seat(int seat) const { return seat >= 0 && seat < format.seats; }

  int draw(int n) {
    int v;
    if (replay_pos < replay_draws.size()) {
      v = replay_draws[replay_pos++];
    } else {
      v = random ? random(n) : 0;
    }
    v = std::clamp(v, 0, n - 1);
    record.draws.push_back(v);
    return v;
  }

  int seat_to_move() const {
    if (phase != Phase::playing || !game || game->outcome().over()) return -1;
    const int side = game->side_to_move();
    const GameRecord& g = games.back();
    if (side < 0 || side >= static_cast<int>(g.side_team.size())) return -1;
    const int members = format.seats / format.teams;
    return g.side_team[side] + format.teams * (side_moves[side] % members);
  }

  std::vector<Points> totals() const {
    std::vector<Points> t(format.teams);
    for (const GameRecord& g : games) {
      for (std::size_t i = 0; i < g.points.size() && i < t.size(); ++i)
        t[i].halves += g.points[i].halves;
    }
    return t;
  }

  // RULES.md A3: a game lost by some teams without a result on the board.
  // The others share it: a single winner takes the win; two remaining
  // players of a three-player match draw it (our rule).
  std::vector<Points> forfeit_points(const std::vector<int>& losers) const {
    std::vector<Points> p(format.teams);
    const int others = format.teams - static_cast<int>(losers.size());
    for (int t = 0; t < format.teams; ++t) {
      const bool lost = std::find(losers.begin(), losers.end(), t) != losers.end();
      p[t] = lost ? LOSS : (others == 1 ? WIN : DRAW);
    }
    return p;
  }

  ClockUpdate clock_update(std::int64_t now) const {
    ClockUpdate c;
    for (int s = 0; s < format.seats; ++s) c.remaining_ms.push_back(clock.remaining(s, now));
    c.running = clock.running();
    c.flag_at = clock.flag_at();
    return c;
  }

  void emit(std::vector<Event>& out, std::int64_t at, EventBody body) {
    out.push_back(Event{at, std::move(body)});
  }

  std::optional<Error> start_game(std::int64_t now, std::vector<Event>& out) {
    const int index = static_cast<int>(games.size());
    GameRecord rec;
    rec.index = index;
    GameSpec spec;
    spec.index = index;
    if (format.twicefour) {
      rec.side_team.assign(2, 0);
      for (int t = 0; t < 2; ++t) rec.side_team[team_piece[t]] = t;
      // RULES.md B6: round 1 by the lottery winner, round 2 by the other,
      // round 3 again by lottery.
      int starter;
      if (index == 1) {
        starter = 1 - round1_starter;
      } else {
        starter = draw(2);
        rec.starter_by_lottery = true;
        if (index == 0) round1_starter = starter;
      }
      spec.first_side = team_piece[starter];
    } else {
      for (int c = 0; c < format.teams; ++c) rec.side_team.push_back((c + index) % format.teams);
    }
    auto made = factory(spec);
    if (!made) return refused(Refusal::internal, made.error().code, made.error().message);
    std::unique_ptr<rules::GameState> g = std::move(made).value();
    if (!g || g->sides() != static_cast<int>(rec.side_team.size()))
      return refused(Refusal::internal, ErrorCode::bad_setup,
                     "the game factory made a game with the wrong sides");
    if (format.twicefour && g->side_to_move() != spec.first_side)
      return refused(Refusal::internal, ErrorCode::bad_setup,
                     "the game factory ignored the round's starter");
    rec.first_side = g->side_to_move();
    game = std::move(g);
    current_game = index;
    side_moves.assign(rec.side_team.size(), 0);
    games.push_back(rec);
    phase = Phase::playing;
    std::fill(ready.begin(), ready.end(), false);
    ready_deadline.reset();
    const int first = seat_to_move();
    clock.start(first, now);
    emit(out, now,
         GameStarted{index, rec.side_team, rec.first_side, first, rec.starter_by_lottery});
    emit(out, now, clock_update(now));
    return std::nullopt;
  }

  int games_to_play() const {
    if (!format.twicefour || games.size() < 2) return format.games;
    // RULES.md B6: 1-1 after two rounds -> a third round decides.
    std::vector<Points> two(2);
    for (int i = 0; i < 2; ++i)
      for (std::size_t t = 0; t < 2 && t < games[i].points.size(); ++t)
        two[t].halves += games[i].points[t].halves;
    return two[0] == two[1] ? format.max_games : format.games;
  }

  void finish_match(MatchEnd why, std::vector<int> losers, std::int64_t now,
                    std::vector<Event>& out) {
    phase = Phase::over;
    end = why;
    loser_teams = std::move(losers);
    clock.stop();
    ready_deadline.reset();
    const std::vector<Points> t = totals();
    emit(out, now, MatchOver{end, loser_teams, t, format_score(t), format.rated});
  }

  void end_game(GameEnd how, int loser_team, std::int64_t now, std::vector<Event>& out) {
    GameRecord& g = games.back();
    g.end = how;
    g.outcome = game->outcome();
    g.loser_team = loser_team;
    if (how == GameEnd::rules) {
      g.points.assign(format.teams, LOSS);
      if (g.outcome.status == rules::Status::win && g.outcome.winner >= 0) {
        g.points[g.side_team[g.outcome.winner]] = WIN;
      } else {
        std::fill(g.points.begin(), g.points.end(), DRAW);
      }
    } else {
      g.points = forfeit_points({loser_team});
    }
    clock.stop();
    emit(out, now, GameOver{g.index, how, g.outcome, loser_team, g.points});
    emit(out, now, clock_update(now));
    if (static_cast<int>(games.size()) >= games_to_play()) {
      finish_match(MatchEnd::completed, {}, now, out);
    } else {
      phase = Phase::between_games;  // RULES.md A3: no clock runs, wait for Ready
      std::fill(ready.begin(), ready.end(), false);
      ready_deadline.reset();
    }
  }

  // RULES.md A3, A4: the losers lose the current game and every game not
  // yet played.
  void forfeit_match(MatchEnd why, std::vector<int> losers, GameEnd current_end, std::int64_t now,
                     std::vector<Event>& out) {
    clock.stop();
    const std::vector<Points> p = forfeit_points(losers);
    const int loser = losers.size() == 1 ? losers[0] : -1;
    if (phase == Phase::playing && !games.empty() && games.back().end == GameEnd::playing) {
      GameRecord& g = games.back();
      g.end = current_end;
      g.outcome = game->outcome();
      g.loser_team = loser;
      g.points = p;
      emit(out, now, GameOver{g.index, current_end, g.outcome, loser, p});
    }
    // games_to_play() again after each one: a twiceFour match at 1-1 owes a third round.
    while (static_cast<int>(games.size()) < games_to_play()) {
      GameRecord g;
      g.index = static_cast<int>(games.size());
      g.end = GameEnd::forfeited;
      g.loser_team = loser;
      g.points = p;
      games.push_back(g);
      emit(out, now, GameOver{g.index, GameEnd::forfeited, g.outcome, loser, p});
    }
    finish_match(why, std::move(losers), now, out);
  }

  void flag_fell(std::int64_t now, std::vector<Event>& out) {
    const int seat = clock.running();
    clock.flag();
    const int team = team_of(seat);
    if (format.twicefour) {
      end_game(GameEnd::timeout, team, now, out);  // RULES.md B3: time loses the round
    } else {
      emit(out, now, clock_update(now));
      forfeit_match(MatchEnd::timeout, {team}, GameEnd::timeout, now, out);  // RULES.md A4
    }
  }

  void advance(std::int64_t now, std::vector<Event>& out) {
    if (phase == Phase::playing && clock.flagged(now)) flag_fell(now, out);
    if (phase == Phase::between_games && ready_deadline && now >= *ready_deadline) {
      // RULES.md A3: abandonment by whoever did not press Ready in time.
      std::set<int> losers;
      for (int s = 0; s < format.seats; ++s)
        if (!ready[s]) losers.insert(team_of(s));
      forfeit_match(MatchEnd::abandoned, {losers.begin(), losers.end()}, GameEnd::forfeited, now,
                    out);
    }
    if (phase == Phase::choosing_pieces && ready_deadline && now >= *ready_deadline) {
      // Our rule, after A3: choosing a piece (B2) is the Ready of round 1;
      // whoever has not chosen 3 minutes after the other did abandons.
      std::set<int> losers;
      for (int s = 0; s < format.seats; ++s)
        if (piece_wish[s] < 0) losers.insert(team_of(s));
      forfeit_match(MatchEnd::abandoned, {losers.begin(), losers.end()}, GameEnd::forfeited, now,
                    out);
    }
  }

  std::optional<std::int64_t> claim_from() const {
    const int s = seat_to_move();
    if (s < 0 || connected[s]) return std::nullopt;
    return std::max(disconnected_since[s], clock.state().turn_started_ms) + config.claim_after_ms;
  }

  bool can_claim(int seat, std::int64_t now) const {
    if (!valid_seat(seat)) return false;
    const int s = seat_to_move();
    const auto from = claim_from();
    return from && team_of(seat) != team_of(s) && now >= *from;
  }

  std::optional<Error> handle(const Input& in, std::vector<Event>& out) {
    const std::int64_t now = in.at;
    if (in.action == Action::start) {
      if (started)
        return refused(Refusal::not_now, ErrorCode::bad_input, "the match has already started");
      started = true;
      phase = Phase::playing;
      if (format.twicefour) {
        phase = Phase::choosing_pieces;
        return std::nullopt;
      }
      return start_game(now, out);
    }
    if (in.action == Action::resume) {
      // Charged to nobody: from the last known moment (or the end of a
      // grace still running) to the end of this restart's grace.
      const std::int64_t grace = std::max<std::int64_t>(0, in.grace_ms);
      const std::int64_t from = std::max(in.last_seen, grace_until);
      clock.resume(from, now, grace);
      const std::int64_t gap = std::max<std::int64_t>(0, now + grace - from);
      grace_until = grace > 0 ? now + grace : 0;
      if (ready_deadline) *ready_deadline += gap;
      for (int s = 0; s < format.seats; ++s)
        if (!connected[s]) disconnected_since[s] += gap;
      if (phase == Phase::playing) emit(out, now, clock_update(now));
      return std::nullopt;
    }
    if (in.action == Action::tick) return std::nullopt;
    if (!valid_seat(in.seat))
      return refused(Refusal::no_such_seat, ErrorCode::bad_input,
                     "no seat " + std::to_string(in.seat) + " at this table");
    switch (in.action) {
      case Action::connect:
      case Action::disconnect: {
        const bool c = in.action == Action::connect;
        if (connected[in.seat] != c) {
          connected[in.seat] = c;
          if (!c) disconnected_since[in.seat] = now;
          emit(out, now, ConnectionChanged{in.seat, c});
        }
        return std::nullopt;
      }
      default:
        break;
    }
    if (!started)
      return refused(Refusal::not_now, ErrorCode::bad_input, "the match has not started");
    if (phase == Phase::over)
      return refused(Refusal::not_now, ErrorCode::game_over, "the match is over");
    switch (in.action) {
      case Action::choose_piece:
        return choose_piece(in.seat, in.piece, now, out);
      case Action::move:
        return play(in.seat, in.move, now, in.think_ms, out);
      case Action::resign_game:
        if (phase != Phase::playing)
          return refused(Refusal::not_now, ErrorCode::bad_input, "no game is being played");
        end_game(GameEnd::resigned, team_of(in.seat), now, out);  // RULES.md A3, B3
        return std::nullopt;
      case Action::resign_match:
        // RULES.md A3: the resigner loses the current game and every game not played.
        forfeit_match(MatchEnd::resigned, {team_of(in.seat)}, GameEnd::resigned_match, now, out);
        return std::nullopt;
      case Action::ready: {
        if (phase != Phase::between_games)
          return refused(Refusal::not_now, ErrorCode::bad_input,
                         "Ready is pressed between games only");
        if (ready[in.seat]) return std::nullopt;
        ready[in.seat] = true;
        if (!ready_deadline) ready_deadline = now + config.ready_timeout_ms;
        emit(out, now, ReadyPressed{in.seat, *ready_deadline});
        if (std::all_of(ready.begin(), ready.end(), [](bool r) { return r; }))
          return start_game(now, out);
        return std::nullopt;
      }
      case Action::claim:
        if (!replaying && !can_claim(in.seat, now))
          return refused(Refusal::not_now, ErrorCode::bad_input,
                         "nothing to claim: the player to move has not been disconnected for " +
                             std::to_string(config.claim_after_ms / 1000) + " s on their turn");
        forfeit_match(MatchEnd::claimed, {team_of(seat_to_move())}, GameEnd::forfeited, now, out);
        return std::nullopt;
      default:
        return refused(Refusal::bad_input, ErrorCode::bad_input, "unknown action");
    }
  }

  std::optional<Error> choose_piece(int seat, int piece, std::int64_t now,
                                    std::vector<Event>& out) {
    if (phase != Phase::choosing_pieces)
      return refused(Refusal::not_now, ErrorCode::bad_input,
                     "pieces are chosen before round 1 only");
    if (piece != 0 && piece != 1)
      return refused(Refusal::bad_input, ErrorCode::bad_input,
                     "piece must be 0 (cross) or 1 (circle)");
    const bool first_wish = piece_wish[seat] < 0;
    piece_wish[seat] = piece;
    if (piece_wish[0] < 0 || piece_wish[1] < 0) {
      if (!ready_deadline) ready_deadline = now + config.ready_timeout_ms;
      if (first_wish) emit(out, now, ReadyPressed{seat, *ready_deadline});
      return std::nullopt;
    }
    // RULES.md B2: if both pick the same piece, a lottery decides.
    const bool lottery = piece_wish[0] == piece_wish[1];
    if (lottery) {
      const int winner = draw(2);
      team_piece[winner] = piece_wish[winner];
      team_piece[1 - winner] = 1 - piece_wish[winner];
    } else {
      team_piece = piece_wish;
    }
    emit(out, now, PiecesChosen{team_piece, lottery});
    return start_game(now, out);
  }

  std::optional<Error> play(int seat, const std::string& mv, std::int64_t now,
                            std::optional<std::int64_t> think, std::vector<Event>& out) {
    if (phase != Phase::playing)
      return refused(Refusal::not_now, ErrorCode::bad_input, "no game is being played");
    const int to_move = seat_to_move();
    if (seat != to_move)
      return refused(Refusal::not_your_turn, ErrorCode::illegal_move,
                     "not your turn: seat " + std::to_string(to_move) + " is to move");
    // Legality first on a copy: an illegal move costs no time and changes nothing.
    std::unique_ptr<rules::GameState> trial = game->clone();
    const int side = trial->side_to_move();
    auto r = trial->play(mv);
    if (!r) return refused(Refusal::illegal_move, r.error().code, r.error().message);
    const MoveCharge charge = clock.on_move(now, think);
    played_elapsed = charge.elapsed_ms;
    if (!charge.in_time) {
      // The move came after the flag (grace and lag credit included); the
      // clock already stands at 0 and is stopped.
      if (format.twicefour) {
        end_game(GameEnd::timeout, team_of(seat), now, out);
      } else {
        emit(out, now, clock_update(now));
        forfeit_match(MatchEnd::timeout, {team_of(seat)}, GameEnd::timeout, now, out);
      }
      return std::nullopt;
    }
    game = std::move(trial);
    ++side_moves[side];
    GameRecord& g = games.back();
    g.moves.push_back(mv);
    g.move_seats.push_back(seat);
    emit(out, now, MoveMade{g.index, seat, side, mv, charge, game->repetition_warning()});
    if (game->outcome().over()) {
      end_game(GameEnd::rules, -1, now, out);
    } else {
      clock.start(seat_to_move(), now);
      emit(out, now, clock_update(now));
    }
    return std::nullopt;
  }

  Update apply(Input in) {
    Update u;
    refusal = Refusal::none;
    in.at = std::max(in.at, last_at);  // time never runs backwards inside a match
    // A replayed move is charged the turn length measured when it was played
    // (Input::elapsed_ms), also for the flag check before it.
    if (in.action == Action::move && in.elapsed_ms && phase == Phase::playing)
      clock.replay_turn(in.at, *in.elapsed_ms);
    played_elapsed.reset();
    if (in.action != Action::start && in.action != Action::resume && started)
      advance(in.at, u.events);
    const bool deadlines_fired = !u.events.empty();
    u.error = handle(in, u.events);
    if (u.error) u.refusal = refusal == Refusal::none ? Refusal::bad_input : refusal;
    // The record keeps what changes the match. Connections are facts about
    // sockets, not about the match: they are not recorded (a flapping client
    // must not grow the record), and a restored match starts with every seat
    // connected. A refused call is recorded only as the deadlines it let fire.
    const bool transient = in.action == Action::connect || in.action == Action::disconnect;
    if (!u.error && !transient && in.action != Action::tick) {
      last_at = in.at;
      if (in.action != Action::resume) grace_until = 0;
      if (in.action == Action::move && played_elapsed) in.elapsed_ms = played_elapsed;
      record.inputs.push_back(std::move(in));
    } else if (deadlines_fired) {
      last_at = in.at;
      record.inputs.push_back(make_input(Action::tick, in.at));
    }
    return u;
  }
};

Match::Match(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Match::Match(Match&&) noexcept = default;
Match& Match::operator=(Match&&) noexcept = default;
Match::~Match() = default;

Result<Match> Match::create(const MatchConfig& config, Random random, GameFactory factory) {
  auto format = format_for(config);
  if (!format) return format.error();
  if (auto ok = validate(config.time); !ok) return ok.error();
  if (config.ready_timeout_ms <= 0 || config.claim_after_ms <= 0)
    return make_error(ErrorCode::bad_input, "ready timeout and claim delay must be positive");
  if (!factory) {
    auto f = game_factory_for(config);
    if (!f) return f.error();
    factory = std::move(f).value();
  }
  auto impl = std::make_unique<Impl>();
  impl->config = config;
  impl->format = *format;
  impl->factory = std::move(factory);
  impl->random = random ? std::move(random) : seeded_random(config.seed);
  impl->record.config = config;
  impl->clock = Clock(config.time, format->seats);
  impl->ready.assign(format->seats, false);
  impl->connected.assign(format->seats, true);
  impl->disconnected_since.assign(format->seats, 0);
  impl->team_piece.assign(format->teams, -1);
  impl->piece_wish.assign(format->seats, -1);
  return Match(std::move(impl));
}

Result<Match> Match::restore(const MatchRecord& record, std::int64_t now,
                             std::optional<std::int64_t> last_seen, Random random,
                             GameFactory factory, std::int64_t grace_ms) {
  return restore(record, {}, now, last_seen, std::move(random), std::move(factory), grace_ms);
}

Result<Match> Match::restore(const MatchRecord& record, const std::vector<LoggedMove>& moves,
                             std::int64_t now, std::optional<std::int64_t> last_seen, Random random,
                             GameFactory factory, std::int64_t grace_ms) {
  auto m = create(record.config, std::move(random), std::move(factory));
  if (!m) return m.error();
  Impl& im = *m.value().impl_;
  im.replay_draws = record.draws;
  im.replaying = true;
  // The record holds accepted calls only, so a refusal means the record (or
  // the rules it was made with) differs: an error, never a guess.
  for (std::size_t i = 0; i < record.inputs.size(); ++i) {
    const Update u = im.apply(record.inputs[i]);
    if (!u.ok())
      return make_error(ErrorCode::bad_input,
                        "record input " + std::to_string(i) + " (" +
                            std::string(action_name(record.inputs[i].action)) +
                            ") is refused on replay: " + u.error->message);
  }
  const LoggedMove* replayed = nullptr;
  for (const LoggedMove& lm : moves) {
    const int current = static_cast<int>(im.games.size()) - 1;
    const int have = current >= 0 ? static_cast<int>(im.games.back().moves.size()) : 0;
    if (lm.game < current || (lm.game == current && lm.ply <= have)) continue;  // in the record
    if (lm.game != current || lm.ply != have + 1)
      return make_error(ErrorCode::bad_input,
                        "move log: game " + std::to_string(lm.game + 1) + " ply " +
                            std::to_string(lm.ply) + " does not follow the record (game " +
                            std::to_string(current + 1) + ", " + std::to_string(have) + " moves)");
    Input in = make_input(Action::move, lm.at, lm.seat);
    in.move = lm.move;
    in.think_ms = lm.think_ms;
    in.elapsed_ms = lm.elapsed_ms;
    const Update u = im.apply(std::move(in));
    if (!u.ok())
      return make_error(ErrorCode::bad_input, "move log: game " + std::to_string(lm.game + 1) +
                                                  " ply " + std::to_string(lm.ply) + " '" +
                                                  lm.move + "' refused: " + u.error->message);
    replayed = &lm;
  }
  // The clocks as the server read them after the last stored move (the same
  // as the replay gives when every move carries its turn length; the stored
  // reading wins for rows written before turn lengths were kept).
  if (replayed && replayed->clocks_ms.size() == static_cast<std::size_t>(im.format.seats) &&
      im.phase == Phase::playing) {
    for (int s = 0; s < im.format.seats; ++s) im.clock.set_remaining(s, replayed->clocks_ms[s]);
  }
  if (im.replay_pos != record.draws.size())
    return make_error(ErrorCode::bad_input, "the record's lottery draws do not match its inputs (" +
                                                std::to_string(record.draws.size()) +
                                                " recorded, " + std::to_string(im.replay_pos) +
                                                " used)");
  im.replay_draws.clear();
  im.replaying = false;
  if (im.started) {
    Input resume = make_input(Action::resume, now);
    resume.last_seen = std::max(im.last_at, last_seen.value_or(im.last_at));
    resume.grace_ms = std::max<std::int64_t>(0, grace_ms);
    im.apply(resume);
  }
  return m;
}

Update Match::start(std::int64_t now) {
  return impl_->apply(make_input(Action::start, now));
}

Update Match::choose_piece(int seat, int piece, std::int64_t now) {
  Input in = make_input(Action::choose_piece, now, seat);
  in.piece = piece;
  return impl_->apply(std::move(in));
}

Update Match::move(int seat, std::string_view move, std::int64_t now,
                   std::optional<std::int64_t> think_ms) {
  Input in = make_input(Action::move, now, seat);
  in.move = std::string(move);
  in.think_ms = think_ms;
  return impl_->apply(std::move(in));
}

Update Match::resign_game(int seat, std::int64_t now) {
  return impl_->apply(make_input(Action::resign_game, now, seat));
}
Update Match::resign_match(int seat, std::int64_t now) {
  return impl_->apply(make_input(Action::resign_match, now, seat));
}
Update Match::ready(int seat, std::int64_t now) {
  return impl_->apply(make_input(Action::ready, now, seat));
}
Update Match::set_connected(int seat, bool connected, std::int64_t now) {
  return impl_->apply(make_input(connected ? Action::connect : Action::disconnect, now, seat));
}
Update Match::claim(int seat, std::int64_t now) {
  return impl_->apply(make_input(Action::claim, now, seat));
}
Update Match::tick(std::int64_t now) {
  return impl_->apply(make_input(Action::tick, now));
}

std::optional<std::int64_t> Match::next_deadline(std::optional<std::int64_t> after) const {
  std::optional<std::int64_t> best;
  auto consider = [&](std::optional<std::int64_t> t) {
    if (t && (!best || *t < *best)) best = t;
  };
  if (impl_->phase == Phase::playing) {
    if (auto f = impl_->clock.flag_at()) consider(*f + 1);  // the flag falls after flag_at
    // tick() cannot act on a claim, so a claim time already passed is no
    // deadline any more (a timer loop would spin on it).
    if (auto c = impl_->claim_from(); c && (!after || *c > *after)) consider(c);
  }
  if (impl_->phase == Phase::between_games || impl_->phase == Phase::choosing_pieces)
    consider(impl_->ready_deadline);
  return best;
}

const MatchConfig& Match::config() const {
  return impl_->config;
}
const Format& Match::format() const {
  return impl_->format;
}
Phase Match::phase() const {
  return impl_->phase;
}
int Match::game_index() const {
  return impl_->current_game;
}
const rules::GameState* Match::game() const {
  return impl_->game.get();
}
int Match::seat_to_move() const {
  return impl_->seat_to_move();
}
int Match::team_of(int seat) const {
  return impl_->team_of(seat);
}
std::vector<Points> Match::points() const {
  return impl_->totals();
}
std::string Match::score() const {
  return format_score(impl_->totals());
}
MatchEnd Match::end() const {
  return impl_->end;
}
const Clock& Match::clock() const {
  return impl_->clock;
}
bool Match::can_claim(int seat, std::int64_t now) const {
  return impl_->can_claim(seat, now);
}
const MatchRecord& Match::record() const {
  return impl_->record;
}

MatchView Match::view(std::int64_t now) const {
  const Impl& im = *impl_;
  MatchView v;
  v.phase = im.phase;
  v.format = im.format;
  v.game = game_index();
  v.games = im.games;
  v.points = im.totals();
  v.score = format_score(v.points);
  v.seat_to_move = im.seat_to_move();
  if (im.game) {
    if (v.seat_to_move >= 0) v.legal_moves = im.game->legal_moves();
    v.board = im.game->board_rows();
  }
  v.clock = im.clock.state();
  for (int s = 0; s < im.format.seats; ++s) v.remaining_ms.push_back(im.clock.remaining(s, now));
  v.ready = im.ready;
  v.ready_deadline = im.ready_deadline;
  v.connected = im.connected;
  v.team_piece = im.team_piece;
  v.piece_wish = im.piece_wish;
  v.claim_from = im.claim_from();
  v.end = im.end;
  v.loser_teams = im.loser_teams;
  return v;
}

}  // namespace ft::match
