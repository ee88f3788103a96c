// What the cluster test's phases share (main.cpp, pressure.cpp): its
// options, its failure count, the cluster script and the store's verdict on
// a set of played matches.
#pragma once

#include <chrono>
#include <cstdint>
#include <future>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "cluster/match_run.h"

namespace ft::test::cluster {

struct Options {
  int port = 0;
  std::string script;
  std::string store;
  std::int64_t lease_ms = 3000;
  int matches = 30;
  std::int64_t pause_ms = 700;
  int nodes = 3;
  int rounds = 1;  // pressure rounds (pressure.h); the long mode runs many
};

// Counts a failure (and says it) unless `ok`.
void check(bool ok, const std::string& what);
int failures();

// scripts/cluster.sh with `args`; a failure if it fails.
void cluster(const Options& o, const std::string& args);

double ms_between(Clock::time_point a, Clock::time_point b);

// From the store: every acknowledged move stored at its ply, every match
// finished and rated once, and no turn charged a takeover. The longest turn
// charged, in ms.
std::int64_t verify_store(const Options& o, const std::vector<std::unique_ptr<MatchRun>>& runs);

// Plays every run on a thread of its own; returns once every table has
// started (each client had its first state), or after 60 s.
std::vector<std::future<bool>> play_all(std::vector<std::unique_ptr<MatchRun>>& runs);

// A node's /metrics, by series name (labels included), straight from the node.
std::map<std::string, double> node_metrics(int node_port);

}  // namespace ft::test::cluster
