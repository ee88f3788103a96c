#include "match/match_json.h"

#include <gtest/gtest.h>

#include "match_test_util.h"
#include "rules/twicefour_position.h"

namespace ft::match {
namespace {

using namespace ft::match::testing;

TEST(Json, WriterQuotesAndNests) {
  json::Writer w;
  w.begin_object()
      .key("a")
      .value(1)
      .key("s")
      .value("x\"y\n\x01½")
      .key("l")
      .begin_array()
      .value(true)
      .null()
      .value(1.5)
      .value(2.0)
      .end_array()
      .key("o")
      .begin_object()
      .end_object()
      .end_object();
  EXPECT_EQ(w.str(), R"({"a":1,"s":"x\"y\n\u0001½","l":[true,null,1.5,2.0],"o":{}})");
  auto v = json::Value::parse(w.str());
  ASSERT_TRUE(v.ok()) << v.error().message;
  EXPECT_EQ(v->find("s")->as_string(), "x\"y\n\x01½");
  EXPECT_EQ(v->find("a")->as_int(), 1);
  EXPECT_EQ(v->find("l")->as_array()[2].as_double(), 1.5);
  EXPECT_TRUE(v->find("l")->as_array()[1].is_null());
  EXPECT_TRUE(v->find("o")->is_object());
}

TEST(Json, ParserRejectsBadTextWithAReason) {
  for (const char* bad : {"", "{", "[1,]", "{\"a\" 1}", "\"abc", "01x", "tru", "{\"a\":1} x",
                          "\"\\ud800\"", "[\"\x01\"]", "1e999"}) {
    auto v = json::Value::parse(bad);
    EXPECT_FALSE(v.ok()) << bad;
    if (!v.ok()) {
      EXPECT_NE(v.error().message.find("JSON"), std::string::npos);
    }
  }
  std::string deep(100, '[');
  EXPECT_FALSE(json::Value::parse(deep).ok());
  auto u = json::Value::parse(R"(["\u00e9\ud83d\ude00", -12, 3.5e2])");
  ASSERT_TRUE(u.ok());
  EXPECT_EQ(u->as_array()[0].as_string(), "é😀");
  EXPECT_EQ(u->as_array()[1].as_int(), -12);
  EXPECT_EQ(u->as_array()[2].as_double(), 350.0);
}

// The match's events carry their time and fields as the server reads them
// (server/tables/room_events.cpp turns them into frames).
TEST(MatchEvents, CarryTheirTimeAndFields) {
  FakeClock clock;
  MatchConfig c;
  Match m = Match::create(c).value();
  Update u = m.start(clock.now);
  ASSERT_FALSE(u.events.empty());
  const auto* started = std::get_if<GameStarted>(&u.events[0].body);
  ASSERT_NE(started, nullptr);
  EXPECT_EQ(u.events[0].at, clock.now);
  EXPECT_EQ(started->game, 0);
  EXPECT_EQ(started->first_seat, 0);
  EXPECT_EQ(started->side_team, (std::vector<int>{0, 1}));
  u = play(m, clock, RED_WINS);
  const GameOver* over = find_event<GameOver>(u);
  ASSERT_NE(over, nullptr);
  EXPECT_EQ(over->outcome.reason, rules::Reason::line);
  EXPECT_EQ(over->outcome.winner, 0);
  EXPECT_EQ(over->points, (std::vector<Points>{WIN, LOSS}));
  for (const Event& e : u.events) EXPECT_EQ(e.at, clock.now);
  EXPECT_EQ(find_event<MatchOver>(u), nullptr);
}

// The view, as `fourtable match-replay` prints it.
TEST(MatchJson, ViewSerialises) {
  FakeClock clock;
  Match m = Match::create(MatchConfig{}).value();
  m.start(clock.now);
  play(m, clock, RED_WINS);
  auto view = json::Value::parse(to_json(m.view(clock.now)));
  ASSERT_TRUE(view.ok());
  EXPECT_EQ(view->find("phase")->as_string(), "between-games");
  EXPECT_EQ(view->find("score")->as_string(), "1:0");
  EXPECT_EQ(view->find("board")->as_array().size(), 6u);
  EXPECT_TRUE(view->find("seat_to_move")->is_null());
  EXPECT_EQ(view->find("points")->as_array()[0].as_double(), 1.0);
  EXPECT_EQ(view->find("games")->as_array()[0].find("outcome")->find("reason")->as_string(),
            "line");
}

// The record round-trips through JSON unchanged.
TEST(MatchJson, RecordRoundTrips) {
  FakeClock clock;
  MatchConfig c;
  c.variant = "obstacles";
  c.options.blocks = 6;
  c.seed = 0xfedcba9876543210ULL;
  Match m = Match::create(c).value();
  m.start(clock.now);
  m.move(0, "d", clock.advance(SEC), 800);
  m.move(1, "d", clock.advance(SEC));
  m.resign_game(0, clock.advance(SEC));
  m.ready(0, clock.advance(SEC));
  const std::string text = to_json(m.record());
  auto back = record_from_json(text);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back->config.seed, c.seed);
  EXPECT_EQ(back->config.options.blocks, 6);
  ASSERT_EQ(back->inputs.size(), 5u);
  EXPECT_EQ(back->inputs[1].move, "d");
  EXPECT_EQ(back->inputs[1].think_ms, 800);
  EXPECT_FALSE(back->inputs[2].think_ms.has_value());
  EXPECT_EQ(back->inputs[3].action, Action::resign_game);
  EXPECT_EQ(back->inputs[4].action, Action::ready);
  EXPECT_EQ(back->inputs[4].seat, 0);
  EXPECT_EQ(to_json(*back), text);
}

