// libFuzzer target over the client frame parser (server/protocol/messages.h), the one
// place the server reads client JSON. Whatever the bytes, parse_client_frame
// must return either a typed message whose fields keep the protocol's limits
// or one of the errors a parse can give (protocol.md 5.7), never throw; and a
// parsed message written back as a frame must parse to the same message.
#include <boost/json.hpp>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>

#include "server/protocol/messages.h"
#include "server/protocol/outgoing.h"

namespace {
using namespace ft::server;
namespace json = boost::json;

[[noreturn]] void fail(const char* what, std::string_view frame) {
  std::fprintf(stderr, "frame_fuzz: %s\nframe: %.*s\n", what, static_cast<int>(frame.size()),
               frame.data());
  std::abort();
}

// Whether `v` is present and the string `s` (embedded NULs included).
bool is_text(const json::value* v, std::string_view s) {
  return v != nullptr && v->is_string() && std::string_view(v->get_string()) == s;
}

// The message as the client would write it: the fields protocol.md 4 lists,
// optional ones only when set.
std::string write_frame(const ClientMessage& message) {
  json::object o;
  o["type"] = message_type(message);
  std::visit(
      [&o](const auto& m) {
        using T = std::decay_t<decltype(m)>;
        if constexpr (std::is_same_v<T, HelloMsg>) {
          o["table"] = m.table;
          o["since"] = m.since;
          o["watch"] = m.watch;
        } else if constexpr (std::is_same_v<T, MoveMsg>) {
          o["id"] = m.id;
          o["move"] = m.move;
          if (m.version) o["version"] = *m.version;
          if (m.think_ms) o["think_ms"] = *m.think_ms;
        } else if constexpr (std::is_same_v<T, PingMsg>) {
          o["t"] = m.t;
        } else if constexpr (std::is_same_v<T, ChoosePieceMsg>) {
          o["piece"] = m.piece == 0 ? "cross" : "circle";
        } else if constexpr (std::is_same_v<T, RematchMsg>) {
          o["action"] = m.action == RematchAction::offer    ? "offer"
                        : m.action == RematchAction::accept ? "accept"
                                                            : "decline";
        }
      },
      message);
  return json::serialize(o);
}

// The limits protocol.md 4 puts on each message's fields.
bool within_limits(const ClientMessage& message) {
  if (const auto* h = std::get_if<HelloMsg>(&message))
    return !h->table.empty() && h->table.size() <= 64 && h->since >= 0;
  if (const auto* m = std::get_if<MoveMsg>(&message))
    return !m->id.empty() && m->id.size() <= MAX_MOVE_ID && !m->move.empty() &&
           m->move.size() <= 16 && m->version.value_or(0) >= 0 && m->think_ms.value_or(0) >= 0;
  if (const auto* c = std::get_if<ChoosePieceMsg>(&message)) return c->piece == 0 || c->piece == 1;
  return true;
}

bool is_parse_error(WsError code) {
  return code == WsError::malformed_json || code == WsError::unknown_type ||
         code == WsError::bad_message || code == WsError::frame_too_large;
}

void check_error(const ProtocolError& error, std::string_view frame) {
  if (!is_parse_error(error.code)) fail("a code that parsing cannot give", frame);
  if (error.message.empty()) fail("an error without a message", frame);
  if ((error.code == WsError::frame_too_large) != (frame.size() > MAX_FRAME_BYTES))
    fail("frame_too_large does not match the frame's size", frame);
  if (error.version) fail("a parse error with a version", frame);
  // The error frame the client gets is one JSON object naming the code.
  boost::system::error_code ec;
  const json::value v = json::parse(encode(error), ec);
  const json::object* e = ec ? nullptr : v.if_object();
  if (!e || !is_text(e->if_contains("type"), "error") ||
      !is_text(e->if_contains("code"), ws_error_name(error.code)) ||
      !is_text(e->if_contains("message"), error.message))
    fail("the encoded error frame is not the error", frame);
  // An id is echoed only for a move that named one.
  if (!error.id.empty()) {
    const json::value f = json::parse(frame, ec);
    const json::object* o = ec ? nullptr : f.if_object();
    if (!o || !is_text(o->if_contains("type"), "move") || !is_text(o->if_contains("id"), error.id))
      fail("an error carries an id the frame did not send", frame);
  }
}

void check_message(const ClientMessage& message, std::string_view frame) {
  if (!within_limits(message)) fail("a parsed message breaks the protocol's limits", frame);
  // The type parsed is the type the frame named.
  boost::system::error_code ec;
  const json::value f = json::parse(frame, ec);
  const json::object* o = ec ? nullptr : f.if_object();
  if (!o || !is_text(o->if_contains("type"), message_type(message)))
    fail("the message is not of the frame's type", frame);
  // Written back and parsed again, it is the same message.
  const std::string written = write_frame(message);
  const Parsed again = parse_client_frame(written);
  const auto* same = std::get_if<ClientMessage>(&again);
  if (!same) fail("a parsed message, written back, is refused", frame);
  if (same->index() != message.index() || write_frame(*same) != written)
    fail("a parsed message, written back, parses differently", frame);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view frame(reinterpret_cast<const char*>(data), size);
  const Parsed parsed = parse_client_frame(frame);
  if (const auto* error = std::get_if<ProtocolError>(&parsed)) {
    check_error(*error, frame);
  } else {
    check_message(std::get<ClientMessage>(parsed), frame);
  }
  return 0;
}
