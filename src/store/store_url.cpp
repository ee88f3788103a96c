#include "store/store_url.h"

#include "store/store.h"

namespace ft::store {

StoreUrl parse_store_url(std::string_view url) {
  const auto bad = [&](const std::string& why) {
    return StoreError(StoreErrc::bad_input, "store URL '" + std::string(url) + "': " + why);
  };
  StoreUrl out;
  if (url.starts_with("postgres://") || url.starts_with("postgresql://")) {
    out.kind = StoreUrl::Kind::postgres;
    out.target = std::string(url);  // libpq parses the rest
    return out;
  }
  if (!url.starts_with("sqlite:")) {
    throw bad("unknown scheme (use sqlite:PATH or postgres://...)");
  }
  std::string_view rest = url.substr(7);
  if (rest.starts_with("//")) rest.remove_prefix(2);  // sqlite://path is accepted too
  std::string_view query;
  if (auto q = rest.find('?'); q != std::string_view::npos) {
    query = rest.substr(q + 1);
    rest = rest.substr(0, q);
  }
  if (rest.empty()) throw bad("no database file");
  out.target = std::string(rest);
  while (!query.empty()) {
    auto amp = query.find('&');
    std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    if (pair == "synchronous=full") {
      out.sqlite_sync_full = true;
    } else if (pair == "synchronous=normal") {
      out.sqlite_sync_full = false;
    } else {
      throw bad("unknown option '" + std::string(pair) +
                "' (known: synchronous=full, synchronous=normal)");
    }
  }
  return out;
}

}  // namespace ft::store
