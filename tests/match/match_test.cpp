#include "match/match.h"

#include <gtest/gtest.h>

#include "match_test_util.h"
#include "rules/setup_draw.h"

namespace ft::match {
namespace {

using namespace ft::match::testing;

MatchConfig config_of(std::string variant, TimeControl tc = {5 * MIN, 3 * SEC, 0}) {
  MatchConfig c;
  c.variant = std::move(variant);
  c.time = tc;
  c.seed = 42;
  return c;
}

Match started(const MatchConfig& c, FakeClock& clock, Random random = {},
              GameFactory factory = {}) {
  auto m = Match::create(c, std::move(random), std::move(factory));
  EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.error().message);
  Match match = std::move(m).value();
  const Update u = match.start(clock.now);
  EXPECT_TRUE(u.ok());
  return match;
}

void all_ready(Match& m, FakeClock& clock) {
  for (int s = 0; s < m.format().seats; ++s) {
    const Update u = m.ready(s, clock.advance(SEC));
    EXPECT_TRUE(u.ok()) << (u.ok() ? "" : u.error->message);
  }
}

// RULES.md A3: a full two-game match; game 2 swaps colours and first move;
// a win and a draw make 1½:½.
TEST(RulesA3, TwoGameMatchToOneAndAHalfToAHalf) {
  FakeClock clock;
  Match m = started(config_of("classic"), clock);
  EXPECT_EQ(m.phase(), Phase::playing);
  EXPECT_EQ(m.seat_to_move(), 0);  // seat 0 is Red in game 1 and moves first
  Update u = play(m, clock, RED_WINS);
  const GameOver* over = find_event<GameOver>(u);
  ASSERT_NE(over, nullptr);
  EXPECT_EQ(over->end, GameEnd::rules);
  EXPECT_EQ(over->outcome.reason, rules::Reason::line);
  EXPECT_EQ(m.score(), "1:0");
  EXPECT_EQ(m.phase(), Phase::between_games);
  EXPECT_EQ(m.seat_to_move(), -1);
  all_ready(m, clock);
  ASSERT_EQ(m.phase(), Phase::playing);
  EXPECT_EQ(m.game_index(), 1);
  EXPECT_EQ(m.seat_to_move(), 1);  // colours and first move swapped
  EXPECT_EQ(m.view(clock.now).games[1].side_team, (std::vector<int>{1, 0}));
  u = play(m, clock, CLASSIC_DRAW);
  const MatchOver* done = find_event<MatchOver>(u);
  ASSERT_NE(done, nullptr);
  EXPECT_EQ(done->end, MatchEnd::completed);
  EXPECT_EQ(done->score, "1½:½");
  EXPECT_TRUE(done->rated);
  EXPECT_EQ(m.phase(), Phase::over);
  EXPECT_EQ(m.points(), (std::vector<Points>{Points{3}, Points{1}}));
}

// RULES.md A3: the scores 2:0 and 1:1 (a drawn match, no tie-break game).
TEST(RulesA3, ScoresTwoNilAndDrawnMatchWithoutTieBreak) {
  FakeClock clock;
  Match a = started(config_of("classic"), clock);
  play(a, clock, RED_WINS);  // seat 0 red wins
  all_ready(a, clock);
  play(a, clock, YELLOW_WINS);  // seat 0 is yellow now and wins again
  EXPECT_EQ(a.score(), "2:0");
  Match b = started(config_of("classic"), clock);
  play(b, clock, RED_WINS);
  all_ready(b, clock);
  Update u = play(b, clock, RED_WINS);  // seat 1 is red now
  ASSERT_NE(find_event<MatchOver>(u), nullptr);
  EXPECT_EQ(b.score(), "1:1");
  EXPECT_EQ(b.phase(), Phase::over);
  EXPECT_EQ(b.view(clock.now).games.size(), 2u);
}

TEST(RulesA3, ScoreFormatting) {
  EXPECT_EQ(format_score({Points{4}, Points{0}}), "2:0");
  EXPECT_EQ(format_score({Points{3}, Points{1}}), "1½:½");
  EXPECT_EQ(format_score({Points{2}, Points{2}}), "1:1");
  EXPECT_EQ(format_score({Points{4}, Points{2}, Points{0}}), "2:1:0");
  EXPECT_EQ(format_points(Points{1}), "½");
  EXPECT_EQ(format_points(Points{5}), "2½");
}

// A stored result read back (the profile's win/draw/loss): every score
// format_score writes parses to its points; anything else is refused.
TEST(RulesA3, ScoreParsingIsFormattingsInverse) {
  for (const std::vector<Points>& p :
       std::vector<std::vector<Points>>{{Points{4}, Points{0}},
                                        {Points{3}, Points{1}},
                                        {Points{1}, Points{3}},
                                        {Points{2}, Points{2}},
                                        {Points{4}, Points{2}, Points{0}},
                                        {Points{0}, Points{0}},
                                        {Points{21}, Points{1}}})
    EXPECT_EQ(parse_score(format_score(p)), p) << format_score(p);
  for (const char* bad : {"", ":", "1:", "a:b", "1½½:0", "0½:1", "2:-1", "1.5:0.5", "2 :0"})
    EXPECT_EQ(parse_score(bad), std::nullopt) << bad;
}

// RULES.md A3: between games the board keeps the final position and no
// clock runs until every player pressed Ready.
TEST(RulesA3, NoClockRunsBetweenGames) {
  FakeClock clock;
  Match m = started(config_of("classic"), clock);
  play(m, clock, RED_WINS);
  const auto before = m.view(clock.now).remaining_ms;
  const auto board = m.view(clock.now).board;
  clock.advance(2 * MIN);
  EXPECT_EQ(m.view(clock.now).remaining_ms, before);
  EXPECT_EQ(m.view(clock.now).board, board);
  EXPECT_FALSE(m.tick(clock.now).error.has_value());
  EXPECT_EQ(m.phase(), Phase::between_games);
  EXPECT_FALSE(m.next_deadline().has_value());  // nobody pressed Ready yet
  Update r = m.ready(1, clock.advance(SEC));
  ASSERT_NE(find_event<ReadyPressed>(r), nullptr);
  EXPECT_EQ(find_event<ReadyPressed>(r)->deadline, clock.now + READY_TIMEOUT_MS);
  EXPECT_EQ(m.phase(), Phase::between_games);
  Update s = m.ready(0, clock.advance(SEC));
  ASSERT_NE(find_event<GameStarted>(s), nullptr);
  EXPECT_EQ(m.view(clock.now).remaining_ms, before);
}

// RULES.md A3: Ready for next game with the 3-minute abandonment: the one
// who did not press Ready loses the match.
TEST(RulesA3, ReadyTimeoutLosesTheMatchByAbandonment) {
  FakeClock clock;
  Match m = started(config_of("classic"), clock);
  play(m, clock, RED_WINS);  // 1:0 for seat 0
  m.ready(0, clock.advance(SEC));
  EXPECT_EQ(m.next_deadline(), clock.now + 3 * MIN);
  EXPECT_TRUE(m.tick(clock.advance(3 * MIN - 1)).events.empty());
  EXPECT_EQ(m.phase(), Phase::between_games);
  Update u = m.tick(clock.advance(1));
  // game 2 is lost by the one not ready
  expect_match_over(u, MatchEnd::abandoned, {1}, "2:0");
  // Too late to press Ready now.
  EXPECT_FALSE(m.ready(1, clock.advance(SEC)).ok());
}

// RULES.md A3: Ready pressed after the deadline by the late player: the
// deadline fires first, even when no tick came in between.
TEST(RulesA3, LateReadyFindsTheMatchAbandoned) {
  FakeClock clock;
  Match m = started(config_of("classic"), clock);
  play(m, clock, RED_WINS);
  m.ready(1, clock.advance(SEC));
  Update u = m.ready(0, clock.advance(3 * MIN + SEC));
  EXPECT_FALSE(u.ok());
  ASSERT_NE(find_event<MatchOver>(u), nullptr);
  EXPECT_EQ(find_event<MatchOver>(u)->loser_teams, std::vector<int>{0});
  EXPECT_EQ(m.score(), "1:1");
}

// RULES.md A3: resign game loses the current game; the next game is played.
TEST(RulesA3, ResignGameThenGameTwoIsPlayed) {
  FakeClock clock;
  Match m = started(config_of("classic"), clock);
  play(m, clock, {"d", "d"});
  Update u = m.resign_game(0, clock.advance(SEC));
  ASSERT_TRUE(u.ok());
  const GameOver* g = find_event<GameOver>(u);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->end, GameEnd::resigned);
  EXPECT_EQ(g->loser_team, 0);
  EXPECT_EQ(find_event<MatchOver>(u), nullptr);
  EXPECT_EQ(m.score(), "0:1");
  all_ready(m, clock);
  ASSERT_EQ(m.phase(), Phase::playing);
  EXPECT_EQ(m.seat_to_move(), 1);
  u = play(m, clock, YELLOW_WINS);  // seat 0, now yellow, wins game 2
  ASSERT_NE(find_event<MatchOver>(u), nullptr);
  EXPECT_EQ(m.score(), "1:1");
  EXPECT_EQ(m.end(), MatchEnd::completed);
}

