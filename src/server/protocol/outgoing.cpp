#include "server/protocol/outgoing.h"

#include "server/protocol/plain_json.h"

namespace ft::server {
namespace json = boost::json;
namespace {

json::array bools(const std::vector<bool>& v) {
  json::array a;
  a.reserve(v.size());
  for (bool b : v) a.push_back(b);
  return a;
}

json::value optional_int(const std::optional<std::int64_t>& v) {
  if (v) return *v;
  return nullptr;
}

json::object presence_json(const Presence& p) {
  return json::object{{"connected", bools(p.connected)},
                      {"spectators", p.spectators},
                      {"claimable", p.claimable},
                      {"claim_at", optional_int(p.claim_at)}};
}

const char* rematch_state_name(RematchState s) {
  switch (s) {
    case RematchState::offered:
      return "offered";
    case RematchState::declined:
      return "declined";
    case RematchState::accepted:
      return "accepted";
  }
  return "offered";
}

}  // namespace

std::string encode(const WelcomeFrame& f) {
  return json_text(json::object{{"type", "welcome"},
                                {"protocol", PROTOCOL_VERSION},
                                {"you", json::object{{"id", f.you.id}, {"name", f.you.name}}},
                                {"server_time", f.server_time}});
}

std::string encode(const PongFrame& f) {
  return json_text(json::object{{"type", "pong"}, {"t", f.t}, {"server_time", f.server_time}});
}

std::string encode(const MyEventFrame& f) {
  // The event is JSON text already (json_text of its publisher): spliced in,
  // not parsed again for every socket it goes to.
  return R"({"type":"my_event","event":)" + f.event + "}";
}

std::string encode(const AckFrame& f) {
  return json_text(json::object{{"type", "ack"}, {"id", f.id}, {"version", f.version}});
}

std::string encode(const ErrorFrame& f) {
  json::object o{{"type", "error"}, {"code", ws_error_name(f.code)}, {"message", f.message}};
  if (!f.id.empty()) o["id"] = f.id;
  if (f.version) o["version"] = *f.version;
  return json_text(o);
}

std::string encode(const PresenceFrame& f) {
  // "type" last: presence frames have always gone out so, and the bytes
  // stay the same (readers of JSON objects do not mind the order).
  json::object o = presence_json(f);
  o["type"] = "presence";
  return json_text(o);
}

std::string encode(StateFrame f) {
  json::value seat = nullptr;
  if (f.seat) seat = *f.seat;
  return json_text(json::object{{"type", "state"},
                                {"version", f.version},
                                {"server_time", f.server_time},
                                {"table", std::move(f.table)},
                                {"you", json::object{{"seat", std::move(seat)}}},
                                {"match", std::move(f.match)},
                                {"game", std::move(f.game)},
                                {"clocks", std::move(f.clocks)},
                                {"presence", presence_json(f.presence)}});
}

std::string encode(EventFrame f) {
  return json_text(json::object{{"type", "event"},
                                {"version", f.version},
                                {"server_time", f.server_time},
                                {"event", std::move(f.event)}});
}

std::string encode(LobbyFrame f) {
  // "type" last, as the lobby frame has always been written (see presence).
  return json_text(
      json::object{{"open", std::move(f.open)}, {"live", std::move(f.live)}, {"type", "lobby"}});
}

std::string encode(const RematchFrame& f) {
  json::value table = nullptr;
  if (f.table) table = json::string(*f.table);
  return json_text(json::object{{"type", "rematch"},
                                {"state", rematch_state_name(f.state)},
                                {"by", f.by},
                                {"agreed", bools(f.agreed)},
                                {"table", std::move(table)}});
}

}  // namespace ft::server