// A match opened from a position: its start drops stand before the first
// move of every game, and the record keeps them (a restart replays from them).
TEST(MatchJson, AStartPositionIsPlayedAndKept) {
  FakeClock clock;
  MatchConfig c;
  c.start = {3, 3, 2};  // d, d, c: Yellow to move
  Match m = Match::create(c).value();
  m.start(clock.now);
  EXPECT_FALSE(m.move(0, "e", clock.advance(SEC)).ok()) << "Red has moved: Yellow is to move";
  ASSERT_TRUE(m.move(1, "c", clock.advance(SEC)).ok());
  const std::string text = to_json(m.record());
  EXPECT_NE(text.find(R"("start":[3,3,2])"), std::string::npos) << text;
  auto back = record_from_json(text);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back->config.start, c.start);
  EXPECT_EQ(to_json(*back), text);
  // A record without the field has no start; a damaged one names it.
  EXPECT_EQ(to_json(MatchRecord{}).find("\"start\""), std::string::npos);
  std::string bad = text;
  bad.replace(bad.find("[3,3,2]"), 7, "[3,12]");
  auto r = record_from_json(bad);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("config.start: not a column number"), std::string::npos)
      << r.error().message;
}

TEST(MatchJson, BadRecordsAreRefusedWithTheField) {
  EXPECT_FALSE(record_from_json("nope").ok());
  auto r = record_from_json(R"({"version":1,"config":{"variant":"classic"}})");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("config.options"), std::string::npos) << r.error().message;
  MatchRecord ok;
  std::string text = to_json(ok);
  text.replace(text.find("\"inputs\":[]"), 11, R"("inputs":[{"action":"fly","at":1}])");
  auto f = record_from_json(text);
  ASSERT_FALSE(f.ok());
  EXPECT_NE(f.error().message.find("unknown action 'fly'"), std::string::npos);
}

