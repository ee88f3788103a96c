// Small pieces the hub and the rooms share.
#pragma once

#include <chrono>
#include <cstdint>

namespace ft::server {

// Microseconds on the steady clock: a move's latency is measured from the
// frame's arrival (hub) to its acknowledgement (room).
inline std::int64_t steady_us() {
  return std::chrono::duration_cast<std::chrono::microseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// std::visit over a message variant with one lambda per alternative.
template <class... Ts>
struct overloaded : Ts... {
  using Ts::operator()...;
};
template <class... Ts>
overloaded(Ts...) -> overloaded<Ts...>;

}  // namespace ft::server
