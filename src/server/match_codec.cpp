#include "server/match_codec.h"

#include <boost/json.hpp>

namespace ft::server {
namespace json = boost::json;
namespace {

std::int64_t as_int(const json::value& v) {
  if (v.is_int64()) return v.as_int64();
  if (v.is_uint64()) return static_cast<std::int64_t>(v.as_uint64());
  throw std::invalid_argument("not an integer");
}

}  // namespace

std::string encode_match(const match::MatchRecord& r, std::int64_t version,
                         const json::value& result) {
  const auto& c = r.config;
  json::object config;
  config["variant"] = c.variant;
  config["options"] = json::array{c.options.width, c.options.height, c.options.popout,
                                  c.options.blocks, c.options.opening_plies};
  config["single"] = c.single_game;
  config["time"] = json::array{c.time.bank_ms, c.time.increment_ms, c.time.per_move_ms};
  config["seed"] = c.seed;
  config["ready_timeout_ms"] = c.ready_timeout_ms;
  config["claim_after_ms"] = c.claim_after_ms;
  json::array inputs;
  inputs.reserve(r.inputs.size());
  for (const auto& in : r.inputs) {
    inputs.push_back(json::array{static_cast<int>(in.action), in.at, in.seat, in.move,
                                 in.think_ms.value_or(-1), in.piece, in.last_seen});
  }
  json::array draws(r.draws.begin(), r.draws.end());
  json::object o;
  o["version"] = version;
  o["config"] = std::move(config);
  o["inputs"] = std::move(inputs);
  o["draws"] = std::move(draws);
  if (!result.is_null()) o["result"] = result;
  return json::serialize(o);
}

Result<SavedMatch> decode_match(std::string_view text) {
  try {
    const json::value v = json::parse(text);
    const json::object& o = v.as_object();
    SavedMatch saved;
    saved.version = as_int(o.at("version"));
    const json::object& c = o.at("config").as_object();
    auto& config = saved.record.config;
    config.variant = std::string(c.at("variant").as_string().c_str());
    const json::array& opt = c.at("options").as_array();
    config.options.width = int(as_int(opt.at(0)));
    config.options.height = int(as_int(opt.at(1)));
    config.options.popout = int(as_int(opt.at(2)));
    config.options.blocks = int(as_int(opt.at(3)));
    config.options.opening_plies = int(as_int(opt.at(4)));
    config.single_game = c.at("single").as_bool();
    const json::array& t = c.at("time").as_array();
    config.time = match::TimeControl{as_int(t.at(0)), as_int(t.at(1)), as_int(t.at(2))};
    config.seed = static_cast<std::uint64_t>(c.at("seed").to_number<std::uint64_t>());
    config.ready_timeout_ms = as_int(c.at("ready_timeout_ms"));
    config.claim_after_ms = as_int(c.at("claim_after_ms"));
    for (const json::value& item : o.at("inputs").as_array()) {
      const json::array& a = item.as_array();
      match::Input in;
      in.action = static_cast<match::Action>(as_int(a.at(0)));
      in.at = as_int(a.at(1));
      in.seat = int(as_int(a.at(2)));
      in.move = std::string(a.at(3).as_string().c_str());
      const std::int64_t think = as_int(a.at(4));
      if (think >= 0) in.think_ms = think;
      in.piece = int(as_int(a.at(5)));
      in.last_seen = as_int(a.at(6));
      saved.record.inputs.push_back(std::move(in));
    }
    for (const json::value& d : o.at("draws").as_array())
      saved.record.draws.push_back(int(as_int(d)));
    if (const json::value* result = o.if_contains("result")) saved.result = *result;
    return saved;
  } catch (const std::exception& e) {
    return make_error(ErrorCode::bad_input, std::string("saved match is unreadable: ") + e.what());
  }
}

}  // namespace ft::server
