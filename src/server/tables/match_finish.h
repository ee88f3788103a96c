// A finished match's results and ratings (RULES.md A3, A5, A10): who played
// for which team with how many points, and, for a rated match, every
// person's Glicko-2 change from the ratings stored before it.
//
// The ratings are read and written in the store's transaction that finishes
// the match (two matches of one player ending at once must not both start
// from the same rating), so `settle` runs there; what it computes is kept
// and the room builds the match_over frame from it only once the finish is
// durable, before the frame enters the event log.
#pragma once

#include <boost/json.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/tables/table_state.h"
#include "store/records.h"
#include "store/store.h"

namespace ft::server {

struct FinishPlan {
  struct Person {
    int seat = 0;
    std::int64_t player = 0;
    int team = 0;
    double points = 0;  // the team's match points
  };
  std::vector<Person> people;  // seats of persons; computers are not rated
  bool rated = false;
  std::string pool;  // RULES.md A5
  std::string score;
  std::int64_t now = 0;
};

FinishPlan plan_finish(const TableState& t, const match::MatchOver& over, std::int64_t now);

struct Settled {
  store::MatchFinish finish;   // all but the snapshot
  boost::json::array ratings;  // match_over's "ratings" (protocol.md 5.3)
};

// Pure: `stored` holds each person's rating before the match (nullopt: never
// rated in the pool), in the order of plan.people.
Settled rate_finish(const FinishPlan& plan,
                    const std::vector<std::optional<store::Rating>>& stored);

// Reads the people's stored ratings, then rate_finish.
Settled settle(store::Store& st, const FinishPlan& plan);

// A match_over body stored before ratings were whole points (its
// "ratings" held the rating library's doubles): the same body with them
// rounded as every answer gives them (plain_json.h rating_number).
boost::json::value with_whole_ratings(boost::json::value match_over);

}  // namespace ft::server
