// The cluster test's pool phase (protocol.md 2.19, "Play someone now"):
// two guests wait in one pool, each through a node of its own, past nginx,
// and a third node sees the first one's wait: the waits are the store's.
// Both are paired at one table within a few of the nodes' passes, and both
// sit down at it through nginx and its match starts.
#pragma once

#include "cluster/harness.h"
#include "cluster/nodes.h"

namespace ft::test::cluster {

// Failures are counted by check().
void pool_phase(const Options& o, const Nodes& nodes);

}  // namespace ft::test::cluster