// RULES.md A3: resign match ends the match at once: the resigner loses the
// current game and every game not yet played.
TEST(RulesA3, ResignMatchLosesCurrentAndUnplayedGames) {
  FakeClock clock;
  Match m = started(config_of("classic"), clock);
  play(m, clock, {"d", "c"});
  Update u = m.resign_match(1, clock.advance(SEC));  // it is seat 0's turn: any time works
  ASSERT_TRUE(u.ok());
  EXPECT_EQ(count_events<GameOver>(u), 2);
  expect_match_over(u, MatchEnd::resigned, {1}, "2:0");
  EXPECT_EQ(m.clock().running(), -1);
  EXPECT_FALSE(m.move(0, "a", clock.advance(SEC)).ok());
  // Game 2 scores but was never played: no sides, no moves, and the game on
  // the board (game_index, game()) is still game 1.
  const MatchView v = m.view(clock.now);
  ASSERT_EQ(v.games.size(), 2u);
  EXPECT_TRUE(v.games[0].played());
  EXPECT_FALSE(v.games[1].played());
  EXPECT_TRUE(v.games[1].moves.empty());
  EXPECT_EQ(m.game_index(), 0);
  EXPECT_EQ(v.game, 0);
  EXPECT_EQ(m.game()->moves(), (std::vector<std::string>{"d", "c"}));
}

