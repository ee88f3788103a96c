// Random openings for measuring twiceFour levels against each other, when a
// ladder wants more variety than the levels' own seeded noise gives.
//
// Until 2026-12-01 they were needed: from the first start of RULES.md B2 the
// first player had a forced double line in five half-moves, so every level
// that saw five half-moves won each round it started and a 2-round match
// between two such levels always ended 1-1. From the new start no side can
// force a round win within 28 half-moves, the first mover not within 29
// (RULES.md B2; tests/rules/twicefour_start_proof_test.cpp proves 16 on
// every run and 29 when asked), so `bench levels` plays from the start
// itself by default (--opening-plies 0) and these are optional.
#pragma once

#include <cstdint>

#include "rules/twicefour_game.h"

namespace ft::engine::twicefour {

// `plies` random legal moves from the start (cross first), drawn from `seed`
// until the position is still open: the round goes on and an eight-half-move
// search proves no result for the side to move. Deterministic for a seed.
// With plies == 0 it is the start itself.
rules::TwiceFourGame balanced_opening(std::uint64_t seed, int plies);

}  // namespace ft::engine::twicefour
