// The cluster test's pressure phase (docs/operations.md, "The cluster
// test"): matches played while two processes keep the CPU busy and Redis is
// frozen (SIGSTOP) for longer than a lease. Nobody is killed, so nothing may
// give: no node loses a lease, no table write fails, no client is cut off,
// every spectator sees only stored moves, every acknowledged move is stored.
// Before, a node under such load lost all its leases at once: its renewal
// waited behind the bus. `--rounds N` repeats it (the long mode).
#pragma once

#include "cluster/harness.h"
#include "cluster/nodes.h"

namespace ft::test::cluster {

// Runs o.rounds rounds; failures are counted by check().
void pressure_rounds(const Options& o, Nodes& nodes);

}  // namespace ft::test::cluster
