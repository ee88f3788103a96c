// A room that stops running on this node because its table moves to another
// (server/cluster/cluster.h): what it stored is sent first, then its sockets close.
#include "server/tables/room.h"

namespace ft::server {

void Room::retire(std::function<void()> done) {
  submit([this, done = std::move(done)] {
    retired_ = true;
    inbox_.clear();  // commands after this one go to the new node, resent by their clients
    std::vector<Sub> subs;
    subs.swap(subs_);
    // The clients reconnect through the balancer and reach the new owner,
    // which restores the table from the store without charging any clock.
    for (const Sub& s : subs) s.peer->close_soon();
    done();
  });
}

}  // namespace ft::server
