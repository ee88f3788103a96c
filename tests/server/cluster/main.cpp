// The cluster test (docs/operations.md, "Several nodes"): run by
// cluster_test.sh against a cluster of scripts/cluster.sh (three nodes,
// PostgreSQL, Redis, nginx). 30 matches are played through nginx, each with
// a spectator through nginx and one connected directly to a node that does
// not run the table, while one node is killed with SIGKILL, Redis is stopped
// and started again and another node is stopped with SIGTERM (3 s later the
// first node starts again, and the spectators left on the one node alive,
// which runs every table then, go to it). Then, from the store and every
// node:
// - every acknowledged move is stored, at its ply; every match is finished
//   and stored once, and each player has one finished match and one rated
//   result (the matches are unrated: their profiles still count them once);
// - no move was charged the outage (the clock stood while the table moved);
// - every client had its table again within lease + 5 s of the SIGKILL and
//   2 s of the SIGTERM; every spectator saw every event in order and every
//   move as acknowledged, and the one on another node saw the match_over
//   come (it first watched from a node that did not run the table, and
//   went back to such a node whenever its own stopped);
// - the lobby (open tables made on every node) is the same on every node,
//   and after Redis was killed and started again it catches up.
//
// Before the matches, the pool phase (pools.h): two guests waiting in one
// pool through different nodes are paired. After them the pressure phase
// (pressure.h): rounds of matches under a busy CPU and a frozen Redis, in
// which nothing may give.
//
//   cluster_test --port NGINX_PORT --script scripts/cluster.sh --store URL
//                --lease-ms N [--matches 30] [--pause-ms 500] [--rounds 1]
//   (FT_CLUSTER_DEBUG=1 in the environment lists every client's outage and
//   what each spectator on other nodes saw.)
#include <algorithm>
#include <cstdlib>
#include <future>
#include <iostream>
#include <set>
#include <sstream>
#include <thread>

#include "cluster/harness.h"
#include "cluster/match_run.h"
#include "cluster/nodes.h"
#include "cluster/pools.h"
#include "cluster/pressure.h"
#include "store/store.h"

