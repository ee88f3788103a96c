// Challenges (docs/bot-api.md, "Challenges"): one player asks another to a
// table with the settings a table is made with (protocol.md 2.3). POST
// /api/challenge/<player> sends one, /api/challenge/<id>/accept, /decline
// and /cancel answer it, GET /api/challenge lists the caller's open ones.
// Each change is one store write (accepting: in the same transaction as the
// table it opens, so of two accepts one opens a table) and an event to both
// players on every node (player_events.h), which their pages show at once.
#include <array>

#include "server/http/api.h"
#include "server/http/json.h"
#include "server/protocol/log.h"

namespace ft::server {
namespace json = boost::json;
namespace {

// lichess's decline reasons, with the text its bot clients show.
constexpr std::array<std::pair<std::string_view, std::string_view>, 11> DECLINE_REASONS{{
    {"generic", "I'm not accepting challenges at the moment."},
    {"later", "This is not the right time for me, please ask again later."},
    {"tooFast", "This time control is too fast for me, please challenge again with a slower game."},
    {"tooSlow", "This time control is too slow for me, please challenge again with a faster game."},
    {"timeControl", "I'm not accepting challenges with this time control."},
    {"rated", "Please send me a rated challenge instead."},
    {"casual", "Please send me a casual challenge instead."},
    {"standard", "I'm not accepting variant challenges right now."},
    {"variant", "I'm not willing to play this variant right now."},
    {"noBot", "I'm not accepting challenges from bots."},
    {"onlyBot", "I'm only accepting challenges from bots."},
}};

std::optional<std::string_view> reason_text(std::string_view key) {
  for (const auto& [k, text] : DECLINE_REASONS)
    if (k == key) return text;
  return std::nullopt;
}

// "c_12" -> 12; 0 for anything else.
std::int64_t parse_challenge_id(std::string_view id) {
  if (id.size() < 3 || id.size() > 20 || !id.starts_with("c_")) return 0;
  std::int64_t n = 0;
  for (char c : id.substr(2)) {
    if (c < '0' || c > '9') return 0;
    n = n * 10 + (c - '0');
  }
  return n;
}

HttpError closed_error(store::ChallengeStatus s) {
  switch (s) {
    case store::ChallengeStatus::accepted:
      return HttpError::challenge_accepted;
    case store::ChallengeStatus::declined:
      return HttpError::challenge_declined;
    case store::ChallengeStatus::canceled:
      return HttpError::challenge_canceled;
    default:
      return HttpError::challenge_expired;
  }
}

}  // namespace

json::object Api::challenge_json(const store::Challenge& c) {
  auto person = [&](store::PlayerId id) {
    const auto p = store_.find_player(id);
    return player_object(id, p ? p->display_name : "?", p && p->bot_ms > 0);
  };
  json::object o{
      {"id", "c_" + std::to_string(c.id)},  {"status", store::challenge_status_name(c.status)},
      {"challenger", person(c.challenger)}, {"destUser", person(c.challenged)},
      {"created_at", c.created_ms},         {"expires_at", c.expires_ms}};
  if (auto settings = parse_settings(c.settings)) {
    o["variant"] = settings->variant;
    o["rated"] = settings->rated;
    o["settings"] = settings_json(*settings);
  }
  o["table"] = c.table.empty() ? json::value(nullptr) : json::value(c.table);
  if (c.status == store::ChallengeStatus::declined) {
    o["declineReasonKey"] = c.reason;
    o["declineReason"] = reason_text(c.reason).value_or("");
  }
  return o;
}

void Api::challenge_event(const char* type, const store::Challenge& c) {
  json::object event{{"type", type}, {"challenge", challenge_json(c)}};
  player_events_.publish(c.challenger, event);
  player_events_.publish(c.challenged, event);
}

std::vector<json::object> Api::open_challenge_events(std::int64_t player) {
  std::vector<json::object> out;
  for (const store::Challenge& c : store_.open_challenges_of(player, clock_.now_ms()))
    out.push_back(json::object{{"type", "challenge"}, {"challenge", challenge_json(c)}});
  return out;
}

HttpResponse Api::api_challenges(const Identity* who) {
  json::array in, out;
  if (who != nullptr) {
    for (const store::Challenge& c : store_.open_challenges_of(who->player, clock_.now_ms()))
      (c.challenged == who->player ? in : out).push_back(challenge_json(c));
  }
  return json_response(200, json::object{{"in", std::move(in)}, {"out", std::move(out)}});
}

HttpResponse Api::api_challenge_create(const HttpRequest& request, std::string_view to,
                                       const Identity& who) {
  const std::int64_t target = parse_player_id(to);
  if (target == who.player)
    return error(HttpError::cannot_challenge_self, "you cannot challenge yourself");
  if (target == 0 || !store_.find_player(target))
    return error(HttpError::not_found, "no player " + std::string(to.substr(0, 24)));
  auto parsed = settings_of(request);
  if (auto* refused = std::get_if<HttpResponse>(&parsed)) return std::move(*refused);
  TableSettings* settings = &std::get<TableSettings>(parsed);
  if (settings->computer_level != 0)
    return error(HttpError::bad_settings, "a challenge is between two players: no computer");
  if (settings->seats != 2)
    return error(HttpError::bad_settings,
                 "a challenge is for two players; open a table for three or four in the lobby");
  std::optional<store::Challenge> made;
  const std::int64_t now = clock_.now_ms();
  write_now([&, max = options_.open_challenges](store::Store& st) {
    made =
        st.add_challenge(who.player, target, request.body, now, now + options_.challenge_ms, max);
  });
  if (!made)
    return error(HttpError::too_many_challenges,
                 "you have " + std::to_string(options_.open_challenges) +
                     " open challenges; wait for their answers or cancel one first");
  challenge_event("challenge", *made);
  return json_response(201, challenge_json(*made));
}

HttpResponse Api::api_challenge_accept(std::string_view id, const Identity& who) {
  const std::int64_t n = parse_challenge_id(id);
  const auto found = n > 0 ? store_.find_challenge(n) : std::nullopt;
  if (!found || (found->challenger != who.player && found->challenged != who.player))
    return error(HttpError::not_found, "you have no challenge " + std::string(id.substr(0, 24)));
  auto settings = parse_settings(found->settings);
  if (!settings) return error(HttpError::server_error, "the challenge's settings are unreadable");
  const auto a = store_.find_player(found->challenger);
  const auto b = store_.find_player(found->challenged);
  if (!a || !b) return error(HttpError::not_found, "a player of this challenge is gone");
  std::string table;
  store::Store::Answered answered;
  const std::int64_t now = clock_.now_ms();
  auto room = tables_.open(
      [&](const std::string& tid, std::uint64_t seed) {
        table = tid;
        // Who sits first is drawn with the table's seed.
        std::vector<SeatInfo> seats(2);
        seats[0].player = a->id;
        seats[0].name = a->display_name;
        seats[0].bot = a->bot_ms > 0;
        seats[1].player = b->id;
        seats[1].name = b->display_name;
        seats[1].bot = b->bot_ms > 0;
        if (seed & 1) std::swap(seats[0], seats[1]);
        return std::make_shared<Room>(host_, tid, *settings, seats, now, seed);
      },
      [&](store::Store& st) {
        answered =
            st.answer_challenge(n, who.player, store::ChallengeStatus::accepted, "", table, now);
        return answered.answer == store::Store::ChallengeAnswer::done;
      });
  if (auto refused = refused_answer(answered, id)) return *refused;
  if (!room) return error(HttpError::unavailable, "could not find a free table id");
  json::object game{{"id", table}, {"challenge", "c_" + std::to_string(n)}};
  const json::object start{{"type", "gameStart"}, {"game", game}};
  player_events_.publish(found->challenger, start);
  player_events_.publish(found->challenged, start);
  return json_response(200, json::object{{"ok", true}, {"table", table}, {"url", "/t/" + table}});
}

std::optional<HttpResponse> Api::refused_answer(const store::Store::Answered& answered,
                                                std::string_view id) {
  using A = store::Store::ChallengeAnswer;
  switch (answered.answer) {
    case A::done:
      return std::nullopt;
    case A::not_found:
      return error(HttpError::not_found, "you have no challenge " + std::string(id.substr(0, 24)));
    case A::not_yours:
      return error(HttpError::not_yours,
                   "only the challenged player accepts or declines, and only the challenger "
                   "cancels");
    case A::not_open:
      break;
  }
  const store::ChallengeStatus s = answered.challenge->status;
  if (s == store::ChallengeStatus::expired)
    challenge_event("challengeCanceled", *answered.challenge);
  return error(closed_error(s),
               "this challenge was " + std::string(store::challenge_status_name(s)) + " already");
}

HttpResponse Api::api_challenge_answer(const HttpRequest& request, std::string_view id,
                                       store::ChallengeStatus to, const Identity& who) {
  std::string reason;
  if (to == store::ChallengeStatus::declined) {
    reason = "generic";
    boost::system::error_code ec;
    const json::value body = request.body.empty() ? json::object{} : json::parse(request.body, ec);
    if (ec || !body.is_object())
      return error(HttpError::bad_json, "the body must be a JSON object");
    if (const json::value* r = body.as_object().if_contains("reason")) {
      if (!r->is_string() || !reason_text(std::string_view(r->as_string())))
        return error(HttpError::bad_reason,
                     "'reason' is one of: generic, later, tooFast, tooSlow, timeControl, rated, "
                     "casual, standard, variant, noBot, onlyBot");
      reason = std::string(r->as_string());
    }
  }
  const std::int64_t n = parse_challenge_id(id);
  store::Store::Answered answered;
  if (n > 0)
    write_now([&, now = clock_.now_ms()](store::Store& st) {
      answered = st.answer_challenge(n, who.player, to, reason, "", now);
    });
  if (auto refused = refused_answer(answered, id)) return *refused;
  challenge_event(
      to == store::ChallengeStatus::declined ? "challengeDeclined" : "challengeCanceled",
      *answered.challenge);
  return json_response(200, json::object{{"ok", true}});
}

void Api::decline_unplayed(std::int64_t bot, const std::string& id) {
  const std::int64_t n = parse_challenge_id(id);
  store::Store::Answered answered;
  if (n > 0)
    write_now([&, now = clock_.now_ms()](store::Store& st) {
      answered = st.answer_challenge(n, bot, store::ChallengeStatus::declined, "variant", "", now);
    });
  // Answered meanwhile (cancelled, expired, a second stream of the bot on
  // another node declining it too): nothing more to say.
  if (answered.answer == store::Store::ChallengeAnswer::done)
    challenge_event("challengeDeclined", *answered.challenge);
}

int Api::expire_challenges() {
  std::vector<store::Challenge> expired;
  write_now(
      [&, now = clock_.now_ms()](store::Store& st) { expired = st.expire_challenges(now, 100); });
  for (const store::Challenge& c : expired) challenge_event("challengeCanceled", c);
  return static_cast<int>(expired.size());
}

}  // namespace ft::server
