// Generated display names for guests ("Quiet Otter 42"): friendly, short,
// and random enough that two guests at one table rarely share one. The rule
// a name a person chooses must pass is store/names.h clean_name.
#pragma once

#include <functional>
#include <string>

namespace ft::server {

// A generated name that `kept` says no account keeps (store
// find_account_by_name: by look-alike key), so that a new guest never shows
// a kept name: eight draws of "Adjective Animal 0..99", then eight more with
// numbers up to 9999 (2.56 million names: more than anyone can keep). Only
// if all sixteen are kept is the last one taken anyway.
std::string guest_name(const std::function<bool(const std::string&)>& kept);

}  // namespace ft::server