// RULES.md A4: a player whose time runs out loses the match: the current
// game and every game not yet played. Here in game 2.
TEST(RulesA4, MatchLostOnTimeInGameTwo) {
  FakeClock clock;
  Match m = started(config_of("classic", {MIN, 0, 0}), clock);
  play(m, clock, RED_WINS, 2 * SEC);  // seat 0 leads 1:0
  all_ready(m, clock);
  play(m, clock, {"d", "d", "e"}, 5 * SEC);  // seat 1 red, seat 0 yellow
  ASSERT_EQ(m.seat_to_move(), 0);
  const std::int64_t flag = *m.clock().flag_at();
  EXPECT_EQ(m.next_deadline(), flag + 1);
  EXPECT_TRUE(m.tick(flag).events.empty());  // still inside the grace
  Update u = m.tick(flag + 1);
  // led 1:0, lost game 2 on time
  expect_match_over(u, MatchEnd::timeout, {0}, "1:1");
  const GameOver* g = find_event<GameOver>(u);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->end, GameEnd::timeout);
  EXPECT_EQ(m.view(clock.now).remaining_ms[0], 0);
}

// RULES.md A4: a timeout in game 1 also forfeits game 2, and a move sent
// after the flag fell (no tick in between) does not save the player.
TEST(RulesA4, MoveAfterTheFlagLosesTheMatch) {
  FakeClock clock;
  Match m = started(config_of("classic", {10 * SEC, 0, 0}), clock);
  Update u = m.move(0, "d", clock.advance(13 * SEC));
  EXPECT_TRUE(u.ok() || u.error.has_value());
  const MatchOver* over = find_event<MatchOver>(u);
  ASSERT_NE(over, nullptr);
  EXPECT_EQ(over->end, MatchEnd::timeout);
  EXPECT_EQ(over->score, "0:2");
  EXPECT_EQ(m.view(clock.now).games.size(), 2u);
  EXPECT_EQ(m.view(clock.now).games[1].end, GameEnd::forfeited);
}

