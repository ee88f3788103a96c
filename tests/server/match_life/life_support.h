// Small helpers of the match-life test shared by its actions and checks:
// JSON reading, and the protocol's names for the match library's values.
#pragma once

#include <algorithm>
#include <boost/json.hpp>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "match/match.h"

namespace ft::test::life {

inline std::string str(const boost::json::value& v) {
  return v.is_string() ? std::string(v.as_string()) : boost::json::serialize(v);
}

inline double num(const boost::json::value& v) {
  return v.is_double()  ? v.as_double()
         : v.is_int64() ? double(v.as_int64())
                        : double(v.as_uint64());
}

// The protocol's event kind of a match event; "" for those that are no event.
inline std::string kind_of(const match::EventBody& body) {
  return std::visit(
      [](const auto& e) -> std::string {
        using T = std::decay_t<decltype(e)>;
        if constexpr (std::is_same_v<T, match::PiecesChosen>) return "pieces_chosen";
        if constexpr (std::is_same_v<T, match::GameStarted>) return "game_started";
        if constexpr (std::is_same_v<T, match::MoveMade>) return "moved";
        if constexpr (std::is_same_v<T, match::GameOver>) return "game_over";
        if constexpr (std::is_same_v<T, match::ReadyPressed>) return "ready";
        if constexpr (std::is_same_v<T, match::MatchOver>) return "match_over";
        return "";
      },
      body);
}

inline std::string reason_of(match::MatchEnd end) {
  switch (end) {
    case match::MatchEnd::resigned:
      return "resign_match";
    case match::MatchEnd::abandoned:
      return "abandon";
    case match::MatchEnd::claimed:
      return "claim";
    default:
      return std::string(match::match_end_name(end));
  }
}

inline std::string phase_of(match::Phase p) {
  std::string s(match::phase_name(p));
  std::replace(s.begin(), s.end(), '-', '_');
  return s;
}

inline std::string status_of(match::Phase p) {
  switch (p) {
    case match::Phase::not_started:
      return "waiting";
    case match::Phase::over:
      return "finished";
    case match::Phase::between_games:
      return "between_games";
    default:
      return "playing";
  }
}

template <typename T>
T pick(std::mt19937_64& rng, const std::vector<T>& v) {
  return v[std::uniform_int_distribution<std::size_t>(0, v.size() - 1)(rng)];
}

}  // namespace ft::test::life
