// `fourtable referee`: JSON lines in, JSON lines out (see referee.h).
#include <iostream>
#include <string>

#include "app/command.h"
#include "app/rules/referee.h"

namespace ft::app {
namespace {

int run_referee(std::span<const std::string> args) {
  if (has_flag(args, "help")) {
    std::cout << "usage: fourtable referee < requests.jsonl\n\n"
                 "Reads one JSON request per line on stdin and writes one JSON reply per line\n"
                 "on stdout (flushed after each). Example request:\n"
                 "  {\"variant\":\"popout\",\"moves\":[\"d\",\"d\",\"d^\"]}\n"
                 "Fields: game (four|twicefour), variant, width, height, popout, blocks,\n"
                 "opening, seed, moves. A bad request gets {\"error\":\"...\"}; the command\n"
                 "goes on with the next line and exits 0 at the end of input.\n";
    return 0;
  }
  if (!args.empty()) {
    std::cerr << "fourtable referee: takes no arguments (see --help)\n";
    return 2;
  }
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

const RegisterCommand REGISTER{"referee", "judge games sent as JSON lines on stdin", run_referee};

}  // namespace
}  // namespace ft::app