// RULES.md A4: increment added after each move in time (Fischer).
TEST(RulesA4, FischerIncrementPerMove) {
  FakeClock clock;
  Match m = started(config_of("classic", {MIN, 2 * SEC, 0}), clock);
  Update u = m.move(0, "d", clock.advance(5 * SEC));
  const MoveMade* mv = find_event<MoveMade>(u);
  ASSERT_NE(mv, nullptr);
  EXPECT_EQ(mv->charge.remaining_ms, MIN - 5 * SEC + 2 * SEC);
  EXPECT_EQ(m.view(clock.now).remaining_ms[0], MIN - 3 * SEC);
}

// RULES.md A2/A4: only the player to move may move; an illegal move costs
// nothing and changes nothing.
TEST(RulesA4, WrongSeatAndIllegalMovesAreRefused) {
  FakeClock clock;
  Match m = started(config_of("classic"), clock);
  Update u = m.move(1, "d", clock.advance(SEC));
  ASSERT_FALSE(u.ok());
  EXPECT_NE(u.error->message.find("not your turn"), std::string::npos);
  u = m.move(0, "z", clock.advance(SEC));
  ASSERT_FALSE(u.ok());
  EXPECT_EQ(m.game()->ply(), 0);
  EXPECT_FALSE(m.move(7, "d", clock.now).ok());
  EXPECT_FALSE(m.ready(0, clock.now).ok());  // not between games
  EXPECT_EQ(m.record().inputs.size(), 1u);   // only start
}

// RULES.md A4 (our rule): disconnected for 30 s on own turn -> the opponent
// may claim the match; before that, or when reconnected, no claim.
TEST(RulesA4, DisconnectedThirtySecondsOnOwnTurnCanBeClaimed) {
  FakeClock clock;
  Match m = started(config_of("classic"), clock);
  play(m, clock, {"d"});
  // Seat 1 is to move and drops its connection.
  m.set_connected(1, false, clock.advance(SEC));
  EXPECT_EQ(m.next_deadline(), clock.now + 30 * SEC);
  EXPECT_FALSE(m.claim(0, clock.advance(29 * SEC)).ok());
  EXPECT_FALSE(m.can_claim(1, clock.now + 5 * SEC));  // not the disconnected side itself
  // Returns in time: play resumes, the clock kept running.
  m.set_connected(1, true, clock.advance(500));
  EXPECT_FALSE(m.claim(0, clock.advance(10 * SEC)).ok());
  EXPECT_EQ(m.view(clock.now).remaining_ms[1], 5 * MIN - 40500);
  // Drops again for the full 30 s.
  m.set_connected(1, false, clock.advance(SEC));
  EXPECT_TRUE(m.can_claim(0, clock.now + 30 * SEC));
  EXPECT_EQ(m.next_deadline(clock.now), clock.now + 30 * SEC);
  // Once the claim is possible it is no longer a deadline to wait for.
  EXPECT_EQ(m.next_deadline(clock.now + 30 * SEC), *m.clock().flag_at() + 1);
  Update u = m.claim(0, clock.advance(30 * SEC));
  ASSERT_TRUE(u.ok()) << u.error->message;
  const MatchOver* over = find_event<MatchOver>(u);
  ASSERT_NE(over, nullptr);
  EXPECT_EQ(over->end, MatchEnd::claimed);
  EXPECT_EQ(over->score, "2:0");
}

// RULES.md A4: a disconnection during the opponent's turn counts only from
// the start of the disconnected player's own turn.
TEST(RulesA4, DisconnectCountsOnlyOnOwnTurn) {
  FakeClock clock;
  Match m = started(config_of("classic"), clock);
  m.set_connected(1, false, clock.advance(SEC));  // seat 0 is to move
  clock.advance(60 * SEC);
  EXPECT_FALSE(m.can_claim(0, clock.now));
  m.move(0, "d", clock.now);  // now it is seat 1's turn
  EXPECT_FALSE(m.claim(0, clock.advance(29 * SEC)).ok());
  EXPECT_TRUE(m.claim(0, clock.advance(SEC)).ok());
}

