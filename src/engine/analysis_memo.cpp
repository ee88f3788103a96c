#include "engine/analysis_memo.h"

#include <functional>

namespace ft::engine {

std::size_t AnalysisMemo::KeyHash::operator()(const Key& k) const {
  std::size_t h = rules::PositionKeyHash{}(k.discs);
  const auto mix = [&h](std::size_t v) { h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2); };
  mix(static_cast<std::size_t>(static_cast<std::uint64_t>(k.blocks)));
  mix(static_cast<std::size_t>(static_cast<std::uint64_t>(k.blocks >> 64)));
  mix(std::hash<std::string>{}(k.board));
  return h;
}

AnalysisMemo::Key AnalysisMemo::key_of(const rules::Position& pos) {
  const rules::VariantSpec& spec = pos.geometry().spec();
  Key k;
  k.discs = pos.key();
  k.blocks = pos.blocks();
  k.board = spec.key + '/' + std::to_string(spec.width) + 'x' + std::to_string(spec.height) + '/' +
            std::to_string(spec.line);
  return k;
}

std::optional<AnalysisMemo::Scores> AnalysisMemo::find(const rules::Position& pos) {
  if (max_entries_ == 0) return std::nullopt;
  const Key k = key_of(pos);
  if (const auto it = current_.find(k); it != current_.end()) {
    ++hits_;
    return it->second;
  }
  const auto it = older_.find(k);
  if (it == older_.end()) return std::nullopt;
  ++hits_;
  Scores found = it->second;
  keep(pos, found);
  return found;
}

void AnalysisMemo::keep(const rules::Position& pos, Scores scores) {
  if (max_entries_ == 0) return;
  if (current_.size() >= (max_entries_ + 1) / 2) {
    older_ = std::move(current_);
    current_.clear();
  }
  current_.insert_or_assign(key_of(pos), std::move(scores));
}

}  // namespace ft::engine
