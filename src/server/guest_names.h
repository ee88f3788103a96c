// Generated display names for guests ("Quiet Otter 42"): friendly, short,
// and random enough that two guests at one table rarely share one.
#pragma once

#include <string>
#include <string_view>

namespace ft::server {

std::string guest_name();
// Trims and checks a name a person asked for (1..24 characters, no control
// characters); returns "" when it cannot be used.
std::string clean_name(std::string_view name);

}  // namespace ft::server