// RULES.md A8, A9: the same obstacle layout / drawn opening in every game of
// a match, from the match seed; each player plays each side of the opening.
TEST(RulesA8A9, SameObstaclesAndOpeningInEveryGame) {
  for (const char* variant : {"obstacles", "drawn-opening"}) {
    FakeClock clock;
    MatchConfig c = config_of(variant);
    c.seed = 7;
    Match m = started(c, clock);
    const auto board1 = m.view(clock.now).board;
    const int first1 = m.seat_to_move();
    m.resign_game(0, clock.advance(SEC));
    all_ready(m, clock);
    EXPECT_EQ(m.view(clock.now).board, board1) << variant;
    EXPECT_NE(m.seat_to_move(), first1) << variant;
    // The layout is the seeded draw of the rules library.
    auto spec = rules::find_variant(variant).value();
    auto expected = rules::FourGame::create(spec, rules::draw_setup(spec, 7)).value();
    EXPECT_EQ(board1, expected.board_rows()) << variant;
    // Another seed draws another set-up.
    MatchConfig other = c;
    other.seed = 8;
    FakeClock clock2;
    Match m2 = started(other, clock2);
    EXPECT_NE(m2.view(clock2.now).board, board1) << variant;
  }
}

// RULES.md A3: a single game is one game, unrated.
TEST(RulesA3, SingleGameIsOneUnratedGame) {
  FakeClock clock;
  Match m = started(config_of("single"), clock);
  EXPECT_FALSE(m.format().rated);
  Update u = play(m, clock, RED_WINS);
  const MatchOver* over = find_event<MatchOver>(u);
  ASSERT_NE(over, nullptr);
  EXPECT_EQ(over->score, "1:0");
  EXPECT_FALSE(over->rated);
  MatchConfig popout_single = config_of("popout");
  popout_single.single_game = true;
  EXPECT_EQ(format_for(popout_single)->games, 1);
  EXPECT_FALSE(format_for(popout_single)->rated);
}

