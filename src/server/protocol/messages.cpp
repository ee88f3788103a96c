#include "server/protocol/messages.h"

#include <algorithm>
#include <boost/json.hpp>

#include "server/protocol/outgoing.h"

namespace ft::server {
namespace json = boost::json;
namespace {

ProtocolError bad(std::string message, std::string id = {}) {
  return ProtocolError{WsError::bad_message, std::move(message), std::move(id), std::nullopt};
}

// Reads an optional non-negative integer field; `error` set when present but wrong.
std::optional<std::int64_t> opt_count(const json::object& o, std::string_view key,
                                      std::optional<ProtocolError>& error,
                                      const std::string& id = {}) {
  const json::value* v = o.if_contains(key);
  if (v == nullptr || v->is_null()) return std::nullopt;
  std::int64_t n = 0;
  if (v->is_int64()) {
    n = v->as_int64();
  } else if (v->is_uint64() && v->as_uint64() <= static_cast<std::uint64_t>(INT64_MAX)) {
    n = static_cast<std::int64_t>(v->as_uint64());
  } else {
    error = bad("'" + std::string(key) + "' must be an integer", id);
    return std::nullopt;
  }
  if (n < 0) {
    error = bad("'" + std::string(key) + "' must not be negative", id);
    return std::nullopt;
  }
  return n;
}

const json::string* opt_string(const json::object& o, std::string_view key) {
  const json::value* v = o.if_contains(key);
  return v != nullptr ? v->if_string() : nullptr;
}

Parsed parse_hello(const json::object& o) {
  const json::string* table = opt_string(o, "table");
  if (table == nullptr || table->empty() || table->size() > 64)
    return bad("'table' must be a table id");
  std::optional<ProtocolError> error;
  HelloMsg hello;
  hello.table = std::string(table->c_str(), table->size());
  hello.since = opt_count(o, "since", error).value_or(0);
  if (error) return *error;
  if (const json::value* w = o.if_contains("watch"); w != nullptr && !w->is_null()) {
    if (!w->is_bool()) return bad("'watch' must be true or false");
    hello.watch = w->as_bool();
  }
  return ClientMessage{hello};
}

Parsed parse_move(const json::object& o) {
  const json::string* id = opt_string(o, "id");
  if (id == nullptr || id->empty() || id->size() > MAX_MOVE_ID)
    return bad("'id' must be a string of 1.." + std::to_string(MAX_MOVE_ID) + " characters");
  MoveMsg move;
  move.id = std::string(id->c_str(), id->size());
  const json::string* text = opt_string(o, "move");
  if (text == nullptr || text->empty() || text->size() > 16)
    return bad("'move' must be a move in notation", move.id);
  move.move = std::string(text->c_str(), text->size());
  std::optional<ProtocolError> error;
  move.version = opt_count(o, "version", error, move.id);
  if (error) return *error;
  move.think_ms = opt_count(o, "think_ms", error, move.id);
  if (error) return *error;
  return ClientMessage{move};
}

Parsed parse_ping(const json::object& o) {
  const json::value* t = o.if_contains("t");
  if (t == nullptr || !(t->is_int64() || t->is_uint64())) return bad("'t' must be an integer");
  return ClientMessage{
      PingMsg{t->is_int64() ? t->as_int64() : static_cast<std::int64_t>(t->as_uint64())}};
}

}  // namespace

Parsed parse_client_frame(std::string_view frame) {
  if (frame.size() > MAX_FRAME_BYTES)
    return ProtocolError{WsError::frame_too_large,
                         "frames are limited to " + std::to_string(MAX_FRAME_BYTES) + " bytes",
                         {},
                         std::nullopt};
  boost::system::error_code ec;
  json::value v = json::parse(frame, ec);
  if (ec) return ProtocolError{WsError::malformed_json, "not JSON: " + ec.message(), {}, {}};
  const json::object* o = v.if_object();
  if (o == nullptr)
    return ProtocolError{
        WsError::malformed_json, "a frame must be a JSON object", {}, std::nullopt};
  const json::string* type = opt_string(*o, "type");
  if (type == nullptr)
    return ProtocolError{
        WsError::unknown_type, "'type' must name a message type", {}, std::nullopt};
  const std::string_view t(type->c_str(), type->size());
  if (t == "hello") return parse_hello(*o);
  if (t == "move") return parse_move(*o);
  if (t == "ping") return parse_ping(*o);
  if (t == "lobby") return ClientMessage{LobbyMsg{}};
  if (t == "my_events") return ClientMessage{MyEventsMsg{}};
  if (t == "ready") return ClientMessage{ReadyMsg{}};
  if (t == "resign_game") return ClientMessage{ResignGameMsg{}};
  if (t == "resign_match") return ClientMessage{ResignMatchMsg{}};
  if (t == "claim") return ClientMessage{ClaimMsg{}};
  if (t == "choose_piece") {
    const json::string* piece = opt_string(*o, "piece");
    if (piece != nullptr && *piece == "cross") return ClientMessage{ChoosePieceMsg{0}};
    if (piece != nullptr && *piece == "circle") return ClientMessage{ChoosePieceMsg{1}};
    return bad("'piece' must be \"cross\" or \"circle\"");
  }
  if (t == "rematch") {
    const json::string* action = opt_string(*o, "action");
    if (action != nullptr && *action == "offer")
      return ClientMessage{RematchMsg{RematchAction::offer}};
    if (action != nullptr && *action == "accept")
      return ClientMessage{RematchMsg{RematchAction::accept}};
    if (action != nullptr && *action == "decline")
      return ClientMessage{RematchMsg{RematchAction::decline}};
    return bad("'action' must be \"offer\", \"accept\" or \"decline\"");
  }
  // The error echoes at most 32 bytes of the type, cut at a character
  // boundary: half a UTF-8 sequence would make the error frame invalid text,
  // which a WebSocket client must treat as a failed connection (RFC 6455 8.1).
  std::size_t cut = std::min<std::size_t>(t.size(), 32);
  while (cut < t.size() && cut > 0 && (static_cast<unsigned char>(t[cut]) & 0xC0) == 0x80) --cut;
  std::string shown(t.substr(0, cut));
  return ProtocolError{WsError::unknown_type, "unknown message type '" + shown + "'", {}, {}};
}

const char* message_type(const ClientMessage& message) {
  static constexpr const char* NAMES[] = {"hello",        "lobby",        "move",     "ready",
                                          "resign_game",  "resign_match", "claim",    "ping",
                                          "choose_piece", "rematch",      "my_events"};
  return NAMES[message.index()];
}

std::string move_id_of(std::string_view frame) {
  if (frame.size() > MAX_FRAME_BYTES) return {};
  boost::system::error_code ec;
  const json::value v = json::parse(frame, ec);
  if (ec || !v.is_object()) return {};
  const json::object& o = v.as_object();
  const json::string* type = opt_string(o, "type");
  const json::string* id = opt_string(o, "id");
  if (type == nullptr || *type != "move" || id == nullptr || id->empty() ||
      id->size() > MAX_MOVE_ID)
    return {};
  return std::string(id->c_str(), id->size());
}

}  // namespace ft::server
