// Rematch (protocol.md 4.9 and 5.10): the offer's state
// alone, then through the real server: offer and accept (the new table has the
// same settings and the seats swapped, and its match starts), decline, a
// computer agreeing at once, and each refusal with its own code while the
// server keeps running.
#include <gtest/gtest.h>

#include "server/protocol/messages.h"
#include "server/tables/rematch.h"
#include "support/table_helpers.h"
#include "support/test_client.h"

namespace ft::test {
namespace {

namespace json = boost::json;
using server::RematchAction;
using server::RematchOffer;
using server::WsError;

const std::vector<bool> TWO_PEOPLE{false, false};

// The offer's frame as it goes on the wire.
json::object frame_of(const RematchOffer& offer) {
  return json::parse(server::encode(offer.frame())).as_object();
}

WsError code_of(const server::RematchStep& step) {
  EXPECT_TRUE(step.error.has_value());
  return step.error ? step.error->code : WsError::server_error;
}

TEST(RematchOffer, OfferThenAcceptOpensTheTable) {
  RematchOffer offer;
  EXPECT_FALSE(offer.any());
  auto step = offer.act(0, RematchAction::offer, TWO_PEOPLE);
  EXPECT_FALSE(step.error);
  EXPECT_TRUE(step.changed);
  EXPECT_FALSE(step.open);
  json::object f = frame_of(offer);
  EXPECT_EQ(f.at("state").as_string(), "offered");
  EXPECT_EQ(f.at("by").as_int64(), 0);
  EXPECT_EQ(json::serialize(f.at("agreed")), "[true,false]");
  EXPECT_TRUE(f.at("table").is_null());
  step = offer.act(1, RematchAction::accept, TWO_PEOPLE);
  EXPECT_FALSE(step.error);
  EXPECT_TRUE(step.open);
  offer.opened("abc");
  f = frame_of(offer);
  EXPECT_EQ(f.at("state").as_string(), "accepted");
  EXPECT_EQ(f.at("table").as_string(), "abc");
  EXPECT_EQ(f.at("by").as_int64(), 1);
}

TEST(RematchOffer, EachRefusalHasItsCode) {
  RematchOffer offer;
  EXPECT_EQ(code_of(offer.act(1, RematchAction::accept, TWO_PEOPLE)), WsError::no_rematch_offer);
  EXPECT_EQ(code_of(offer.act(1, RematchAction::decline, TWO_PEOPLE)), WsError::no_rematch_offer);
  EXPECT_FALSE(offer.act(0, RematchAction::offer, TWO_PEOPLE).error);
  EXPECT_EQ(code_of(offer.act(0, RematchAction::offer, TWO_PEOPLE)), WsError::rematch_offered);
  EXPECT_EQ(code_of(offer.act(0, RematchAction::accept, TWO_PEOPLE)), WsError::rematch_offered);
  auto step = offer.act(1, RematchAction::decline, TWO_PEOPLE);
  EXPECT_FALSE(step.error);
  EXPECT_TRUE(step.changed);
  EXPECT_EQ(frame_of(offer).at("state").as_string(), "declined");
  EXPECT_EQ(frame_of(offer).at("by").as_int64(), 1);
  EXPECT_EQ(code_of(offer.act(1, RematchAction::offer, TWO_PEOPLE)), WsError::rematch_declined);
  EXPECT_EQ(code_of(offer.act(0, RematchAction::accept, TWO_PEOPLE)), WsError::rematch_declined);
}

TEST(RematchOffer, CrossingOffersAgreeAndAComputerAgreesAtOnce) {
  RematchOffer both;
  EXPECT_FALSE(both.act(1, RematchAction::offer, TWO_PEOPLE).open);
  EXPECT_TRUE(both.act(0, RematchAction::offer, TWO_PEOPLE).open);
  RematchOffer computer;
  EXPECT_TRUE(computer.act(0, RematchAction::offer, {false, true}).open);
  // Three people: the offer opens the table only when both others agree.
  RematchOffer three;
  const std::vector<bool> people(3, false);
  EXPECT_FALSE(three.act(2, RematchAction::offer, people).open);
  EXPECT_FALSE(three.act(0, RematchAction::accept, people).open);
  EXPECT_EQ(json::serialize(frame_of(three).at("agreed")), "[true,false,true]");
  EXPECT_TRUE(three.act(1, RematchAction::accept, people).open);
}

TEST(RematchOffer, TheOffererTakesItBackAndAFailedTableStartsOver) {
  RematchOffer back;
  back.act(0, RematchAction::offer, TWO_PEOPLE);
  EXPECT_FALSE(back.act(0, RematchAction::decline, TWO_PEOPLE).error);
  EXPECT_EQ(frame_of(back).at("state").as_string(), "declined");
  RematchOffer failed;
  failed.act(0, RematchAction::offer, TWO_PEOPLE);
  ASSERT_TRUE(failed.act(1, RematchAction::accept, TWO_PEOPLE).open);
  failed.opened("");
  EXPECT_FALSE(failed.any());
  EXPECT_FALSE(failed.act(1, RematchAction::offer, TWO_PEOPLE).error);
}

TEST(RematchMessage, ParsesEachActionAndRefusesOthers) {
  auto action = [](const char* frame) {
    auto parsed = server::parse_client_frame(frame);
    return std::get<server::RematchMsg>(std::get<server::ClientMessage>(parsed)).action;
  };
  EXPECT_EQ(action(R"({"type":"rematch","action":"offer"})"), RematchAction::offer);
  EXPECT_EQ(action(R"({"type":"rematch","action":"accept"})"), RematchAction::accept);
  EXPECT_EQ(action(R"({"type":"rematch","action":"decline"})"), RematchAction::decline);
  auto bad = server::parse_client_frame(R"({"type":"rematch","action":1})");
  EXPECT_EQ(std::get<server::ProtocolError>(bad).code, WsError::bad_message);
}

// ---- through the real server -------------------------------------------------

bool is_rematch(const json::object& f) {
  return f.at("type") == "rematch";
}

std::string error_code(Player& p) {
  json::object e = p.ws->expect("error");
  return str(e.at("code"));
}

void send_rematch(Player& p, const char* action) {
  p.ws->send(json::object{{"type", "rematch"}, {"action", action}});
}

// `p` sends `action` and is refused with `code`; the table is unchanged.
void expect_refused(Player& p, const char* action, const char* code) {
  send_rematch(p, action);
  EXPECT_EQ(error_code(p), code) << action;
}

// Two guests at a casual link table of five in a row; game 1 has started.
Duel five_duel(int port) {
  return duel(port, R"({"game":"four","variant":"five","rated":false,"visibility":"link",)"
                    R"("clock":{"kind":"fischer","bank_ms":120000,"increment_ms":2000}})");
}

// Seat b resigns the match; both see match_over.
void end_match(Duel& d) {
  d.pb.ws->send(R"({"type":"resign_match"})");
  d.pa.ws->expect("event", "match_over");
  d.pb.ws->expect("event", "match_over");
}

TEST(Rematch, OfferedAndAcceptedOpensTheSameTableWithSeatsSwapped) {
  ServerProcess server(temp_db("rematch_accept"));
  const int port = server.port();
  Duel d = five_duel(port);
  Player watcher = join(port, new_guest(port), d.table, true);
  expect_refused(d.pa, "offer", "match_not_over");
  end_match(d);
  expect_refused(watcher, "offer", "not_seated");
  expect_refused(d.pb, "accept", "no_rematch_offer");

  send_rematch(d.pa, "offer");
  for (Player* p : {&d.pa, &d.pb, &watcher}) {
    json::object f = p->ws->recv_until(is_rematch);
    EXPECT_EQ(str(f.at("state")), "offered");
    EXPECT_EQ(f.at("by").as_int64(), 0);
  }
  expect_refused(d.pa, "offer", "rematch_offered");

  // Opened again later, the old table says where the offer stands.
  Player late = join(port, d.b, d.table);
  EXPECT_EQ(str(late.ws->recv_until(is_rematch).at("state")), "offered");

  send_rematch(d.pb, "accept");
  std::string next;
  for (Player* p : {&d.pa, &d.pb, &watcher}) {
    json::object f = p->ws->recv_until(is_rematch);
    EXPECT_EQ(str(f.at("state")), "accepted") << json::serialize(f);
    next = str(f.at("table"));
  }
  ASSERT_FALSE(next.empty());
  EXPECT_NE(next, d.table);

  const json::value old_summary = http(port, "GET", "/api/tables/" + d.table).json();
  const json::value summary = http(port, "GET", "/api/tables/" + next).json();
  EXPECT_EQ(json::serialize(summary.at("settings")), json::serialize(old_summary.at("settings")));
  EXPECT_EQ(str(summary.at("seats").at(0).at("player").at("id")), d.b.id);
  EXPECT_EQ(str(summary.at("seats").at(1).at("player").at("id")), d.a.id);
  EXPECT_EQ(str(summary.at("status")), "waiting");

  // Both open the new table and its match starts, b in seat 0.
  Player na = join(port, d.a, next);
  Player nb = join(port, d.b, next);
  EXPECT_EQ(na.seat, 1);
  EXPECT_EQ(nb.seat, 0);
  na.ws->expect("event", "game_started");
  EXPECT_EQ(str(nb.state.at("match").at("phase")), "playing");
  // It is listed among b's and a's running games.
  const json::value mine = http(port, "GET", "/api/me/tables", {}, d.a.cookie).json();
  ASSERT_EQ(mine.at("tables").as_array().size(), 1u) << json::serialize(mine);
  EXPECT_EQ(str(mine.at("tables").at(0).at("id")), next);

  expect_refused(d.pa, "decline", "no_rematch_offer");
  EXPECT_EQ(http(port, "GET", "/healthz").status, 200);
}

TEST(Rematch, DeclinedEndsTheOffer) {
  ServerProcess server(temp_db("rematch_decline"));
  const int port = server.port();
  Duel d = five_duel(port);
  end_match(d);
  send_rematch(d.pb, "offer");
  d.pa.ws->recv_until(is_rematch);
  d.pb.ws->recv_until(is_rematch);
  send_rematch(d.pa, "decline");
  for (Player* p : {&d.pa, &d.pb}) {
    json::object f = p->ws->recv_until(is_rematch);
    EXPECT_EQ(str(f.at("state")), "declined");
    EXPECT_EQ(f.at("by").as_int64(), 0);
    EXPECT_TRUE(f.at("table").is_null());
  }
  expect_refused(d.pb, "offer", "rematch_declined");
  expect_refused(d.pa, "accept", "rematch_declined");
  EXPECT_EQ(http(port, "GET", "/healthz").status, 200);
}

TEST(Rematch, TheComputerAcceptsAtOnceAndMovesFirst) {
  ServerProcess server(temp_db("rematch_computer"));
  const int port = server.port();
  Guest g = new_guest(port);
  const std::string table = create_table(
      port, g, R"({"game":"four","variant":"classic","opponent":{"kind":"computer","level":1}})");
  Player p = join(port, g, table);
  p.ws->send(R"({"type":"resign_match"})");
  p.ws->expect("event", "match_over");
  send_rematch(p, "offer");
  json::object f = p.ws->recv_until(is_rematch);
  EXPECT_EQ(str(f.at("state")), "accepted") << json::serialize(f);
  const std::string next = str(f.at("table"));
  const json::value summary = http(port, "GET", "/api/tables/" + next).json();
  EXPECT_EQ(summary.at("seats").at(0).at("computer").at("level").as_int64(), 1);
  EXPECT_EQ(str(summary.at("seats").at(1).at("player").at("id")), g.id);
  // The person opens it: the game starts and the computer, in seat 0, moves.
  Player again = join(port, g, next);
  EXPECT_EQ(again.seat, 1);
  json::object moved = again.ws->expect("event", "moved");
  EXPECT_EQ(moved.at("event").at("seat").as_int64(), 0);
}

TEST(Rematch, YourGamesListsOnlyRunningTablesOfTheCaller) {
  ServerProcess server(temp_db("rematch_mine"));
  const int port = server.port();
  Duel d = five_duel(port);
  Guest other = new_guest(port);
  const std::string waiting = create_table(port, d.a, R"({"game":"four","visibility":"link"})");
  create_table(port, other, R"({"game":"four"})");
  auto ids = [&](const Guest& g) {
    std::vector<std::string> out;
    const json::value r = http(port, "GET", "/api/me/tables", {}, g.cookie).json();
    for (const auto& t : r.at("tables").as_array()) out.push_back(str(t.at("id")));
    return out;
  };
  EXPECT_EQ(ids(d.a), (std::vector<std::string>{waiting, d.table}));
  EXPECT_EQ(ids(d.b), (std::vector<std::string>{d.table}));
  end_match(d);
  EXPECT_EQ(ids(d.a), (std::vector<std::string>{waiting}));
  EXPECT_TRUE(ids(d.b).empty());
  EXPECT_EQ(http(port, "POST", "/api/me/tables", "{}", d.a.cookie).status, 405);
}

}  // namespace
}  // namespace ft::test
