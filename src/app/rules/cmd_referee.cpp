// `fourtable referee`: JSON lines in, JSON lines out (see referee.h).
#include <iostream>
#include <string>

#include "app/command.h"
#include "app/options.h"
#include "app/rules/referee.h"

namespace ft::app {
namespace {

constexpr const char* USAGE = R"(usage: fourtable referee < requests.jsonl

Reads one JSON request per line on stdin and writes one JSON reply per line
on stdout (flushed after each). Example request:
  {"variant":"popout","moves":["d","d","d^"]}
Fields: game (four|twicefour), variant, width, height, popout, blocks,
opening, seed, moves. A bad request gets {"error":"..."}; the command
goes on with the next line and exits 0 at the end of input.
)";

int run_referee(std::span<const std::string> args) {
  if (!args.empty()) return Options("referee", args).report("takes no arguments (see --help)", 2);
  std::string line;
  while (std::getline(std::cin, line)) {
    std::string reply;
    try {
      reply = referee::process_line(line);
    } catch (const std::exception& e) {
      // Only resource exhaustion gets here; the line is answered all the same.
      reply =
          boost::json::serialize(referee::error_reply(std::string("internal error: ") + e.what()));
    }
    std::cout << reply << '\n' << std::flush;
  }
  return 0;
}

const RegisterCommand REGISTER{"referee", "judge games sent as JSON lines on stdin", run_referee,
                               USAGE};

}  // namespace
}  // namespace ft::app
