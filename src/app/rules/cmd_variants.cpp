// `fourtable variants`: the facts of the rules that the web client shows, as
// JSON read from the rules library (variants.cpp, variant.h,
// twicefour_position.h): board sizes, every variant with its board, colours,
// seats and the options a table may set, and twiceFour's board. The web
// client keeps the output as web/src/variants.json, so it names no variant
// fact of its own; ctest's VariantsCommand.WebCopyCurrent fails when that
// copy differs from what this command prints.
#include <boost/json.hpp>
#include <iostream>
#include <string>

#include "app/command.h"
#include "rules/twicefour_position.h"
#include "rules/variant.h"

namespace ft::app {
namespace {
namespace json = boost::json;

json::object range(int lo, int hi) {
  return {{"min", lo}, {"max", hi}};
}

json::object variant_json(const rules::VariantSpec& v) {
  const rules::VariantChoices can = rules::variant_choices(v.key);
  json::object choices;
  if (can.popout) choices["popout"] = true;
  if (can.blocks) choices["blocks"] = range(rules::MIN_BLOCKS, rules::MAX_BLOCKS);
  if (can.opening_plies)
    choices["opening_plies"] = range(rules::MIN_OPENING_PLIES, rules::MAX_OPENING_PLIES);
  return {{"key", v.key},
          {"width", v.width},
          {"height", v.height},
          {"line", v.line},
          {"colours", v.colours},
          {"seats", v.seats},
          {"games_per_match", v.games_per_match()},
          {"format", v.format == rules::Format::single_game ? "single" : "match"},
          {"cylinder", v.cylinder},
          {"popout", v.popout},
          {"misere", v.misere},
          {"prefilled_outer", v.prefilled_outer},
          {"blocks", v.blocks},
          {"opening_plies", v.opening_plies},
          {"choices", std::move(choices)}};
}

json::array point_names(rules::TfBits bits) {
  json::array out;
  for (int i = 0; i < 25; ++i) {
    if ((bits >> i) & 1u) out.emplace_back(rules::tf_format_point(i));
  }
  return out;
}

json::object twicefour_json() {
  json::array lines;
  for (rules::TfBits line : rules::tf_lines()) lines.emplace_back(point_names(line));
  json::object neighbours;
  for (int i = 0; i < 25; ++i) {
    if (rules::tf_is_point(i))
      neighbours[rules::tf_format_point(i)] = point_names(rules::tf_neighbours()[std::size_t(i)]);
  }
  const auto start = rules::TwiceFourPosition::start();
  return {{"size", 5},
          {"points", point_names(rules::TF_BOARD)},
          {"lines", std::move(lines)},
          {"neighbours", std::move(neighbours)},
          {"start",
           {{"cross", point_names(start.pieces(rules::TF_CROSS))},
            {"circle", point_names(start.pieces(rules::TF_CIRCLE))}}},
          {"move_limit", rules::TF_MOVE_LIMIT},
          {"points_to_win", rules::TF_POINTS_TO_WIN}};
}

// One variant per line, so that a change to one variant is a one-line diff.
std::string catalogue() {
  json::array presets;
  for (const auto& [w, h] : rules::SIZE_PRESETS) presets.push_back(json::array{w, h});
  const json::object sizes{
      {"min", rules::MIN_SIZE}, {"max", rules::MAX_SIZE}, {"presets", std::move(presets)}};
  std::string out = "{\n\"sizes\": " + json::serialize(sizes) + ",\n\"variants\": [\n";
  bool first = true;
  for (std::string_view key : rules::variant_keys()) {
    if (!first) out += ",\n";
    first = false;
    out += json::serialize(variant_json(rules::find_variant(key).value()));
  }
  out += "\n],\n\"twicefour\": " + json::serialize(twicefour_json()) + "\n}\n";
  return out;
}

constexpr const char* USAGE =
    "usage: fourtable variants > web/src/variants.json\n\n"
    "Prints the rules' facts the web client shows (board sizes, every variant\n"
    "with its board, colours, seats and table options, twiceFour's board) as\n"
    "JSON, one variant per line.\n";

int run_variants(std::span<const std::string> args) {
  if (!args.empty()) {
    std::cerr << "fourtable variants: takes no arguments (see --help)\n";
    return 2;
  }
  std::cout << catalogue();
  return 0;
}

const RegisterCommand REGISTER{"variants", "the rules' facts the web client shows, as JSON",
                               run_variants, USAGE};

}  // namespace
}  // namespace ft::app