// RULES.md A10: three players, three games, the seat order rotates so each
// player moves first once; the first line wins, the others lose.
TEST(RulesA10, ThreePlayerMatchRotatesSeatOrder) {
  FakeClock clock;
  Match m = started(config_of("three-players"), clock);
  EXPECT_EQ(m.format().games, 3);
  EXPECT_EQ(m.format().teams, 3);
  const std::vector<std::string> red_line = {"a", "b", "c", "a", "b", "c", "a", "b", "c", "a"};
  std::vector<int> first_movers;
  for (int game = 0; game < 3; ++game) {
    first_movers.push_back(m.seat_to_move());
    // The order within the game is Red, Yellow, Green by seat rotation.
    play(m, clock, {"a"});
    EXPECT_EQ(m.seat_to_move(), (first_movers.back() + 1) % 3);
    play(m, clock, {"b"});
    EXPECT_EQ(m.seat_to_move(), (first_movers.back() + 2) % 3);
    play(m, clock, std::vector<std::string>(red_line.begin() + 2, red_line.end()));
    if (game < 2) all_ready(m, clock);
  }
  EXPECT_EQ(first_movers, (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(m.score(), "1:1:1");  // each won as Red once
  EXPECT_EQ(m.end(), MatchEnd::completed);
}

// RULES.md A10 with A3/A4: a player who resigns the match in a three-player
// match loses every remaining game; the two others share them (our rule).
TEST(RulesA10, ThreePlayerResignMatch) {
  FakeClock clock;
  Match m = started(config_of("three-players"), clock);
  play(m, clock, {"a", "b", "c", "a", "b", "c", "a", "b", "c", "a"});  // seat 0 wins game 1
  all_ready(m, clock);
  Update u = m.resign_match(2, clock.advance(SEC));
  ASSERT_NE(find_event<MatchOver>(u), nullptr);
  EXPECT_EQ(m.score(), "2:1:0");
}

// RULES.md A11: two vs two; turn order Red 1, Yellow 1, Red 2, Yellow 2; the
// teams swap colours in game 2; team-mates share the result; every player
// has their own clock and a timeout loses the match for the team.
TEST(RulesA11, TeamMatchOrderSwapAndTeamTimeout) {
  FakeClock clock;
  Match m = started(config_of("two-vs-two", {MIN, 0, 0}), clock);
  EXPECT_EQ(m.format().seats, 4);
  EXPECT_EQ(m.format().teams, 2);
  EXPECT_EQ(m.team_of(0), m.team_of(2));
  std::vector<int> order;
  for (const char* mv : {"a", "b", "c", "d", "a", "b"}) {
    order.push_back(m.seat_to_move());
    play(m, clock, {mv});
  }
  EXPECT_EQ(order, (std::vector<int>{0, 1, 2, 3, 0, 1}));
  play(m, clock, {"a", "b", "a"});  // Red (seats 0 and 2) completes column a
  EXPECT_EQ(m.phase(), Phase::between_games);
  EXPECT_EQ(m.score(), "1:0");
  // Every seat, team-mates included, must press Ready.
  for (int s = 0; s < 3; ++s) m.ready(s, clock.advance(SEC));
  EXPECT_EQ(m.phase(), Phase::between_games);
  m.ready(3, clock.advance(SEC));
  ASSERT_EQ(m.phase(), Phase::playing);
  order.clear();
  for (const char* mv : {"a", "b", "c", "d"}) {
    order.push_back(m.seat_to_move());
    play(m, clock, {mv}, 5 * SEC);
  }
  EXPECT_EQ(order, (std::vector<int>{1, 0, 3, 2}));  // team 1 is Red now
  // Own clocks: seat 3 moved twice in game 1 (1 s each) and once now (5 s);
  // seat 0 moved three times in game 1 and once now.
  const auto rem = m.view(clock.now).remaining_ms;
  EXPECT_EQ(rem[3], MIN - 2 * SEC - 5 * SEC);
  EXPECT_EQ(rem[0], MIN - 3 * SEC - 5 * SEC);
  // Seat 1 (to move) lets the time run out: team 1 loses the match.
  ASSERT_EQ(m.seat_to_move(), 1);
  Update u = m.tick(*m.clock().flag_at() + 1);
  expect_match_over(u, MatchEnd::timeout, {1}, "2:0");
}

// RULES.md A11: a full team game can also end in a draw and a team wins the
// match on points.
TEST(RulesA11, TeamMatchCompletes) {
  FakeClock clock;
  Match m = started(config_of("two-vs-two"), clock);
  play(m, clock, {"a", "b", "a", "b", "a", "b", "a"});
  all_ready(m, clock);
  Update u = play(m, clock, {"a", "b", "a", "b", "a", "b", "a"});  // team 1 red wins
  ASSERT_NE(find_event<MatchOver>(u), nullptr);
  EXPECT_EQ(m.score(), "1:1");
}

// RULES.md A10 with A4: a three-player timeout loses the match; the two
// others share the games not played (our rule: they draw them).
TEST(RulesA10, ThreePlayerTimeout) {
  FakeClock clock;
  Match m = started(config_of("three-players", {MIN, 0, 0}), clock);
  play(m, clock, {"a"});
  ASSERT_EQ(m.seat_to_move(), 1);
  Update u = m.tick(*m.clock().flag_at() + 1);
  const MatchOver* over = find_event<MatchOver>(u);
  ASSERT_NE(over, nullptr);
  EXPECT_EQ(over->loser_teams, std::vector<int>{1});
  EXPECT_EQ(over->score, "1½:0:1½");
}

// RULES.md A4: no claim while the player to move is connected, and never by
// a team-mate of the absent player (A11).
TEST(RulesA4, ClaimOnlyByOpponentsOfAnAbsentPlayerToMove) {
  FakeClock clock;
  Match m = started(config_of("two-vs-two"), clock);
  Update refused = m.claim(1, clock.advance(40 * SEC));
  EXPECT_FALSE(refused.ok());
  EXPECT_EQ(refused.refusal, Refusal::not_now);
  m.set_connected(0, false, clock.advance(SEC));  // seat 0 (Red 1) is to move
  clock.advance(31 * SEC);
  EXPECT_FALSE(m.claim(2, clock.now).ok());  // team-mate
  Update u = m.claim(3, clock.now);
  ASSERT_TRUE(u.ok());
  EXPECT_EQ(find_event<MatchOver>(u)->loser_teams, std::vector<int>{0});
}

// RULES.md A3: resign match between games forfeits the games not played.
TEST(RulesA3, ResignMatchBetweenGames) {
  FakeClock clock;
  Match m = started(config_of("classic"), clock);
  play(m, clock, RED_WINS);
  Update u = m.resign_match(0, clock.advance(SEC));
  ASSERT_TRUE(u.ok());
  EXPECT_EQ(m.score(), "1:1");
  EXPECT_EQ(m.end(), MatchEnd::resigned);
  EXPECT_EQ(m.resign_game(0, clock.advance(SEC)).refusal, Refusal::not_now);
}

}  // namespace
}  // namespace ft::match
