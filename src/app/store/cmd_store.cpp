// `fourtable store`: operations on the store without starting the server
// (docs/operations.md): apply the migrations before rolling out several nodes,
// and list what a restart would bring back.
#include <iostream>
#include <string>

#include "app/command.h"
#include "app/options.h"
#include "store/migrations.h"
#include "store/store.h"

namespace ft::app {
namespace {

constexpr const char* HELP =
    "usage: fourtable store migrate [--store URL]\n"
    "       fourtable store live [--store URL]\n\n"
    "migrate  opens the store, applies the migrations it lacks and prints its\n"
    "         schema version (the server does the same at start-up).\n"
    "live     lists the tables a restart would bring back (open or playing)\n"
    "         with their match and how many moves are stored.\n\n"
    "URL is sqlite:PATH[?synchronous=normal] or postgres://...\n"
    "(default sqlite:./fourtable.db).\n";

int run_store(std::span<const std::string> args) {
  const Options opt("store", args);
  if (args.empty()) {
    std::cerr << HELP;
    return 2;
  }
  const std::string& action = args[0];
  if (action != "migrate" && action != "live")
    return opt.report("unknown action '" + action + "' (migrate or live)", 2);
  const std::string url = opt.text("store", std::string(store::DEFAULT_STORE_URL));
  try {
    auto s = store::open_store(url);
    if (action == "migrate") {
      std::cout << "store " << s->backend() << ": schema version " << s->schema_version()
                << " (this build knows " << store::migrations().back().version << ")\n";
      return 0;
    }
    auto live = s->load_live_tables();
    for (const auto& t : live) {
      std::cout << t.table.id << ' ' << store::table_status_name(t.table.status) << ' '
                << t.table.variant << " seats=" << t.table.seats.size();
      if (t.match) {
        std::cout << " match=" << t.match->id << " games=" << t.games.size()
                  << " moves=" << t.moves.size();
      }
      std::cout << '\n';
    }
    std::cout << live.size() << " live table" << (live.size() == 1 ? "" : "s") << '\n';
    return 0;
  } catch (const store::StoreError& e) {
    return opt.report(std::string(store::store_errc_name(e.code())) + ": " + e.what(), 1);
  }
}

const RegisterCommand REGISTER{"store", "migrate the store, list live tables", run_store, HELP};

}  // namespace
}  // namespace ft::app
