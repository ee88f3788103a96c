// The referee's judge for four in a row and its variants (RULES.md part A).
//
// Set-up fields beyond the variant and the moves:
// - "blocks": neutral cells, each resting on the bottom or on another block
//   (a floating block is an error). Any variant accepts them as a position
//   set-up; the referee checks that they stand, not that a layout is one the
//   obstacles draw (RULES.md A8) could have made.
// - "seed" (integer >= 0, default 0): the obstacles variant without "blocks"
//   and the drawn-opening variant without "opening" get the set-up the site
//   draws from that seed (rules/setup_draw.h), so a request is reproducible.
// - "opening" (drawn-opening only): the opening's drops, e.g. ["d","c"].
#include <limits>

#include "app/rules/referee.h"
#include "rules/four_game.h"
#include "rules/setup_draw.h"

namespace ft::app::referee {
namespace json = boost::json;

namespace {

// Reads an optional integer field into `out`; returns an error message or "".
std::string read_int(const json::object& req, std::string_view key, std::int64_t lo,
                     std::int64_t hi, std::int64_t& out, bool& present) {
  present = false;
  const json::value* v = req.if_contains(key);
  if (v == nullptr) return "";
  const std::string range = std::to_string(lo) + ".." + std::to_string(hi);
  if (const std::int64_t* i = v->if_int64()) {
    if (*i < lo || *i > hi)
      return std::string(key) + " " + std::to_string(*i) + " is out of range (" + range + ")";
    out = *i;
  } else if (const std::uint64_t* u = v->if_uint64()) {
    if (*u > static_cast<std::uint64_t>(hi))
      return std::string(key) + " " + std::to_string(*u) + " is out of range (" + range + ")";
    out = static_cast<std::int64_t>(*u);
  } else {
    return std::string(key) + " must be an integer (" + range + ")";
  }
  present = true;
  return "";
}

// Reads an optional array of strings.
std::string read_strings(const json::object& req, std::string_view key,
                         std::vector<std::string>& out, bool& present) {
  present = false;
  const json::value* v = req.if_contains(key);
  if (v == nullptr) return "";
  const json::array* a = v->if_array();
  if (a == nullptr) return std::string(key) + " must be an array of strings";
  for (const json::value& item : *a) {
    const json::string* s = item.if_string();
    if (s == nullptr) return std::string(key) + " must be an array of strings";
    out.emplace_back(s->data(), s->size());
  }
  present = true;
  return "";
}

}  // namespace

Reply judge_four(const json::object& req) {
  if (auto k = unknown_key(req, {"game", "variant", "width", "height", "popout", "blocks",
                                 "opening", "seed", "moves"});
      !k.empty())
    return error_reply(k);

  const json::value* variant = req.if_contains("variant");
  if (variant == nullptr) return error_reply("variant is missing");
  const json::string* key = variant->if_string();
  if (key == nullptr) return error_reply("variant must be a string");

  rules::VariantOptions options;
  bool present = false;
  std::int64_t n = 0;
  // Sizes are range-checked by make_variant; here only against overflow.
  for (auto [name, field] : {std::pair{"width", &options.width}, {"height", &options.height}}) {
    if (auto e = read_int(req, name, -1000, 1000, n, present); !e.empty()) return error_reply(e);
    if (present) {
      if (n == 0) return error_reply(std::string(name) + " 0 is out of range (4..10)");
      *field = static_cast<int>(n);
    }
  }
  if (const json::value* p = req.if_contains("popout")) {
    const bool* b = p->if_bool();
    if (b == nullptr) return error_reply("popout must be true or false");
    options.popout = *b ? 1 : 0;
  }
  std::int64_t seed = 0;
  if (auto e = read_int(req, "seed", 0, std::numeric_limits<std::int64_t>::max(), seed, present);
      !e.empty())
    return error_reply(e);

  auto spec = rules::make_variant(std::string_view(key->data(), key->size()), options);
  if (!spec) return error_reply(spec.error().message);

  rules::Setup setup = rules::draw_setup(*spec, static_cast<std::uint64_t>(seed));
  std::vector<std::string> texts;
  if (auto e = read_strings(req, "blocks", texts, present); !e.empty()) return error_reply(e);
  if (present) {
    setup.blocks.clear();
    for (const auto& t : texts) {
      auto cell = rules::parse_cell(t, spec->width, spec->height);
      if (!cell)
        return error_reply("setup: block '" + t.substr(0, 12) + "': " + cell.error().message);
      setup.blocks.push_back(*cell);
    }
  }
  texts.clear();
  if (auto e = read_strings(req, "opening", texts, present); !e.empty()) return error_reply(e);
  if (present) {
    if (spec->opening_plies == 0)
      return error_reply("setup: an opening belongs to the drawn-opening variant");
    setup.opening.clear();
    for (const auto& t : texts) {
      auto m = rules::parse_move(t, spec->width);
      if (!m || m->pop) {
        return error_reply("setup: opening move '" + t.substr(0, 12) + "': " +
                           (m ? std::string("an opening is drops only") : m.error().message));
      }
      setup.opening.push_back(m->col);
    }
  }

  auto game = rules::FourGame::create(*spec, setup);
  if (!game) return error_reply("setup: " + game.error().message);
  return play_and_report(game.value(), req.if_contains("moves"));
}

}  // namespace ft::app::referee
