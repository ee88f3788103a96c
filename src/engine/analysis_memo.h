// The analyses a PositionAnalyzer already made, by position: a position met
// again, in a later game or a later position's search, is answered without a
// search. Games of one site share their openings (most start in the centre
// and follow a few lines), and the positions just past the opening book are
// where an analysis spends most of its time (bench/analysis_plies: on 7x6,
// the 8-disc position costs more than all later ones together), so the same
// few thousand positions would be searched again in game after game.
//
// Only solved analyses are kept, and only those that cost a search (a
// position answered in under a millisecond is cheaper to search again than
// to keep). Bounded: when full, the older half is dropped (the entries of a
// generation ago), so the memo keeps what the games of late still reach.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "rules/position.h"

namespace ft::engine {

class AnalysisMemo {
 public:
  explicit AnalysisMemo(std::size_t max_entries) : max_entries_(max_entries) {}

  // The scores of the position's legal moves in rules order, as stored.
  struct Scores {
    std::vector<std::int8_t> scores;
    bool win_draw_loss = false;
  };
  std::optional<Scores> find(const rules::Position& pos);
  void keep(const rules::Position& pos, Scores scores);

  std::size_t size() const { return current_.size() + older_.size(); }
  std::uint64_t hits() const { return hits_; }

 private:
  struct Key {
    rules::PositionKey discs;
    rules::Bits blocks = 0;
    std::string board;  // variant, size and line: the same discs on another board differ
    friend bool operator==(const Key&, const Key&) = default;
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const;
  };
  static Key key_of(const rules::Position& pos);

  std::size_t max_entries_;
  // Two generations: new entries go to `current_`; when it holds half the
  // maximum, it becomes `older_` and the previous older one is dropped. A hit
  // in `older_` is copied forward, so a position still in use survives.
  std::unordered_map<Key, Scores, KeyHash> current_;
  std::unordered_map<Key, Scores, KeyHash> older_;
  std::uint64_t hits_ = 0;
};

}  // namespace ft::engine
