#include "support/table_helpers.h"

#include <gtest/gtest.h>

namespace ft::test {

namespace json = boost::json;

Guest new_guest(int port) {
  HttpResult r = http(port, "GET", "/api/me");
  EXPECT_EQ(r.status, 200);
  return {r.set_cookie, std::string(r.json().at("id").as_string())};
}

std::string create_table(int port, const Guest& who, const std::string& settings) {
  HttpResult r = http(port, "POST", "/api/tables", settings, who.cookie);
  EXPECT_EQ(r.status, 201) << r.body;
  return std::string(r.json().at("id").as_string());
}

std::string str(const json::value& v) {
  return std::string(v.as_string());
}

// Joins `table` and reads frames up to the state (or catch-up) the hello gets.
Player join(int port, const Guest& g, const std::string& table, bool watch) {
  Player p;
  p.ws = std::make_unique<WsClient>(port, g.cookie);
  p.ws->expect("welcome");
  json::object hello{{"type", "hello"}, {"table", table}, {"since", 0}};
  if (watch) hello["watch"] = true;
  p.ws->send(hello);
  json::object state = p.ws->expect("state");
  p.state = state;
  const auto& seat = state.at("you").as_object().at("seat");
  p.seat = seat.is_null() ? -1 : int(seat.as_int64());
  p.version = state.at("version").as_int64();
  return p;
}

Duel duel(int port, const std::string& settings) {
  Duel d;
  d.a = new_guest(port);
  d.b = new_guest(port);
  d.table = create_table(port, d.a, settings);
  d.pa = join(port, d.a, d.table);
  d.pb = join(port, d.b, d.table);
  // The last to sit down gets the started game in its state, not as an event.
  d.pa.ws->expect("event", "game_started");
  return d;
}

int to_move_of(const json::object& event_body) {
  const auto& game = event_body.at("game").as_object();
  const auto& tm = game.at("to_move");
  return tm.is_null() ? -1 : int(tm.as_object().at("seat").as_int64());
}

// Plays `moves` in order: each by whoever is to move. Every client must see
// each `moved` event; the mover gets its ack first. Returns the last event.
json::object play(std::vector<Player*> players, int to_move, const std::vector<std::string>& moves,
                  int& counter) {
  json::object last;
  for (const auto& mv : moves) {
    Player* mover = nullptr;
    for (auto* p : players)
      if (p->seat == to_move) mover = p;
    EXPECT_NE(mover, nullptr) << "nobody at seat " << to_move;
    if (mover == nullptr) return last;
    const std::string id = "m" + std::to_string(++counter);
    mover->ws->send(json::object{{"type", "move"}, {"id", id}, {"move", mv}, {"think_ms", 100}});
    json::object ack = mover->ws->recv_until(
        [](const json::object& f) { return f.at("type") == "ack" || f.at("type") == "error"; });
    EXPECT_EQ(str(ack.at("type")), "ack") << json::serialize(ack);
    EXPECT_EQ(str(ack.at("id")), id);
    for (auto* p : players) {
      json::object ev = p->ws->expect("event", "moved");
      EXPECT_EQ(str(ev.at("event").as_object().at("move")), mv);
      p->version = ev.at("version").as_int64();
      last = ev;
    }
    to_move = to_move_of(last.at("event").as_object());
  }
  return last;
}

}  // namespace ft::test
