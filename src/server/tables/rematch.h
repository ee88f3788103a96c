// Rematch (protocol.md 4.9 and 5.10): once a match is over,
// a seat offers a new match with the same settings and the seats moved round;
// every other person at the table accepts or declines, and a computer agrees
// at once. This is the offer's state alone: the room checks who may act and
// when, asks this what an action does, and makes the new table when it says so.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "server/protocol/errors.h"
#include "server/protocol/messages.h"
#include "server/protocol/outgoing.h"

namespace ft::server {

// What one rematch action did.
struct RematchStep {
  std::optional<ProtocolError> error;  // refused: nothing changed
  bool changed = false;                // the table is sent a new `rematch` frame
  bool open = false;                   // every seat agrees now: make the new table
};

class RematchOffer {
 public:
  // `seat` acts; `computer[i]` says seat i is a computer (it agrees at once).
  RematchStep act(int seat, RematchAction action, const std::vector<bool>& computer);
  // The new table is made (its id), or could not be (""): the offer starts over.
  void opened(const std::string& table);
  bool any() const { return by_ >= 0; }
  // The rematch frame (protocol.md 5.10) of the offer as it stands.
  RematchFrame frame() const;

 private:
  std::vector<bool> agreed_;  // per seat, once an offer was made
  int by_ = -1;               // the seat that acted last; -1: nothing offered
  bool declined_ = false;
  bool opening_ = false;  // every seat agreed; the new table is being made
  std::string table_;     // the new table's id once made
};

}  // namespace ft::server
