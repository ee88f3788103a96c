#include "cluster/match_run.h"

#include <stdexcept>
#include <thread>

namespace ft::test::cluster {
namespace json = boost::json;
namespace {

// 19 plies of seven by six, one game: columns a, b and c filled (no four
// anywhere), then the first player's d1 completes the bottom row.
const std::vector<std::string>& moves() {
  static const std::vector<std::string> m = [] {
    std::vector<std::string> v;
    for (const char* c : {"a", "b", "c"})
      for (int i = 0; i < 6; ++i) v.emplace_back(c);
    v.emplace_back("d");
    return v;
  }();
  return m;
}

std::string type_of(const json::object& f) {
  return std::string(f.at("type").as_string());
}

std::string kind_of(const json::object& f) {
  return type_of(f) == "event" ? std::string(f.at("event").at("kind").as_string()) : "";
}

Guest new_guest(int port) {
  HttpResult r = http(port, "GET", "/api/me");
  if (r.status != 200) throw std::runtime_error("GET /api/me: " + std::to_string(r.status));
  const std::string id(r.json().at("id").as_string());  // p_<n>
  return Guest{r.set_cookie, std::stoll(id.substr(2))};
}

}  // namespace

MatchRun::MatchRun(Nodes& nodes, int port, int index, std::int64_t pause_ms)
    : nodes_(nodes), port_(port), index_(index), pause_ms_(pause_ms) {
  a_ = new_guest(port);
  b_ = new_guest(port);
  HttpResult r = http(port, "POST", "/api/tables",
                      R"({"game":"four","rated":true,)"
                      R"("clock":{"kind":"fischer","bank_ms":600000,"increment_ms":0}})",
                      a_.cookie);
  if (r.status != 201) throw std::runtime_error("POST /api/tables: " + r.body);
  table_ = std::string(r.json().at("id").as_string());
  players_[0].guest = a_;
  players_[1].guest = b_;
  spectator_.guest = new_guest(port);
  spectator_.watch = true;
  remote_.guest = new_guest(port);
  remote_.watch = true;
}

json::object MatchRun::connect(Client& c, Clock::time_point deadline) {
  return connect(c, deadline, port_);
}

json::object MatchRun::connect(Client& c, Clock::time_point deadline, int port) {
  for (;;) {
    try {
      c.ws = std::make_unique<WsClient>(port, c.guest.cookie, "", "/ws?table=" + table_);
      c.ws->expect("welcome", {}, std::chrono::milliseconds(3000));
      json::object hello{{"type", "hello"}, {"table", table_}, {"since", c.version}};
      if (c.watch) hello["watch"] = true;
      c.ws->send(hello);
      // A takeover waits for the lease of a dead node; a socket that stays
      // silent longer than that is given up and opened again (nginx may
      // route the new one elsewhere).
      const auto left =
          std::min(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()),
                   std::chrono::milliseconds(8000));
      json::object first = c.ws->recv_until(
          [](const json::object& f) {
            const std::string t = type_of(f);
            // A client that is up to date gets no state nor event, only
            // the table's presence (docs/protocol.md 4.1): it is back too.
            return t == "state" || t == "event" || t == "presence" || t == "error";
          },
          std::max(left, std::chrono::milliseconds(100)));
      if (type_of(first) == "error")
        throw std::runtime_error("hello refused: " + json::serialize(first));
      return first;
    } catch (const std::exception& e) {
      if (Clock::now() >= deadline)
        throw std::runtime_error("table " + table_ + ": no state again: " + e.what());
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }
}

void MatchRun::reconnect_all(Clock::time_point lost) {
  const auto deadline = lost + std::chrono::seconds(30);
  spectator_.version = spectator_log_.version();
  for (Client* c : {&players_[0], &players_[1], &spectator_}) {
    json::object first = connect(*c, deadline);
    if (c == &spectator_) {
      spectator_log_.frame(first);
    } else if (type_of(first) == "state") {
      c->version = first.at("version").as_int64();
    }
  }
  outages_.push_back(Outage{lost, Clock::now()});
}

void MatchRun::follow_spectator(bool wait_for_end) {
  if (!wait_for_end) {
    // Only what has arrived; a closed socket is noticed by the next move.
    try {
      while (spectator_.ws->readable())
        spectator_log_.frame(spectator_.ws->recv(std::chrono::milliseconds(2000)));
    } catch (const std::exception&) {
    }
    return;
  }
  const auto deadline = Clock::now() + std::chrono::seconds(10);
  while (!spectator_log_.saw_end()) {
    try {
      spectator_log_.frame(spectator_.ws->recv(std::chrono::milliseconds(2000)));
    } catch (const std::exception&) {
      if (Clock::now() >= deadline) return;
      spectator_.version = spectator_log_.version();
      spectator_log_.frame(connect(spectator_, deadline));
    }
  }
}

void MatchRun::connect_remote(Clock::time_point deadline, std::unique_ptr<WsClient> previous) {
  remote_seen_changes_ = nodes_.changes();
  for (int turn = index_;; ++turn) {
    remote_node_ = nodes_.watcher_node(table_, turn);
    if (remote_node_ == 0) {
      if (Clock::now() >= deadline) throw std::runtime_error("no living node to watch from");
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      continue;
    }
    // One try per node (a short deadline): a node that died meanwhile is
    // left for another.
    const auto one_try = std::min(deadline, Clock::now() + std::chrono::seconds(9));
    remote_.version = remote_log_.version();
    json::object first;
    try {
      first = connect(remote_, one_try, nodes_.port(remote_node_));
    } catch (const std::exception&) {
      if (Clock::now() >= deadline) throw;
      continue;
    }
    remote_log_.connected(remote_node_, nodes_.owner(table_));
    // Moved of its own will, from a socket still open: what that socket got
    // before the new one's first frame counts first (the match_over may be
    // among it).
    const std::int64_t at = first.if_contains("version") ? first.at("version").as_int64() : 0;
    try {
      while (previous && remote_log_.version() < at)
        remote_log_.frame(previous->recv(std::chrono::milliseconds(1000)));
    } catch (const std::exception&) {
    }
    remote_log_.frame(first);
    // Served by a node that does not run the table? (Its owner now, after
    // the first frame came: a hello that took the table would show here.)
    // Only a state counts: the owner alone sends events to a spectator that
    // is up to date.
    const bool elsewhere = type_of(first) == "state" && nodes_.owner(table_) != remote_node_;
    remote_on_owner_ = !elsewhere;
    if (remote_connections_++ == 0) remote_first_elsewhere_ = elsewhere;
    if (elsewhere) ++remote_elsewhere_;
    return;
  }
}

void MatchRun::watch_remote() {
  // Its own thread, blocked in recv: a closed socket (its node died or
  // stopped, or the table came to that node and the feed closed it) shows at
  // once, and so does silence (no frame for longer than a takeover or the
  // Redis outage takes).
  for (;;) {
    if (remote_log_.saw_end_event()) return;
    try {
      remote_log_.frame(remote_.ws->recv(std::chrono::milliseconds(20000)));
      // Left on the owner (no other node lived) and a node came back: it
      // goes there, to watch from a node that does not run the table again.
      if (remote_on_owner_ && nodes_.changes() != remote_seen_changes_) {
        const int owner = nodes_.owner(table_);
        const int other = nodes_.watcher_node(table_, index_);
        remote_seen_changes_ = nodes_.changes();
        if (other != 0 && other != owner)
          connect_remote(Clock::now() + std::chrono::seconds(30), std::move(remote_.ws));
      }
    } catch (const std::exception&) {
      if (Clock::now() >= remote_until_.load()) return;
      try {
        connect_remote(Clock::now() + std::chrono::seconds(30));
      } catch (const std::exception& e) {
        remote_error_ = e.what();
        return;
      }
    }
  }
}

int MatchRun::start_game(int number) {
  // Both players Ready (RULES.md A3); the game starts when the second is.
  for (int attempt = 0; attempt < 10; ++attempt) {
    try {
      for (Client& p : players_) p.ws->send(json::object{{"type", "ready"}});
      json::object started = players_[0].ws->recv_until(
          [](const json::object& f) { return kind_of(f) == "game_started"; },
          std::chrono::milliseconds(4000));
      return int(started.at("event").at("game").at("to_move").at("seat").as_int64());
    } catch (const std::runtime_error&) {
      reconnect_all(Clock::now());
      // The state says whether the game began before the socket went.
      json::object st = connect(players_[0], Clock::now() + std::chrono::seconds(30));
      if (type_of(st) == "state" && st.at("match").at("phase") == "playing" &&
          st.at("game").at("number").as_int64() == number)
        return int(st.at("game").at("to_move").at("seat").as_int64());
    }
  }
  throw std::runtime_error("game " + std::to_string(number) + " never started");
}

void MatchRun::play_game(int number, int first_mover) {
  for (std::size_t i = 0; i < moves().size(); ++i) {
    Client& mover = players_[(first_mover + int(i)) % 2];
    const std::string id = "g" + std::to_string(number) + "m" + std::to_string(i + 1);
    const json::object move{{"type", "move"}, {"id", id}, {"move", moves()[i]}};
    for (int attempt = 0;; ++attempt) {
      if (attempt > 20) throw std::runtime_error("move " + id + " never acknowledged");
      try {
        mover.ws->send(move);
        json::object reply = mover.ws->recv_until(
            [](const json::object& f) { return type_of(f) == "ack" || type_of(f) == "error"; },
            std::chrono::milliseconds(4000));
        if (type_of(reply) == "error") {
          // A store write refused while the table changed nodes: the client
          // reconnects and resends, as after a lost socket.
          if (reply.at("code") != "server_error")
            throw std::logic_error("move " + id + " refused: " + json::serialize(reply));
          throw std::runtime_error(json::serialize(reply));
        }
        acked_.push_back(Acked{number, int(i) + 1, moves()[i]});
        break;
      } catch (const std::runtime_error&) {
        reconnect_all(Clock::now());  // then the same move, same id: a resend
      }
    }
    for (Client& p : players_) {
      try {
        p.ws->discard_pending();
      } catch (const std::exception&) {
        // A closed socket: this player's next move reconnects.
      }
    }
    follow_spectator(false);
    std::this_thread::sleep_for(std::chrono::milliseconds(pause_ms_));
  }
}

bool MatchRun::play() {
  const bool played = play_match();
  if (remote_watch_.joinable()) {
    // Played (or given up): the match_over is on its way to the spectator
    // on another node, or soon will be.
    remote_until_ = Clock::now() + std::chrono::seconds(15);
    remote_watch_.join();
  }
  remote_log_.check_moves(acked_);
  return played;
}

bool MatchRun::play_match() {
  try {
    json::object state;
    for (Client* c : {&players_[0], &players_[1], &spectator_}) {
      json::object first = connect(*c, Clock::now() + std::chrono::seconds(30));
      if (type_of(first) != "state") throw std::runtime_error("no state after hello");
      c->version = first.at("version").as_int64();
      state = first;
    }
    spectator_log_.frame(state);
    // The table has settled on the node its players reached (nginx): now
    // the spectator on another node.
    connect_remote(Clock::now() + std::chrono::seconds(30));
    remote_watch_ = std::thread([this] { watch_remote(); });
    started_ = true;
    // The last to sit down started game 1: its state says who moves first.
    const int games = int(state.at("match").at("games").as_int64());
    int first_mover = int(state.at("game").at("to_move").at("seat").as_int64());
    for (int g = 1; g <= games; ++g) {
      if (g > 1) first_mover = start_game(g);
      play_game(g, first_mover);
    }
    follow_spectator(true);
    spectator_log_.check_moves(acked_);
    over_ = true;
    return true;
  } catch (const std::exception& e) {
    error_ = "table " + table_ + ": " + e.what();
    return false;
  }
}

}  // namespace ft::test::cluster
