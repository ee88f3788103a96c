// Challenges through the real server, from docs/bot-api.md ("Challenges")
// and protocol.md 4.10/5.11: a challenge sent to a player reaches their
// `my_events` socket at once, is accepted into a started table with both
// seated (two accepts at once open one table), declined with a reason, taken
// back, or expires; each refusal has its own code; a token needs the scope.
#include <gtest/gtest.h>

#include <future>
#include <string>
#include <vector>

#include "support/bot_accounts.h"
#include "support/table_helpers.h"
#include "support/test_client.h"

namespace ft::test {
namespace {

namespace json = boost::json;
using Headers = std::vector<std::pair<std::string, std::string>>;

const std::string CLASSIC =
    R"({"game": "four", "variant": "classic", "clock": {"kind": "fischer", "bank_ms": 300000, "increment_ms": 5000}, "rated": true})";

HttpResult challenge(int port, const Guest& from, const Guest& to,
                     const std::string& body = CLASSIC) {
  return http(port, "POST", "/api/challenge/" + to.id, body, from.cookie);
}

HttpResult answer(int port, const Guest& who, const std::string& id, const std::string& what,
                  const std::string& body = "{}") {
  return http(port, "POST", "/api/challenge/" + id + "/" + what, body, who.cookie);
}

// A socket of `who` that carries their events (protocol.md 4.10).
std::unique_ptr<WsClient> events_of(int port, const Guest& who) {
  auto ws = std::make_unique<WsClient>(port, who.cookie);
  ws->expect("welcome");
  ws->send(json::object{{"type", "my_events"}});
  return ws;
}

// The next `my_event` whose event has `type`; its event object.
json::object next_event(WsClient& ws, const std::string& type) {
  json::object f = ws.recv_until([&](const json::object& o) {
    return o.at("type").as_string() == "my_event" && o.at("event").at("type").as_string() == type;
  });
  return f.at("event").as_object();
}

TEST(Challenges, AcceptedOpensAStartedTableForBoth) {
  ServerProcess server(temp_db("challenge_accept"));
  const int port = server.port();
  Guest ann = new_guest(port), ben = new_guest(port);
  auto ann_ws = events_of(port, ann);
  auto ben_ws = events_of(port, ben);
  // Nothing open yet: the subscription answers with no challenge.
  HttpResult sent = challenge(port, ann, ben);
  ASSERT_EQ(sent.status, 201) << sent.body;
  const json::value c = sent.json();
  const std::string id = str(c.at("id"));
  EXPECT_TRUE(id.starts_with("c_")) << id;
  EXPECT_EQ(str(c.at("status")), "open");
  EXPECT_EQ(str(c.at("challenger").at("id")), ann.id);
  EXPECT_EQ(str(c.at("destUser").at("id")), ben.id);
  EXPECT_EQ(c.at("rated"), true);
  EXPECT_EQ(str(c.at("settings").at("variant")), "classic");
  EXPECT_GT(c.at("expires_at").as_int64(), c.at("created_at").as_int64());

  // Ben hears it live, and so does Ann's own page.
  const json::object got = next_event(*ben_ws, "challenge");
  EXPECT_EQ(str(got.at("challenge").at("id")), id);
  EXPECT_EQ(str(next_event(*ann_ws, "challenge").at("challenge").at("id")), id);

  // Both lists show it: Ben's incoming, Ann's outgoing.
  const json::value ben_list = http(port, "GET", "/api/challenge", "", ben.cookie).json();
  ASSERT_EQ(ben_list.at("in").as_array().size(), 1U);
  EXPECT_EQ(ben_list.at("out").as_array().size(), 0U);
  const json::value ann_list = http(port, "GET", "/api/challenge", "", ann.cookie).json();
  EXPECT_EQ(ann_list.at("out").as_array().size(), 1U);

  // Ann cannot accept her own challenge.
  HttpResult own = answer(port, ann, id, "accept");
  EXPECT_EQ(own.status, 403) << own.body;
  EXPECT_EQ(error_code(own), "not_yours");

  // Two accepts at once: one table.
  auto first = std::async(std::launch::async, [&] { return answer(port, ben, id, "accept"); });
  auto second = std::async(std::launch::async, [&] { return answer(port, ben, id, "accept"); });
  HttpResult a = first.get(), b = second.get();
  ASSERT_TRUE((a.status == 200) != (b.status == 200)) << a.body << " / " << b.body;
  const HttpResult& won = a.status == 200 ? a : b;
  const HttpResult& lost = a.status == 200 ? b : a;
  EXPECT_EQ(lost.status, 409);
  EXPECT_EQ(error_code(lost), "challenge_accepted");
  const std::string table = str(won.json().at("table"));
  EXPECT_EQ(str(won.json().at("url")), "/t/" + table);

  // Both hear the game start, with the challenge it came of.
  for (WsClient* ws : {ann_ws.get(), ben_ws.get()}) {
    const json::object start = next_event(*ws, "gameStart");
    EXPECT_EQ(str(start.at("game").at("id")), table);
    EXPECT_EQ(str(start.at("game").at("challenge")), id);
  }
  // The table has both players seated, and its match starts as they open it.
  const json::value summary = http(port, "GET", "/api/tables/" + table).json();
  std::vector<std::string> seated;
  for (const auto& s : summary.at("seats").as_array())
    seated.push_back(str(s.at("player").at("id")));
  ASSERT_EQ(seated.size(), 2U);
  EXPECT_TRUE((seated[0] == ann.id && seated[1] == ben.id) ||
              (seated[0] == ben.id && seated[1] == ann.id));
  EXPECT_EQ(summary.at("settings").at("rated"), true);
  Player pa = join(port, ann, table), pb = join(port, ben, table);
  EXPECT_GE(pa.seat, 0);
  EXPECT_GE(pb.seat, 0);
  pa.ws->expect("event", "game_started");
  // Accepted: nothing open any more, and a cancel now is refused.
  EXPECT_EQ(http(port, "GET", "/api/challenge", "", ann.cookie).json().at("out").as_array().size(),
            0U);
  EXPECT_EQ(error_code(answer(port, ann, id, "cancel")), "challenge_accepted");
}

TEST(Challenges, DeclinedWithAReasonCanceledAndExpiredAreSaidToBoth) {
  ServerProcess server(temp_db("challenge_decline"), "--test-clock 1800000000000");
  const int port = server.port();
  Guest ann = new_guest(port), ben = new_guest(port);
  auto ann_ws = events_of(port, ann);
  auto ben_ws = events_of(port, ben);

  const std::string one = str(challenge(port, ann, ben).json().at("id"));
  HttpResult bad = answer(port, ben, one, "decline", R"({"reason": "because"})");
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(error_code(bad), "bad_reason");
  HttpResult declined = answer(port, ben, one, "decline", R"({"reason": "tooFast"})");
  ASSERT_EQ(declined.status, 200) << declined.body;
  const json::object d = next_event(*ann_ws, "challengeDeclined");
  EXPECT_EQ(str(d.at("challenge").at("status")), "declined");
  EXPECT_EQ(str(d.at("challenge").at("declineReasonKey")), "tooFast");
  EXPECT_FALSE(str(d.at("challenge").at("declineReason")).empty());
  EXPECT_EQ(str(next_event(*ben_ws, "challengeDeclined").at("challenge").at("id")), one);
  EXPECT_EQ(error_code(answer(port, ben, one, "accept")), "challenge_declined");

  const std::string two = str(challenge(port, ann, ben).json().at("id"));
  EXPECT_EQ(error_code(answer(port, ben, two, "cancel")), "not_yours");
  ASSERT_EQ(answer(port, ann, two, "cancel").status, 200);
  const json::object canceled = next_event(*ben_ws, "challengeCanceled");
  EXPECT_EQ(str(canceled.at("challenge").at("id")), two);
  EXPECT_EQ(str(canceled.at("challenge").at("status")), "canceled");

  // Unanswered for two minutes: expired, said to both, refused after.
  const std::string three = str(challenge(port, ann, ben).json().at("id"));
  ASSERT_EQ(http(port, "POST", "/api/test/clock", R"({"advance_ms": 119000})").status, 200);
  EXPECT_EQ(http(port, "GET", "/api/challenge", "", ben.cookie).json().at("in").as_array().size(),
            1U);
  ASSERT_EQ(http(port, "POST", "/api/test/clock", R"({"advance_ms": 2000})").status, 200);
  for (WsClient* ws : {ann_ws.get(), ben_ws.get()}) {
    const json::object expired = next_event(*ws, "challengeCanceled");
    if (str(expired.at("challenge").at("id")) != three) continue;  // Ben's socket: two, then three
    EXPECT_EQ(str(expired.at("challenge").at("status")), "expired");
  }
  HttpResult late = answer(port, ben, three, "accept");
  EXPECT_EQ(late.status, 409);
  EXPECT_EQ(error_code(late), "challenge_expired");
}

TEST(Challenges, EachRefusalHasItsCode) {
  ServerProcess server(temp_db("challenge_refusals"));
  const int port = server.port();
  Guest ann = new_guest(port), ben = new_guest(port);
  EXPECT_EQ(error_code(challenge(port, ann, ann)), "cannot_challenge_self");
  HttpResult nobody = http(port, "POST", "/api/challenge/p_99999", CLASSIC, ann.cookie);
  EXPECT_EQ(nobody.status, 404);
  EXPECT_EQ(error_code(nobody), "not_found");
  EXPECT_EQ(error_code(challenge(port, ann, ben, R"({"game": "four", "variant": "nope"})")),
            "bad_settings");
  EXPECT_EQ(
      error_code(challenge(port, ann, ben,
                           R"({"game": "four", "opponent": {"kind": "computer", "level": 3}})")),
      "bad_settings");
  EXPECT_EQ(
      error_code(challenge(port, ann, ben, R"({"game": "four", "variant": "three-players"})")),
      "bad_settings");
  EXPECT_EQ(error_code(answer(port, ben, "c_12345", "accept")), "not_found");
  EXPECT_EQ(error_code(answer(port, ben, "nonsense", "decline")), "not_found");
  // Another site's page may not send one for a visitor (the same-site rule).
  HttpResult forged =
      http(port, "POST", "/api/challenge/" + ben.id, CLASSIC, ann.cookie, "https://evil.example");
  EXPECT_EQ(forged.status, 403);
  EXPECT_EQ(error_code(forged), "cross_site");
  // At most five open at once.
  for (int i = 0; i < 5; ++i) ASSERT_EQ(challenge(port, ann, ben).status, 201) << i;
  HttpResult sixth = challenge(port, ann, ben);
  EXPECT_EQ(sixth.status, 409);
  EXPECT_EQ(error_code(sixth), "too_many_challenges");
  // A third player sees none of them.
  Guest cat = new_guest(port);
  const std::string first =
      str(http(port, "GET", "/api/challenge", "", ann.cookie).json().at("out").at(0).at("id"));
  EXPECT_EQ(error_code(answer(port, cat, first, "accept")), "not_found");
}

HttpResult bearer(int port, const std::string& target, const std::string& token,
                  const std::string& body = "{}") {
  return http(port, "POST", target, body, "", "",
              Headers{{"Authorization", "Bearer " + token}, {"Content-Type", "application/json"}});
}

TEST(Challenges, ATokenSendsWithChallengeWriteAndABotAnswersWithBotPlay) {
  ServerProcess server(temp_db("challenge_tokens"));
  const int port = server.port();
  // Two people (not bots) with tokens of the scope bot:play.
  const Bot a = bot_account(port, "Ann Sender", /*person=*/true);
  const Bot b = bot_account(port, "Ben Engine", /*person=*/true);
  const Guest &ann = a.account, &ben = b.account;
  const std::string &ann_play = a.token, &ben_play = b.token;
  const std::string ann_write =
      str(http(port, "POST", "/api/account/tokens",
               R"({"description": "c", "scopes": ["challenge:write"]})", ann.cookie)
              .json()
              .at("token"));
  HttpResult refused = bearer(port, "/api/challenge/" + ben.id, ann_play, CLASSIC);
  EXPECT_EQ(refused.status, 403);
  EXPECT_EQ(error_code(refused), "missing_scope");
  HttpResult sent = bearer(port, "/api/challenge/" + ben.id, ann_write, CLASSIC);
  ASSERT_EQ(sent.status, 201) << sent.body;
  const std::string id = str(sent.json().at("id"));
  // bot:play may accept; no cookie, no Origin needed.
  HttpResult accepted = bearer(port, "/api/challenge/" + id + "/accept", ben_play);
  ASSERT_EQ(accepted.status, 200) << accepted.body;
  EXPECT_FALSE(str(accepted.json().at("table")).empty());
  // But bot:play does not send or cancel.
  EXPECT_EQ(error_code(bearer(port, "/api/challenge/" + id + "/cancel", ann_play)),
            "missing_scope");
}

TEST(Challenges, AnOpenChallengeIsSentToASocketThatAsksLater) {
  ServerProcess server(temp_db("challenge_replay"));
  const int port = server.port();
  Guest ann = new_guest(port), ben = new_guest(port);
  const std::string id = str(challenge(port, ann, ben).json().at("id"));
  auto ben_ws = events_of(port, ben);  // the page opened after the challenge
  EXPECT_EQ(str(next_event(*ben_ws, "challenge").at("challenge").at("id")), id);
}

}  // namespace
}  // namespace ft::test
