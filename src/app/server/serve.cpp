// `fourtable serve`: the game server (src/server/serve.h), its options read by
// serve_args.h.
#include <iostream>

#include "app/command.h"
#include "app/server/serve_args.h"
#include "server/serve.h"

namespace {

int run_serve(std::span<const std::string> args) {
  std::string error;
  bool help = false;
  auto options = ft::app::parse_serve_args(args, error, help);
  if (help) {
    std::cout << ft::app::serve_usage();
    return 0;
  }
  if (!options) {
    std::cerr << "fourtable serve: " << error << "\n\n" << ft::app::serve_usage();
    return 2;
  }
  return ft::server::serve(*options);
}

const ft::app::RegisterCommand REGISTER{
    "serve", "run the game server (HTTP, WebSocket, web client)", run_serve};

}  // namespace
