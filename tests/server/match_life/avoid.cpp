// The switches of Avoid (life.h) by name, as --avoid and the regression
// list spell them.
#include <string>

#include "match_life/life.h"

namespace ft::test::life {
namespace {
struct Fault {
  const char* name;
  bool Avoid::*flag;
};
constexpr Fault FAULTS[] = {{"early-ends", &Avoid::early_ends},
                            {"restarts", &Avoid::restarts},
                            {"three-players", &Avoid::three_players},
                            {"claims", &Avoid::claims},
                            {"team-profile-results", &Avoid::team_profile_results}};
}  // namespace

std::string Avoid::names() const {
  std::string out;
  for (const Fault& f : FAULTS) {
    if (!(this->*f.flag)) continue;
    if (!out.empty()) out += ",";
    out += f.name;
  }
  return out.empty() ? "nothing" : out;
}

bool Avoid::overlaps(const Avoid& o) const {
  for (const Fault& f : FAULTS)
    if (this->*f.flag && o.*f.flag) return true;
  return false;
}

bool parse_avoid(const std::string& list, Avoid& out, std::string& error) {
  std::size_t pos = 0;
  while (pos <= list.size()) {
    std::size_t end = list.find(',', pos);
    if (end == std::string::npos) end = list.size();
    const std::string name = list.substr(pos, end - pos);
    pos = end + 1;
    if (name == "nothing") continue;
    const Fault* found = nullptr;
    for (const Fault& f : FAULTS)
      if (name == f.name) found = &f;
    if (found == nullptr) {
      error = "unknown fault '" + name + "' (";
      for (const Fault& f : FAULTS) error += std::string(f.name) + ", ";
      error += "nothing)";
      return false;
    }
    out.*found->flag = true;
  }
  return true;
}

Life::Life(ServerUnderTest& server, int index, std::uint64_t seed, const Avoid& avoid)
    : server_(server), index_(index), seed_(seed), avoid_(avoid), rng_(seed) {}

}  // namespace ft::test::life
