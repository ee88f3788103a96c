// `fourtable match-replay`: rebuilds a match from its stored record (the JSON
// of match/match_json.h, as the server keeps it) and prints where it stands,
// for looking into a table after an incident or checking a record by hand.
#include <charconv>
#include <fstream>
#include <iostream>
#include <sstream>

#include "app/command.h"
#include "match/match_json.h"

namespace ft::app {
namespace {

int usage_error(const std::string& message) {
  std::cerr << "fourtable match-replay: " << message << " (see --help)\n";
  return 2;
}

int run_match_replay(std::span<const std::string> args) {
  if (has_flag(args, "help")) {
    std::cout << "usage: fourtable match-replay --record FILE [--now MS]\n\n"
                 "Reads a match record (config, inputs, lottery draws) from FILE ('-' for\n"
                 "standard input), replays it through the match library and prints the\n"
                 "match view as JSON, then the score on a line of its own. --now is the\n"
                 "time of the view in ms (default: the record's last input, so no clock\n"
                 "has run since). A record the match refuses is reported, not guessed at.\n";
    return 0;
  }
  std::string path;
  if (!option_value(args, "record", path)) return usage_error("--record is required");
  std::stringstream text;
  if (path == "-") {
    text << std::cin.rdbuf();
  } else {
    std::ifstream in(path);
    if (!in) {
      std::cerr << "fourtable match-replay: cannot read " << path << "\n";
      return 1;
    }
    text << in.rdbuf();
  }
  auto record = match::record_from_json(text.str());
  if (!record) {
    std::cerr << "fourtable match-replay: " << record.error().message << "\n";
    return 1;
  }
  std::int64_t now = record->inputs.empty() ? 0 : record->inputs.back().at;
  if (std::string s; option_value(args, "now", s)) {
    auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), now);
    if (ec != std::errc() || ptr != s.data() + s.size() || now < 0)
      return usage_error("--now must be a time in ms");
  }
  // Restore with the view time as "last seen": the replay itself charges the
  // time up to --now, as a live server would have.
  auto m = match::Match::restore(*record, now, now);
  if (!m) {
    std::cerr << "fourtable match-replay: " << m.error().message << "\n";
    return 1;
  }
  std::cout << match::to_json(m->view(now)) << "\n" << m->score() << "\n";
  return 0;
}

const RegisterCommand REGISTER{"match-replay", "rebuild a match from its stored record",
                               run_match_replay};

}  // namespace
}  // namespace ft::app
