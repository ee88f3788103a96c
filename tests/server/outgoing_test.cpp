// The encoder of the server's frames (server/protocol/outgoing.h) against
// the golden frames of docs/protocol.md 5 that the web client's tests read:
// each golden frame, read into its type and encoded, gives its own text
// (fields in the same order), and every golden frame has a type here.
#include "server/protocol/outgoing.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "server/protocol/plain_json.h"

namespace ft::server {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;

const fs::path GOLDEN = fs::path(FT_GOLDEN_DIR) / "s2c";

json::object golden(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return json::parse(ss.str()).as_object();
}

std::vector<bool> bools(const json::value& v) {
  std::vector<bool> out;
  for (const json::value& b : v.as_array()) out.push_back(b.as_bool());
  return out;
}

std::optional<std::int64_t> optional_int(const json::value& v) {
  if (v.is_null()) return std::nullopt;
  return v.to_number<std::int64_t>();
}

Presence presence_of(const json::object& g) {
  return Presence{bools(g.at("connected")), g.at("spectators").as_int64(),
                  g.at("claimable").as_bool(), optional_int(g.at("claim_at"))};
}

std::string str(const json::value& v) {
  return std::string(v.as_string());
}

// The golden frame `g` read into its type and encoded.
std::string encode_golden(const json::object& g) {
  const json::string& type = g.at("type").as_string();
  if (type == "welcome") {
    const json::object& you = g.at("you").as_object();
    return encode(
        WelcomeFrame{{str(you.at("id")), str(you.at("name"))}, g.at("server_time").as_int64()});
  }
  if (type == "pong")
    return encode(PongFrame{g.at("t").as_int64(), g.at("server_time").as_int64()});
  if (type == "ack") return encode(AckFrame{str(g.at("id")), g.at("version").as_int64()});
  if (type == "error") {
    const auto code = ws_error_from_name(g.at("code").as_string());
    EXPECT_TRUE(code.has_value()) << g.at("code");
    std::string id;
    if (g.contains("id")) id = str(g.at("id"));
    std::optional<std::int64_t> version;
    if (g.contains("version")) version = g.at("version").as_int64();
    return encode(
        ErrorFrame{code.value_or(WsError::server_error), str(g.at("message")), id, version});
  }
  if (type == "presence") return encode(presence_of(g));
  if (type == "state") {
    StateFrame f;
    f.version = g.at("version").as_int64();
    f.server_time = g.at("server_time").as_int64();
    f.table = g.at("table").as_object();
    const json::value& seat = g.at("you").at("seat");
    if (!seat.is_null()) f.seat = static_cast<int>(seat.as_int64());
    f.match = g.at("match").as_object();
    f.game = g.at("game");
    f.clocks = g.at("clocks").as_object();
    f.presence = presence_of(g.at("presence").as_object());
    return encode(std::move(f));
  }
  if (type == "event") {
    return encode(EventFrame{g.at("version").as_int64(), g.at("server_time").as_int64(),
                             g.at("event").as_object()});
  }
  if (type == "lobby") return encode(LobbyFrame{g.at("open").as_array(), g.at("live").as_array()});
  if (type == "rematch") {
    const json::string& state = g.at("state").as_string();
    RematchFrame f;
    f.state = state == "accepted"   ? RematchState::accepted
              : state == "declined" ? RematchState::declined
                                    : RematchState::offered;
    f.by = static_cast<int>(g.at("by").as_int64());
    f.agreed = bools(g.at("agreed"));
    if (!g.at("table").is_null()) f.table = str(g.at("table"));
    return encode(f);
  }
  ADD_FAILURE() << "no frame type for '" << type << "'";
  return {};
}

// The text a golden frame goes out as: its fields in order, except that the
// presence and lobby frames have always carried their "type" last.
std::string wire_text(const json::object& g) {
  const json::string& type = g.at("type").as_string();
  if (type != "presence" && type != "lobby") return json_text(g);
  json::object moved;  // rebuilt: json::object::erase does not keep the order
  for (const auto& [key, value] : g)
    if (key != "type") moved[key] = value;
  moved["type"] = type;
  return json_text(moved);
}

TEST(Outgoing, EveryGoldenServerFrameEncodesToItsOwnText) {
  std::set<std::string> types;
  for (const auto& entry : fs::directory_iterator(GOLDEN)) {
    const json::object g = golden(entry.path());
    types.insert(str(g.at("type")));
    EXPECT_EQ(encode_golden(g), wire_text(g)) << entry.path().filename();
  }
  // protocol.md 5 has nine frames; each has a golden frame.
  EXPECT_EQ(types, (std::set<std::string>{"ack", "error", "event", "lobby", "pong", "presence",
                                          "rematch", "state", "welcome"}));
}

TEST(Outgoing, SmallFramesHaveTheirExactText) {
  EXPECT_EQ(encode(WelcomeFrame{{"p_17", "Quiet \"Otter\""}, 1764487000000}),
            R"({"type":"welcome","protocol":1,"you":{"id":"p_17","name":"Quiet \"Otter\""},)"
            R"("server_time":1764487000000})");
  EXPECT_EQ(encode(PongFrame{-3, 5}), R"({"type":"pong","t":-3,"server_time":5})");
  EXPECT_EQ(encode(AckFrame{"m7", 13}), R"({"type":"ack","id":"m7","version":13})");
  EXPECT_EQ(encode(ErrorFrame{WsError::not_now, "later", {}, std::nullopt}),
            R"({"type":"error","code":"not_now","message":"later"})");
  EXPECT_EQ(encode(Presence{{true, false, true}, 0, false, std::nullopt}),
            R"({"connected":[true,false,true],"spectators":0,"claimable":false,)"
            R"("claim_at":null,"type":"presence"})");
  EXPECT_EQ(encode(RematchFrame{RematchState::declined, 2, {true, false, true}, std::nullopt}),
            R"({"type":"rematch","state":"declined","by":2,"agreed":[true,false,true],)"
            R"("table":null})");
  EXPECT_EQ(encode(LobbyFrame{}), R"({"open":[],"live":[],"type":"lobby"})");
}

// Numbers inside a view are written by json_text: 1.5, not 1.5E0.
TEST(Outgoing, ViewsKeepPlainNumbers) {
  StateFrame f;
  f.version = 4;
  f.table = json::object{{"score", json::array{1.5, 0.5}}};
  f.game = nullptr;
  EXPECT_EQ(encode(std::move(f)),
            R"({"type":"state","version":4,"server_time":0,"table":{"score":[1.5,0.5]},)"
            R"("you":{"seat":null},"match":{},"game":null,"clocks":{},)"
            R"("presence":{"connected":[],"spectators":0,"claimable":false,"claim_at":null}})");
  EXPECT_EQ(encode(EventFrame{40, 7, json::object{{"kind", "match_over"}, {"score", 0.5}}}),
            R"({"type":"event","version":40,"server_time":7,)"
            R"("event":{"kind":"match_over","score":0.5}})");
}

}  // namespace
}  // namespace ft::server