namespace ft::test::cluster {
namespace {

namespace json = boost::json;

// The open tables' ids of one node's lobby, asked of the node itself.
std::set<std::string> lobby_of(int node_port) {
  HttpResult r = http(node_port, "GET", "/api/lobby");
  std::set<std::string> ids;
  if (r.status != 200) return ids;
  const json::value lobby = r.json();  // kept: the loop reads into it
  for (const json::value& t : lobby.at("open").as_array())
    ids.insert(std::string(t.at("id").as_string()));
  return ids;
}

std::string joined(const std::set<std::string>& s) {
  std::string out;
  for (const auto& x : s) out += (out.empty() ? "" : ",") + x;
  return out;
}

// Worst resumption of the clients whose outage began after `event` (and
// before `until`), from `event`; -1 if none was cut off.
double worst_resume(const std::vector<std::unique_ptr<MatchRun>>& runs, Clock::time_point event,
                    Clock::time_point until, int& cut) {
  double worst = -1;
  cut = 0;
  for (const auto& r : runs) {
    for (const Outage& out : r->outages()) {
      if (out.lost < event || out.lost >= until) continue;
      ++cut;
      worst = std::max(worst, ms_between(event, out.resumed));
      if (std::getenv("FT_CLUSTER_DEBUG"))
        std::cout << "  " << r->table() << " lost at +" << ms_between(event, out.lost)
                  << " ms, back at +" << ms_between(event, out.resumed) << " ms" << std::endl;
    }
  }
  return worst;
}

int run(const Options& o) {
  // Open tables made through nginx, so on every node: the lobby's test.
  std::set<std::string> open_tables;
  for (int i = 0; i < 6; ++i) {
    HttpResult g = http(o.port, "GET", "/api/me");
    HttpResult t = http(o.port, "POST", "/api/tables", R"({"game":"four"})", g.set_cookie);
    check(t.status == 201, "open table: " + t.body);
    if (t.status == 201) open_tables.insert(std::string(t.json().at("id").as_string()));
  }
  Nodes nodes(o.port, o.nodes, o.store);
  // Two guests waiting in one pool through different nodes are paired.
  pool_phase(o, nodes);
  std::vector<std::unique_ptr<MatchRun>> runs;
  for (int i = 0; i < o.matches; ++i)
    runs.push_back(std::make_unique<MatchRun>(nodes, o.port, i, o.pause_ms));
  const auto start = Clock::now();
  // Every table settled on its node first (a new table moves from the node
  // that made it to the one nginx sends its sockets to), then the faults.
  std::vector<std::future<bool>> played = play_all(runs);
  std::cout << "all tables started after " << ms_between(start, Clock::now()) << " ms" << std::endl;
  std::this_thread::sleep_for(std::chrono::milliseconds(1000));
  const auto killed = Clock::now();
  nodes.set_alive(1, false);
  cluster(o, "stop-node 1 KILL");
  std::this_thread::sleep_for(std::chrono::milliseconds(o.lease_ms + 4000));
  const auto redis_stopped = Clock::now();
  cluster(o, "stop-redis KILL");
  // Without Redis another node's part drops out after 5 s; then each node
  // lists the other nodes' tables from the store (cluster_lobby.h), so the
  // lobby stays whole. Looked at 1.5 s after the parts ran out.
  auto lobbies_whole = [&] {
    for (int n = 1; n <= o.nodes; ++n)
      if (nodes.alive(n) && lobby_of(o.port + n) != open_tables) return false;
    return true;
  };
  std::this_thread::sleep_for(std::chrono::milliseconds(6500));
  const bool whole_without_redis = lobbies_whole();
  std::cout << "Redis away: the lobby of the living nodes "
            << (whole_without_redis ? "is whole (from the store)" : "is NOT whole") << " after "
            << ms_between(redis_stopped, Clock::now()) << " ms" << std::endl;
  check(whole_without_redis, "the lobby stayed whole without Redis (from the store)");
  cluster(o, "start-redis");
  // Once Redis is back the parts take over again and the living nodes (node
  // 1 is dead, its open tables taken by the others) still list every open
  // table.
  const auto redis_back = Clock::now();
  bool caught_up = false;
  while (!caught_up && Clock::now() < redis_back + std::chrono::seconds(8)) {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    caught_up = lobbies_whole();
  }
  std::cout << "Redis back: the lobby of the living nodes "
            << (caught_up ? "caught up" : "did NOT catch up") << " after "
            << ms_between(redis_back, Clock::now()) << " ms" << std::endl;
  check(caught_up, "the lobby caught up after Redis came back");
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  const auto termed = Clock::now();
  nodes.set_alive(2, false);
  cluster(o, "stop-node 2 TERM");
  // Node 1 again once the SIGTERM's clients are back (nginx would send the
  // clients of its old tables that reconnect back to it: hand-overs that
  // are not the SIGTERM's), so that the spectators left on the one node
  // alive watch the matches' ends from a node that does not run them.
  std::this_thread::sleep_for(std::chrono::milliseconds(3000));
  cluster(o, "start-node 1");
  nodes.set_alive(1, true);

  int finished = 0;
  for (std::size_t i = 0; i < played.size(); ++i) {
    if (played[i].get()) {
      ++finished;
    } else {
      check(false, runs[i]->error());
    }
  }
  const auto end = Clock::now();
  std::cout << o.matches << " matches, " << finished << " played to their end in "
            << ms_between(start, end) / 1000 << " s" << std::endl;
  check(finished == o.matches, "every match played to its end");
  int events = 0, remote_events = 0, remote_moves = 0, remote_states = 0;
  int connections = 0, elsewhere = 0;
  for (const auto& r : runs) {
    check(r->spectator().ok(), r->table() + ": spectator:" + r->spectator().problem());
    check(r->remote().ok(), r->table() + ": spectator on another node:" + r->remote().problem());
    check(r->remote().saw_end_event(),
          r->table() + ": the spectator on another node got no match_over event; it saw" +
              r->remote().trace());
    check(r->remote_error().empty(),
          r->table() + ": the spectator on another node: " + r->remote_error());
    check(r->remote_first_elsewhere(),
          r->table() + ": the spectator's first node ran the table (or took it)");
    if (std::getenv("FT_CLUSTER_DEBUG"))
      std::cout << "  " << r->table() << " on other nodes:" << r->remote().trace() << std::endl;
    events += r->spectator().events();
    remote_events += r->remote().events();
    remote_moves += r->remote().moves_by_event();
    remote_states += r->remote().states();
    connections += r->remote_connections();
    elsewhere += r->remote_elsewhere();
  }
  std::cout << "spectators through nginx: " << events << " events checked in order" << std::endl;
  std::cout << "spectators on other nodes: " << remote_events << " events checked in order ("
            << remote_moves << " moves), " << remote_states << " states; " << connections
            << " connections, " << elsewhere << " of them to a node not running the table"
            << std::endl;

  int cut_kill = 0, cut_term = 0, cut_redis = 0;
  const double kill_ms = worst_resume(runs, killed, redis_stopped, cut_kill);
  const double redis_ms = worst_resume(runs, redis_stopped, termed, cut_redis);
  const double term_ms = worst_resume(runs, termed, end, cut_term);
  std::cout << "SIGKILL: " << cut_kill << " clients cut off, all back within " << kill_ms
            << " ms (limit lease " << o.lease_ms << " + 5000)" << std::endl;
  // Redis carries no move: a client cut off meanwhile was cut off by
  // something else (a late reconnection after the SIGKILL).
  std::cout << "Redis restart: " << cut_redis << " clients cut off, back within " << redis_ms
            << " ms" << std::endl;
  std::cout << "SIGTERM: " << cut_term << " clients cut off, all back within " << term_ms
            << " ms (limit 2000)" << std::endl;
  check(cut_kill > 0, "the SIGKILL cut some clients off (else it tested nothing)");
  check(cut_term > 0, "the SIGTERM cut some clients off (else it tested nothing)");
  check(kill_ms <= o.lease_ms + 5000, "SIGKILL resumption within lease + 5 s");
  check(term_ms <= 2000, "SIGTERM resumption within 2 s");

  verify_store(o, runs);

  // Node 2 back too, then the lobby of every node: the open tables, alike.
  cluster(o, "start-node 2");
  std::this_thread::sleep_for(std::chrono::milliseconds(o.lease_ms * 2 + 2500));
  std::set<std::string> first;
  for (int n = 1; n <= o.nodes; ++n) {
    const std::set<std::string> lobby = lobby_of(o.port + n);
    std::cout << "node" << n << " lobby: " << lobby.size() << " open tables" << std::endl;
    check(lobby == open_tables, "node" + std::to_string(n) + " lobby " + joined(lobby) +
                                    " is not the open tables " + joined(open_tables));
  }
  // Then the pressure: busy CPU and a frozen Redis, nobody killed.
  nodes.set_alive(2, true);
  pressure_rounds(o, nodes);
  std::cout << (failures() == 0 ? "PASS" : "FAILED") << " (" << failures() << " failures)"
            << std::endl;
  return failures() == 0 ? 0 : 1;
}

}  // namespace
}  // namespace ft::test::cluster

int main(int argc, char** argv) {
  ft::test::cluster::Options o;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string name = argv[i], value = argv[i + 1];
    if (name == "--port") {
      o.port = std::stoi(value);
    } else if (name == "--script") {
      o.script = value;
    } else if (name == "--store") {
      o.store = value;
    } else if (name == "--lease-ms") {
      o.lease_ms = std::stoll(value);
    } else if (name == "--matches") {
      o.matches = std::stoi(value);
    } else if (name == "--pause-ms") {
      o.pause_ms = std::stoll(value);
    } else if (name == "--rounds") {
      o.rounds = std::stoi(value);
    } else {
      std::cerr << "cluster_test: unknown option " << name << "\n";
      return 2;
    }
  }
  if (o.port == 0 || o.script.empty() || o.store.empty()) {
    std::cerr << "usage: cluster_test --port P --script cluster.sh --store URL [--lease-ms N]\n";
    return 2;
  }
  try {
    return ft::test::cluster::run(o);
  } catch (const std::exception& e) {
    std::cout << "FAIL: " << e.what() << std::endl;
    return 1;
  }
}