// Found by fuzz/match_record_fuzz.cpp: a record with a ready timeout of
// 2^63-1 decoded, and restoring it overflowed the Ready deadline (now + the
// timeout). Times in a record are bounded, so such sums cannot overflow.
TEST(MatchJson, TimesOutOfRangeAreRefusedWithTheField) {
  FakeClock clock;
  Match m = Match::create(MatchConfig{}).value();
  m.start(clock.now);
  m.move(0, "d", clock.advance(SEC), 800);
  const std::string text = to_json(m.record());
  ASSERT_TRUE(record_from_json(text).ok());
  const std::string huge = "9223372036854775807";
  for (const std::string field : {"\"ready_timeout_ms\":", "\"claim_after_ms\":", "\"bank_ms\":",
                                  "\"think_ms\":", "\"elapsed_ms\":"}) {
    std::string bad = text;
    const auto at = bad.find(field) + field.size();
    bad.replace(at, bad.find_first_of(",}", at) - at, huge);
    auto r = record_from_json(bad);
    ASSERT_FALSE(r.ok()) << field;
    EXPECT_NE(r.error().message.find(field.substr(1, field.size() - 3) + ": out of range"),
              std::string::npos)
        << r.error().message;
  }
  // A resume's grace (added to its time) overflowed the clock the same way.
  {
    Match restored =
        Match::restore(m.record(), clock.advance(5 * SEC), std::nullopt, {}, {}, 3000).value();
    const std::string resumed = to_json(restored.record());
    const std::string field = "\"grace_ms\":";
    ASSERT_NE(resumed.find(field), std::string::npos) << resumed;
    std::string bad = resumed;
    const auto at = bad.find(field) + field.size();
    bad.replace(at, bad.find_first_of(",}", at) - at, huge);
    auto r = record_from_json(bad);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("grace_ms: out of range"), std::string::npos)
        << r.error().message;
  }
  std::string bad = text;
  const auto at = bad.find("\"at\":") + 5;  // inputs[0], the start
  bad.replace(at, bad.find_first_of(",}", at) - at, "-" + huge);
  auto r = record_from_json(bad);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("record.inputs[0].at: out of range"), std::string::npos)
      << r.error().message;
}

// A record whose inputs the match refuses is an error on restore, not a guess.
TEST(MatchRestore, InconsistentRecordIsRefused) {
  FakeClock clock;
  Match m = Match::create(MatchConfig{}).value();
  m.start(clock.now);
  m.move(0, "d", clock.advance(SEC));
  MatchRecord rec = m.record();
  rec.inputs[1].move = "q";
  auto back = Match::restore(rec, clock.now);
  ASSERT_FALSE(back.ok());
  EXPECT_NE(back.error().message.find("record input 1 (move)"), std::string::npos)
      << back.error().message;
  rec = m.record();
  rec.inputs[1].seat = 1;  // not that seat's turn
  EXPECT_FALSE(Match::restore(rec, clock.now).ok());
}

// A match restored from its record after a restart is the same match, and
// nobody is charged for the downtime (RULES.md A4; docs/protocol.md 6).
TEST(MatchRestore, RestoredMatchContinuesWithoutChargingDowntime) {
  FakeClock clock;
  MatchConfig c;
  c.variant = "drawn-opening";
  c.seed = 99;
  Match m = Match::create(c).value();
  m.start(clock.now);
  play(m, clock, {"a", "b", "a"}, 3 * SEC);
  const int to_move = m.seat_to_move();
  clock.advance(4 * SEC);  // seat to move thinks 4 s, then the server dies
  const std::int64_t heartbeat = clock.now;
  const std::int64_t left_at_crash = m.view(heartbeat).remaining_ms[to_move];
  const std::string saved = to_json(m.record());
  clock.advance(20 * MIN);  // down for 20 minutes
  auto rec = record_from_json(saved);
  ASSERT_TRUE(rec.ok());
  auto back = Match::restore(*rec, clock.now, heartbeat);
  ASSERT_TRUE(back.ok()) << back.error().message;
  Match& r = back.value();
  EXPECT_EQ(r.view(clock.now).board, m.view(heartbeat).board);
  EXPECT_EQ(r.seat_to_move(), to_move);
  EXPECT_EQ(r.view(clock.now).remaining_ms[to_move], left_at_crash);
  EXPECT_EQ(r.view(clock.now).remaining_ms[1 - to_move],
            m.view(heartbeat).remaining_ms[1 - to_move]);
  EXPECT_TRUE(r.tick(clock.now).events.empty());  // no flag fell during the downtime
  // Play goes on: the mover is charged the 4 s before and 1 s after.
  Update u = r.move(to_move, "c", clock.advance(SEC));
  ASSERT_TRUE(u.ok()) << u.error->message;
  EXPECT_EQ(find_event<MoveMade>(u)->charge.charged_ms, 5 * SEC);
  // The restored record carries the resume, so a second restore agrees.
  auto again = Match::restore(r.record(), clock.now);
  ASSERT_TRUE(again.ok()) << again.error().message;
  EXPECT_EQ(again->view(clock.now).remaining_ms, r.view(clock.now).remaining_ms);
  EXPECT_EQ(to_json(again->view(clock.now)), to_json(r.view(clock.now)));
}

