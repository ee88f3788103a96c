// Writes the seed corpus of match_record_fuzz: stored match records
// (server/protocol/match_codec.h) of matches played with the match library alone, in
// every variant and ending in every way a match ends, as the server would
// store them (mid-game, after a restore, finished with its match_over body).
//
//   build/asan/fuzz/seed_records fuzz/corpus/match_record
#include <boost/json.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <variant>
#include <vector>

#include "match/match.h"
#include "match/match_json.h"
#include "rules/game_kind.h"
#include "rules/variant.h"
#include "server/protocol/match_codec.h"

namespace {
using namespace ft;
namespace json = boost::json;

enum class Ending { played_out, resign_match, timeout, abandoned };
constexpr const char* ENDING_NAMES[] = {"played", "resign", "timeout", "abandoned"};

struct Writer {
  std::filesystem::path dir;
  int files = 0;
  void write(const std::string& name, const std::string& text) {
    std::ofstream(dir / (name + ".json")) << text;
    ++files;
  }
};

// The match_over body the server stores with a finished record (protocol.md 5.3).
json::value result_of(const match::Match& m) {
  json::array score;
  for (const match::Points& p : m.points()) score.push_back(p.value());
  return json::object{{"kind", "match_over"},
                      {"score", score},
                      {"reason", std::string(match::match_end_name(m.end()))},
                      {"ratings", json::array{}}};
}

// Plays one match to its end; writes the record after a few moves, the same
// record restored, and the finished record.
void play(const std::string& variant, Ending ending, unsigned seed, Writer& out) {
  match::MatchConfig config;
  config.variant = variant;
  config.seed = seed;
  if (variant == rules::TWICEFOUR_VARIANT) config.time = match::twicefour_level_time(7).value();
  auto created = match::Match::create(config);
  if (!created) {
    std::fprintf(stderr, "seed_records: %s: %s\n", variant.c_str(),
                 created.error().message.c_str());
    return;
  }
  match::Match m = std::move(created).value();
  std::mt19937 random(seed);
  const std::string name = variant + "_" + ENDING_NAMES[static_cast<int>(ending)];
  std::int64_t now = 1'000'000;
  std::int64_t version = 1;
  m.start(now);
  for (int seat = 0; seat < m.format().seats && m.phase() == match::Phase::choosing_pieces; ++seat)
    m.choose_piece(seat, seat % 2, now += 500);
  int moves = 0;
  while (m.phase() != match::Phase::over) {
    if (m.phase() == match::Phase::between_games) {
      if (ending == Ending::abandoned) {
        m.ready(0, now += 1000);
        m.tick(now += config.ready_timeout_ms + 1);
        break;
      }
      for (int seat = 0; seat < m.format().seats; ++seat) m.ready(seat, now += 700);
      continue;
    }
    if (moves == 5) {
      const std::string mid = server::encode_match(m.record(), version);
      out.write(name + "_mid", mid);
      // A restart with the players' grace to reconnect (protocol.md 6).
      auto restored = match::Match::restore(server::decode_match(mid)->record, now += 4000,
                                            std::nullopt, {}, {}, 5000);
      if (restored)
        out.write(name + "_restored", server::encode_match(restored->record(), version));
      if (ending == Ending::resign_match) {
        m.resign_match(m.seat_to_move(), now += 1500);
        break;
      }
      if (ending == Ending::timeout) {
        m.tick(now += config.time.bank_ms + config.time.per_move_ms + 10'000);
        break;
      }
    }
    const match::MatchView view = m.view(now);
    if (view.legal_moves.empty()) break;
    const std::string& move = view.legal_moves[random() % view.legal_moves.size()];
    const std::int64_t think = 200 + static_cast<std::int64_t>(random() % 1500);
    m.move(view.seat_to_move, move, now += think + 40, think);
    ++moves;
    ++version;
  }
  // A twiceFour timeout loses the round only (RULES.md B3): no result yet.
  const bool over = m.phase() == match::Phase::over;
  out.write(name + "_end",
            server::encode_match(m.record(), version, over ? result_of(m) : json::value(nullptr)));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: seed_records DIR\n");
    return 2;
  }
  Writer out{argv[1]};
  std::filesystem::create_directories(out.dir);
  std::vector<std::string> variants(rules::variant_keys().begin(), rules::variant_keys().end());
  variants.emplace_back(rules::TWICEFOUR_VARIANT);
  unsigned seed = 1;
  for (const std::string& variant : variants) {
    for (Ending e : {Ending::played_out, Ending::resign_match, Ending::timeout, Ending::abandoned})
      play(variant, e, seed++, out);
  }
  std::printf("seed_records: %d records in %s\n", out.files, argv[1]);
  return 0;
}
