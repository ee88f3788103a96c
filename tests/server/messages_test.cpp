// The parse point against the golden frames of docs/protocol.md: every
// client frame parses to its typed message, every bad frame to its code.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "server/protocol/messages.h"
#include "server/protocol/outgoing.h"

namespace ft::server {
namespace {

namespace fs = std::filesystem;

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

const fs::path GOLDEN = FT_GOLDEN_DIR;

TEST(Messages, EveryGoldenClientFrameParsesToItsType) {
  int count = 0;
  for (const auto& entry : fs::directory_iterator(GOLDEN / "c2s")) {
    const std::string text = read_file(entry.path());
    const auto expected = boost::json::parse(text).as_object().at("type").as_string();
    Parsed parsed = parse_client_frame(text);
    ASSERT_EQ(parsed.index(), 0u) << entry.path() << ": "
                                  << std::get<ProtocolError>(parsed).message;
    EXPECT_EQ(std::string(message_type(std::get<ClientMessage>(parsed))),
              std::string(expected.c_str()))
        << entry.path();
    ++count;
  }
  EXPECT_GE(count, 8);
}

TEST(Messages, GoldenMoveCarriesEveryField) {
  Parsed parsed = parse_client_frame(read_file(GOLDEN / "c2s/move.json"));
  const auto& move = std::get<MoveMsg>(std::get<ClientMessage>(parsed));
  EXPECT_EQ(move.id, "m7");
  EXPECT_EQ(move.move, "d");
  EXPECT_EQ(move.version, 12);
  EXPECT_EQ(move.think_ms, 1830);
  Parsed minimal = parse_client_frame(read_file(GOLDEN / "c2s/move_minimal.json"));
  const auto& m2 = std::get<MoveMsg>(std::get<ClientMessage>(minimal));
  EXPECT_EQ(m2.move, "d^");
  EXPECT_FALSE(m2.version.has_value());
  EXPECT_FALSE(m2.think_ms.has_value());
}

TEST(Messages, GoldenHelloCarriesSinceAndWatch) {
  auto hello = std::get<HelloMsg>(
      std::get<ClientMessage>(parse_client_frame(read_file(GOLDEN / "c2s/hello_since.json"))));
  EXPECT_EQ(hello.table, "k3j9xq2apz");
  EXPECT_EQ(hello.since, 12);
  EXPECT_FALSE(hello.watch);
  auto watch = std::get<HelloMsg>(
      std::get<ClientMessage>(parse_client_frame(read_file(GOLDEN / "c2s/hello_watch.json"))));
  EXPECT_TRUE(watch.watch);
  EXPECT_EQ(watch.since, 0);
}

TEST(Messages, EveryGoldenBadFrameGetsItsCode) {
  const auto expected = boost::json::parse(read_file(GOLDEN / "bad/expected.json")).as_object();
  int count = 0;
  for (const auto& [name, code] : expected) {
    const std::string text = read_file(GOLDEN / "bad" / std::string(name));
    ASSERT_FALSE(text.empty()) << name;
    Parsed parsed = parse_client_frame(text);
    ASSERT_EQ(parsed.index(), 1u) << name << " parsed although it is bad";
    EXPECT_EQ(std::string(ws_error_name(std::get<ProtocolError>(parsed).code)),
              std::string(code.as_string().c_str()))
        << name;
    ++count;
  }
  EXPECT_GE(count, 10);
}

TEST(Messages, BadMoveKeepsItsIdForTheErrorFrame) {
  Parsed parsed = parse_client_frame(R"({"type":"move","id":"m9","move":5})");
  const auto& error = std::get<ProtocolError>(parsed);
  EXPECT_EQ(error.code, WsError::bad_message);
  EXPECT_EQ(error.id, "m9");
  const auto frame = boost::json::parse(encode(error)).as_object();
  EXPECT_EQ(frame.at("type").as_string(), "error");
  EXPECT_EQ(frame.at("code").as_string(), "bad_message");
  EXPECT_EQ(frame.at("id").as_string(), "m9");
}

// Found by fuzz/frame_fuzz.cpp: the unknown type was cut at 32 bytes inside
// the emoji, and the error frame carried half a UTF-8 sequence.
TEST(Messages, UnknownTypeIsEchoedAsValidText) {
  const std::string type = std::string(30, 'k') + "\xF0\x9F\x98\x80";  // U+1F600 at bytes 30..33
  const Parsed parsed = parse_client_frame(R"({"type":")" + type + R"("})");
  const auto& error = std::get<ProtocolError>(parsed);
  EXPECT_EQ(error.code, WsError::unknown_type);
  EXPECT_EQ(error.message, "unknown message type '" + std::string(30, 'k') + "'");
  boost::system::error_code ec;
  const auto frame = boost::json::parse(encode(error), ec);
  ASSERT_FALSE(ec) << ec.message();
  EXPECT_EQ(frame.at("code").as_string(), "unknown_type");
}

TEST(Messages, FrameOfExactlyTheLimitIsRead) {
  std::string frame = R"({"type":"ping","t":1,"pad":")";
  frame += std::string(MAX_FRAME_BYTES - frame.size() - 2, 'x');
  frame += "\"}";
  ASSERT_EQ(frame.size(), MAX_FRAME_BYTES);
  EXPECT_EQ(parse_client_frame(frame).index(), 0u);
  EXPECT_EQ(std::get<ProtocolError>(parse_client_frame(frame + " ")).code,
            WsError::frame_too_large);
}

}  // namespace
}  // namespace ft::server
