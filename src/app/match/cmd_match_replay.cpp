// `fourtable match-replay`: rebuilds a match from its stored record (the JSON
// of match/match_json.h, as the server keeps it) and prints where it stands,
// for looking into a table after an incident or checking a record by hand.
#include <cstdint>
#include <fstream>
#include <iostream>
#include <sstream>

#include "app/command.h"
#include "app/options.h"
#include "match/match_json.h"

namespace ft::app {
namespace {

constexpr const char* USAGE = R"(usage: fourtable match-replay --record FILE [--now MS]

Reads a match record (config, inputs, lottery draws) from FILE ('-' for
standard input), replays it through the match library and prints the
match view as JSON, then the score on a line of its own. --now is the
time of the view in ms (default: the record's last input, so no clock
has run since). A record the match refuses is reported, not guessed at.
)";

int run_match_replay(std::span<const std::string> args) {
  Options opt("match-replay", args);
  const std::string path = opt.required_text("record");
  if (!opt.ok()) return opt.usage_error();
  std::stringstream text;
  if (path == "-") {
    text << std::cin.rdbuf();
  } else {
    std::ifstream in(path);
    if (!in) return opt.report("cannot read " + path, 1);
    text << in.rdbuf();
  }
  auto record = match::record_from_json(text.str());
  if (!record) return opt.report(record.error().message, 1);
  const std::int64_t now =
      opt.number("now", record->inputs.empty() ? 0 : record->inputs.back().at, 0, INT64_MAX);
  if (!opt.ok()) return opt.usage_error();
  // Restore with the view time as "last seen": the replay itself charges the
  // time up to --now, as a live server would have.
  auto m = match::Match::restore(*record, now, now);
  if (!m) return opt.report(m.error().message, 1);
  std::cout << match::to_json(m->view(now)) << "\n" << m->score() << "\n";
  return 0;
}

const RegisterCommand REGISTER{"match-replay", "rebuild a match from its stored record",
                               run_match_replay, USAGE};

}  // namespace
}  // namespace ft::app