// Restore from an older record plus the move log written since.
TEST(MatchRestore, RecordPlusMoveLog) {
  FakeClock clock;
  Match m = Match::create(MatchConfig{}).value();
  m.start(clock.now);
  play(m, clock, {"d", "d"});
  const MatchRecord early = m.record();
  std::vector<LoggedMove> log;
  int ply = 0;
  for (const char* mv : {"d", "d", "c", "e"}) {
    ++ply;
    if (ply <= 2) {
      log.push_back(LoggedMove{0, ply, (ply - 1) % 2, mv, std::nullopt, 0, std::nullopt, {}});
      continue;
    }
    const int seat = m.seat_to_move();
    m.move(seat, mv, clock.advance(2 * SEC), 1500);
    log.push_back(LoggedMove{0, ply, seat, mv, 1500, clock.now, std::nullopt, {}});
  }
  auto back = Match::restore(early, log, clock.now);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back->view(clock.now).board, m.view(clock.now).board);
  EXPECT_EQ(back->view(clock.now).remaining_ms, m.view(clock.now).remaining_ms);
  // A gap in the log is an error, not a silent skip.
  std::vector<LoggedMove> gap = {
      LoggedMove{0, 4, 1, "e", std::nullopt, clock.now, std::nullopt, {}}};
  auto g = Match::restore(early, gap, clock.now);
  ASSERT_FALSE(g.ok());
  EXPECT_NE(g.error().message.find("does not follow"), std::string::npos);
}

// Connections are socket facts: a flapping client does not grow the record,
// and a restored match starts with everyone connected.
TEST(MatchRestore, ConnectionsAreNotRecorded) {
  FakeClock clock;
  Match m = Match::create(MatchConfig{}).value();
  m.start(clock.now);
  for (int i = 0; i < 100; ++i) {
    m.set_connected(0, false, clock.advance(10));
    m.set_connected(0, true, clock.advance(10));
  }
  m.set_connected(0, false, clock.advance(10));
  EXPECT_EQ(m.record().inputs.size(), 1u);
  EXPECT_FALSE(m.view(clock.now).connected[0]);
  auto back = Match::restore(m.record(), clock.now);
  ASSERT_TRUE(back.ok());
  EXPECT_TRUE(back->view(clock.now).connected[0]);
  // A flag that falls during a refused call is recorded as a tick.
  Match t = Match::create(MatchConfig{}).value();
  t.start(clock.now);
  Update u = t.move(1, "d", clock.advance(6 * 60 * SEC));
  EXPECT_FALSE(u.ok());
  ASSERT_NE(find_event<MatchOver>(u), nullptr);
  ASSERT_EQ(t.record().inputs.size(), 2u);
  EXPECT_EQ(t.record().inputs[1].action, Action::tick);
  auto tb = Match::restore(t.record(), clock.now);
  ASSERT_TRUE(tb.ok());
  EXPECT_EQ(tb->end(), MatchEnd::timeout);
  EXPECT_EQ(tb->score(), "0:2");
}

