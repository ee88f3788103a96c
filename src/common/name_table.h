// The one way an enum of the project gets its names: a constant table of
// {value, text} pairs, read both ways, so that a name is written once and the
// reverse lookup (text to value) can never disagree with the forward one.
//
//   constexpr auto PHASE_NAMES = name_table<Phase>({{Phase::playing, "playing"}, ...});
//   PHASE_NAMES.text(Phase::playing) == "playing"
//   PHASE_NAMES.value("playing") == Phase::playing   (std::nullopt for unknown text)
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace ft {

template <class Enum>
struct EnumName {
  Enum value;
  std::string_view text;
};

template <class Enum, std::size_t N>
class NameTable {
 public:
  constexpr explicit NameTable(const std::array<EnumName<Enum>, N>& names) : names_(names) {
    for (std::size_t i = 0; i < N; ++i) {
      for (std::size_t j = i + 1; j < N; ++j) {
        // Not a constant expression: a table that names a value or a text
        // twice does not compile.
        if (names_[i].value == names_[j].value || names_[i].text == names_[j].text) throw "twice";
      }
    }
  }

  // The value's text; `missing` for a value the table does not list (a value
  // cast from a number that is not one of the enum's).
  constexpr std::string_view text(Enum value, std::string_view missing = "") const {
    for (const EnumName<Enum>& n : names_) {
      if (n.value == value) return n.text;
    }
    return missing;
  }

  constexpr std::optional<Enum> value(std::string_view text) const {
    for (const EnumName<Enum>& n : names_) {
      if (n.text == text) return n.value;
    }
    return std::nullopt;
  }

  constexpr std::size_t size() const { return N; }
  constexpr const std::array<EnumName<Enum>, N>& entries() const { return names_; }

 private:
  std::array<EnumName<Enum>, N> names_;
};

// Deduces N from the braced list: name_table<Phase>({{Phase::a, "a"}, {Phase::b, "b"}}).
template <class Enum, std::size_t N>
constexpr NameTable<Enum, N> name_table(const EnumName<Enum> (&names)[N]) {
  std::array<EnumName<Enum>, N> a{};
  for (std::size_t i = 0; i < N; ++i) a[i] = names[i];
  return NameTable<Enum, N>(a);
}

}  // namespace ft
