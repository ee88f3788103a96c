#include <gtest/gtest.h>

#include "match/match.h"
#include "match_test_util.h"
#include "rules/twicefour_position.h"

namespace ft::match {
namespace {

using namespace ft::match::testing;
using rules::TF_CIRCLE;
using rules::TF_CROSS;

// Rounds from the start (RULES.md B2), checked by the rules library every
// time they are played here. The winner fills row 2 (or 4) and completes
// both of its lines with the fifth step while the other only shuffles.
const std::vector<std::string> CROSS_FIRST_CROSS_WINS = {
    "c1-c2", "d4-e4", "b2-a2", "e4-d4", "d2-e2", "d4-e4", "b1-b2", "e4-d4", "d1-d2"};
// The same turned by 180 degrees.
const std::vector<std::string> CIRCLE_FIRST_CIRCLE_WINS = {
    "c5-c4", "b2-a2", "d4-e4", "a2-b2", "b4-a4", "b2-a2", "d5-d4", "a2-b2", "b5-b4"};
// Back to the start twice: the third time ends the round, placement equal.
const std::vector<std::string> CROSS_FIRST_REPETITION_DRAW = {"d2-e2", "b4-a4", "e2-d2", "a4-b4",
                                                              "c1-c2", "c5-c4", "c2-c1", "c4-c5"};

MatchConfig twicefour(int level = 4) {
  MatchConfig c;
  c.variant = std::string(ft::rules::TWICEFOUR_VARIANT);
  c.time = twicefour_level_time(level).value();
  return c;
}

Match started(const MatchConfig& c, FakeClock& clock, Random random) {
  auto m = Match::create(c, std::move(random));
  EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.error().message);
  Match match = std::move(m).value();
  EXPECT_TRUE(match.start(clock.now).ok());
  return match;
}

void both_ready(Match& m, FakeClock& clock) {
  EXPECT_TRUE(m.ready(0, clock.advance(SEC)).ok());
  EXPECT_TRUE(m.ready(1, clock.advance(SEC)).ok());
}

// RULES.md B2: each player picks cross or circle; different picks stand.
TEST(RulesB2, DifferentPiecesNeedNoLottery) {
  FakeClock clock;
  int draws = 0;
  Match m = started(twicefour(), clock, [&](int) { return ++draws, 0; });
  EXPECT_EQ(m.phase(), Phase::choosing_pieces);
  EXPECT_EQ(m.clock().running(), -1);  // no clock while choosing
  EXPECT_FALSE(m.move(0, "d1-d2", clock.now).ok());
  EXPECT_TRUE(m.choose_piece(0, TF_CIRCLE, clock.advance(SEC)).ok());
  Update u = m.choose_piece(1, TF_CROSS, clock.advance(SEC));
  const PiecesChosen* p = find_event<PiecesChosen>(u);
  ASSERT_NE(p, nullptr);
  EXPECT_FALSE(p->lottery);
  EXPECT_EQ(p->team_piece, (std::vector<int>{TF_CIRCLE, TF_CROSS}));
  EXPECT_EQ(draws, 1);  // only the round-1 starter was drawn
  EXPECT_EQ(m.phase(), Phase::playing);
  EXPECT_FALSE(m.choose_piece(0, TF_CROSS, clock.advance(SEC)).ok());
}

// RULES.md B2: if both pick the same piece, a lottery decides who gets it.
TEST(RulesB2, SamePieceIsDecidedByLottery) {
  for (int winner = 0; winner < 2; ++winner) {
    FakeClock clock;
    Match m = started(twicefour(), clock, scripted({winner, 0}));
    m.choose_piece(0, TF_CROSS, clock.advance(SEC));
    Update u = m.choose_piece(1, TF_CROSS, clock.advance(SEC));
    const PiecesChosen* p = find_event<PiecesChosen>(u);
    ASSERT_NE(p, nullptr);
    EXPECT_TRUE(p->lottery);
    EXPECT_EQ(p->team_piece[winner], TF_CROSS);
    EXPECT_EQ(p->team_piece[1 - winner], TF_CIRCLE);
    EXPECT_EQ(m.record().draws, (std::vector<int>{winner, 0}));
  }
  FakeClock clock;
  Match m = started(twicefour(), clock, {});
  EXPECT_FALSE(m.choose_piece(0, 2, clock.now).ok());
}

// RULES.md B2 with A3 (our rule): choosing a piece is round 1's Ready; the
// one who has not chosen 3 minutes after the other did loses by abandonment.
TEST(RulesB2, NoPieceChoiceWithinThreeMinutesIsAbandonment) {
  FakeClock clock;
  Match m = started(twicefour(), clock, {});
  EXPECT_FALSE(m.next_deadline().has_value());  // nobody chose: nothing runs
  Update u = m.choose_piece(1, TF_CIRCLE, clock.advance(SEC));
  ASSERT_NE(find_event<ReadyPressed>(u), nullptr);
  EXPECT_EQ(find_event<ReadyPressed>(u)->deadline, clock.now + READY_TIMEOUT_MS);
  EXPECT_EQ(m.next_deadline(), clock.now + READY_TIMEOUT_MS);
  // Changing one's mind does not move the deadline.
  EXPECT_TRUE(m.choose_piece(1, TF_CROSS, clock.advance(MIN)).ok());
  EXPECT_TRUE(m.tick(clock.advance(2 * MIN - 1)).events.empty());
  u = m.tick(clock.advance(1));
  expect_match_over(u, MatchEnd::abandoned, {0}, "0:2");
}

// RULES.md B6: round 1 is started by the lottery winner, round 2 by the
// other; a player keeps their piece; win 1, draw ½; a twiceFour match to a
// third round at 1-1 whose starter is drawn again; time running out and
// resigning lose the round, not the match (B3, B7).
TEST(RulesB6, MatchGoesToAThirdRoundAtOneAll) {
  FakeClock clock;
  // Draws: piece lottery -> seat 1 gets cross; round 1 starter -> seat 0;
  // round 3 starter -> seat 1.
  Match m = started(twicefour(7), clock, scripted({1, 0, 1}));
  m.choose_piece(0, TF_CROSS, clock.advance(SEC));
  Update u = m.choose_piece(1, TF_CROSS, clock.advance(SEC));
  const GameStarted* r1 = find_event<GameStarted>(u);
  ASSERT_NE(r1, nullptr);
  EXPECT_TRUE(r1->starter_by_lottery);
  EXPECT_EQ(r1->first_seat, 0);
  EXPECT_EQ(r1->first_side, TF_CIRCLE);  // seat 0 got circle
  EXPECT_EQ(m.game()->game(), "twicefour");
  // Round 1: seat 0 (circle) wins on points.
  u = play(m, clock, CIRCLE_FIRST_CIRCLE_WINS);
  const GameOver* o1 = find_event<GameOver>(u);
  ASSERT_NE(o1, nullptr);
  EXPECT_EQ(o1->outcome.reason, rules::Reason::points);
  EXPECT_EQ(m.score(), "1:0");
  both_ready(m, clock);
  // Round 2: started by the other player (seat 1, cross), no lottery.
  ASSERT_EQ(m.phase(), Phase::playing);
  EXPECT_EQ(m.seat_to_move(), 1);
  EXPECT_EQ(m.game()->side_to_move(), TF_CROSS);
  EXPECT_FALSE(m.view(clock.now).games[1].starter_by_lottery);
  play(m, clock, {"c1-c2"});
  // B7 level 7: 15 s per move; seat 0 lets it run out: it loses the round only.
  ASSERT_EQ(m.seat_to_move(), 0);
  EXPECT_EQ(m.view(clock.now).remaining_ms[0], 15 * SEC);
  u = m.tick(*m.clock().flag_at() + 1);
  const GameOver* o2 = find_event<GameOver>(u);
  ASSERT_NE(o2, nullptr);
  EXPECT_EQ(o2->end, GameEnd::timeout);
  EXPECT_EQ(o2->loser_team, 0);
  EXPECT_EQ(find_event<MatchOver>(u), nullptr);
  EXPECT_EQ(m.score(), "1:1");
  EXPECT_EQ(m.phase(), Phase::between_games);
  both_ready(m, clock);
  // Round 3 at 1-1, starter drawn by lottery: seat 1 (cross).
  ASSERT_EQ(m.phase(), Phase::playing);
  EXPECT_EQ(m.game_index(), 2);
  EXPECT_TRUE(m.view(clock.now).games[2].starter_by_lottery);
  EXPECT_EQ(m.seat_to_move(), 1);
  u = play(m, clock, CROSS_FIRST_CROSS_WINS);
  const MatchOver* over = find_event<MatchOver>(u);
  ASSERT_NE(over, nullptr);
  EXPECT_EQ(over->end, MatchEnd::completed);
  EXPECT_EQ(over->score, "1:2");
  EXPECT_TRUE(over->rated);
  EXPECT_EQ(m.record().draws, (std::vector<int>{1, 0, 1}));
}

// RULES.md B6: no third round when it does not stand 1-1 after two rounds;
// B3: resignation loses the round and the next round is still played.
TEST(RulesB6, NoThirdRoundWhenNotLevel) {
  FakeClock clock;
  Match m = started(twicefour(), clock, scripted({0}));
  m.choose_piece(0, TF_CROSS, clock.advance(SEC));
  m.choose_piece(1, TF_CIRCLE, clock.advance(SEC));
  EXPECT_EQ(m.seat_to_move(), 0);
  Update u = m.resign_game(1, clock.advance(SEC));  // B3: resigning loses the round
  ASSERT_NE(find_event<GameOver>(u), nullptr);
  EXPECT_EQ(find_event<GameOver>(u)->end, GameEnd::resigned);
  EXPECT_EQ(find_event<MatchOver>(u), nullptr);
  both_ready(m, clock);
  EXPECT_EQ(m.seat_to_move(), 1);  // round 2 by the other player
  // Seat 1 (circle) starts round 2 and seat 0 (cross) wins it on points.
  u = play(
      m, clock,
      {"d4-e4", "c1-c2", "e4-d4", "b2-a2", "d4-e4", "d2-e2", "e4-d4", "b1-b2", "d4-e4", "d1-d2"});
  const MatchOver* over = find_event<MatchOver>(u);
  ASSERT_NE(over, nullptr);
  EXPECT_EQ(over->score, "2:0");
  EXPECT_EQ(m.view(clock.now).games.size(), 2u);
}

// RULES.md B6: 1-1 after two rounds also after two drawn rounds; a drawn
// third round draws the match (our rule).
TEST(RulesB6, DrawnThirdRoundDrawsTheMatch) {
  FakeClock clock;
  Match m = started(twicefour(), clock, scripted({0, 0}));
  m.choose_piece(0, TF_CROSS, clock.advance(SEC));
  m.choose_piece(1, TF_CIRCLE, clock.advance(SEC));
  Update u = play(m, clock, CROSS_FIRST_REPETITION_DRAW);  // seat 0 cross starts
  ASSERT_NE(find_event<GameOver>(u), nullptr);
  EXPECT_EQ(find_event<GameOver>(u)->outcome.status, rules::Status::draw);
  EXPECT_EQ(m.score(), "½:½");
  both_ready(m, clock);
  // Round 2, circle (seat 1) starts: a drawn round by repetition again.
  play(m, clock, {"b4-a4", "d2-e2", "a4-b4", "e2-d2", "c5-c4", "c1-c2", "c4-c5", "c2-c1"});
  ASSERT_EQ(m.phase(), Phase::between_games) << phase_name(m.phase());
  EXPECT_EQ(m.score(), "1:1");
  both_ready(m, clock);
  EXPECT_EQ(m.game_index(), 2);
  EXPECT_EQ(m.seat_to_move(), 0);  // lottery drew seat 0
  u = play(m, clock, CROSS_FIRST_REPETITION_DRAW);
  const MatchOver* over = find_event<MatchOver>(u);
  ASSERT_NE(over, nullptr);
  EXPECT_EQ(over->score, "1½:1½");
}

// RULES.md B6 with A3: resign match in twiceFour loses the current round and
// the rounds not yet played.
TEST(RulesB6, ResignMatchLosesRemainingRounds) {
  FakeClock clock;
  Match m = started(twicefour(), clock, scripted({1}));
  m.choose_piece(0, TF_CROSS, clock.advance(SEC));
  m.choose_piece(1, TF_CIRCLE, clock.advance(SEC));
  Update u = m.resign_match(0, clock.advance(SEC));
  ASSERT_NE(find_event<MatchOver>(u), nullptr);
  EXPECT_EQ(m.score(), "0:2");
  EXPECT_EQ(m.end(), MatchEnd::resigned);
}

// RULES.md B6 with A3: at 1-1 the third round is owed, so abandoning before
// it loses that round too.
TEST(RulesB6, AbandonAtOneAllLosesTheThirdRound) {
  FakeClock clock;
  Match m = started(twicefour(), clock, scripted({0}));
  m.choose_piece(0, TF_CROSS, clock.advance(SEC));
  m.choose_piece(1, TF_CIRCLE, clock.advance(SEC));
  m.resign_game(1, clock.advance(SEC));
  both_ready(m, clock);
  m.resign_game(0, clock.advance(SEC));
  EXPECT_EQ(m.score(), "1:1");
  m.ready(1, clock.advance(SEC));
  Update u = m.tick(clock.advance(READY_TIMEOUT_MS));
  const MatchOver* over = find_event<MatchOver>(u);
  ASSERT_NE(over, nullptr);
  EXPECT_EQ(over->end, MatchEnd::abandoned);
  EXPECT_EQ(over->score, "1:2");
  EXPECT_EQ(m.view(clock.now).games.size(), 3u);
}

// RULES.md B3, B7 with A4: a round move inside the grace, covered by the lag
// credit, is in time; the per-move time is fresh for every move.
TEST(RulesB7, PerMoveTimeWithLagCredit) {
  FakeClock clock;
  Match m = started(twicefour(7), clock, scripted({0}));
  m.choose_piece(0, TF_CROSS, clock.advance(SEC));
  m.choose_piece(1, TF_CIRCLE, clock.advance(SEC));
  // 15.3 s on the server, 14.9 s of thinking: 400 ms of lag credited.
  Update u = m.move(0, "c1-c2", clock.advance(15300), 14900);
  ASSERT_TRUE(u.ok()) << u.error->message;
  EXPECT_EQ(find_event<MoveMade>(u)->charge.lag_credit_ms, 400);
  EXPECT_EQ(m.view(clock.now).remaining_ms[1], 15 * SEC);
  // The same overrun without a report is a lost round.
  u = m.move(1, "c5-c4", clock.advance(15300));
  ASSERT_NE(find_event<GameOver>(u), nullptr);
  EXPECT_EQ(find_event<GameOver>(u)->end, GameEnd::timeout);
  EXPECT_EQ(m.score(), "1:0");
}

}  // namespace
}  // namespace ft::match
