// `fourtable serve`'s command line: the options after `serve` into the
// server's ServeOptions, and the usage text. The command line belongs to the
// program (like every command's, through app/cli_args.h); the server only
// takes the options.
#pragma once

#include <optional>
#include <span>
#include <string>

#include "server/serve.h"

namespace ft::app {

// Parses the arguments after `serve`. On error returns nullopt with `error`
// set; `help` is set for --help.
std::optional<server::ServeOptions> parse_serve_args(std::span<const std::string> args,
                                                     std::string& error, bool& help);
const char* serve_usage();

}  // namespace ft::app