// Lotteries are part of the record: a restored twiceFour match has the same
// pieces and round starters, whatever random source the new process has.
TEST(MatchRestore, LotteryDrawsAreReplayed) {
  FakeClock clock;
  MatchConfig c;
  c.variant = std::string(ft::rules::TWICEFOUR_VARIANT);
  c.time = twicefour_level_time(3).value();
  Match m = Match::create(c, scripted({1, 1})).value();
  m.start(clock.now);
  m.choose_piece(0, rules::TF_CROSS, clock.advance(SEC));
  m.choose_piece(1, rules::TF_CROSS, clock.advance(SEC));
  auto back = Match::restore(*record_from_json(to_json(m.record())), clock.now, std::nullopt,
                             scripted({0, 0, 0}));
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back->view(clock.now).team_piece, m.view(clock.now).team_piece);
  EXPECT_EQ(back->seat_to_move(), m.seat_to_move());
  EXPECT_EQ(back->seat_to_move(), 1);
}

// RULES.md B2 changed on 2026-12-01. A record names the start its rounds
// began from; one written before (no such field) replays from the first start,
// where b1-b2 is a legal first step; a new match begins from the new start.
TEST(MatchRestore, TwiceFourRecordKeepsItsStart) {
  FakeClock clock;
  MatchConfig old_config;
  old_config.variant = std::string(ft::rules::TWICEFOUR_VARIANT);
  old_config.time = twicefour_level_time(3).value();
  old_config.twicefour_start = static_cast<int>(rules::TfStart::first);
  Match old = Match::create(old_config, scripted({0})).value();
  old.start(clock.now);
  old.choose_piece(0, rules::TF_CROSS, clock.advance(SEC));
  old.choose_piece(1, rules::TF_CIRCLE, clock.advance(SEC));
  ASSERT_EQ(old.seat_to_move(), 0);
  ASSERT_TRUE(old.move(0, "b1-b2", clock.advance(SEC)).ok());
  // What the server wrote before the field existed: the same without it.
  std::string text = to_json(old.record());
  const std::string field = R"(,"twicefour_start":1)";
  ASSERT_NE(text.find(field), std::string::npos) << text;
  text.erase(text.find(field), field.size());
  auto rec = record_from_json(text);
  ASSERT_TRUE(rec.ok()) << rec.error().message;
  EXPECT_EQ(rec->config.twicefour_start, 1);
  auto back = Match::restore(*rec, clock.now);
  ASSERT_TRUE(back.ok()) << back.error().message;
  const std::vector<std::string> first_after_b1_b2 = {" OOO ", "O...O", ".....", "XX..X", " .XX "};
  EXPECT_EQ(back->view(clock.now).board, first_after_b1_b2);

  // A new match: the new start, and its record says so.
  MatchConfig c = old_config;
  c.twicefour_start = MatchConfig{}.twicefour_start;
  EXPECT_EQ(c.twicefour_start, static_cast<int>(rules::TfStart::fair));
  Match now = Match::create(c, scripted({0})).value();
  now.start(clock.now);
  now.choose_piece(0, rules::TF_CROSS, clock.advance(SEC));
  now.choose_piece(1, rules::TF_CIRCLE, clock.advance(SEC));
  const std::vector<std::string> start = {" OOO ", ".O.O.", ".....", ".X.X.", " XXX "};
  EXPECT_EQ(now.view(clock.now).board, start);
  EXPECT_FALSE(now.move(0, "b1-b2", clock.advance(SEC)).ok());  // b2 is taken now
  auto again = record_from_json(to_json(now.record()));
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->config.twicefour_start, 2);
  EXPECT_EQ(Match::restore(*again, clock.now)->view(clock.now).board, start);

  // An unknown start is refused with the field named.
  std::string bad = to_json(now.record());
  bad.replace(bad.find(R"("twicefour_start":2)"), 19, R"("twicefour_start":7)");
  auto refused = record_from_json(bad);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().message.find("config.twicefour_start"), std::string::npos)
      << refused.error().message;
}

}  // namespace
}  // namespace ft::match
