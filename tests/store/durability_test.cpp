// Contract: durability, concurrency and schema versions, on every backend
// (store_fixture.h).
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <thread>

#include "store/migrations.h"
#include "store/sql_store.h"
#include "store_fixture.h"

namespace ft::store::test {
namespace {

TEST_P(StoreContract, DataSurvivesCloseAndReopen) {
  Player p = store().create_player("tok", "Ann", 1);
  store().create_table(table("t"));
  const MatchId id = start_match("t");
  store().append_move(move(id, 1, 1));
  close();
  reopen();
  EXPECT_EQ(store().find_player_by_token("tok"), p);
  ASSERT_TRUE(store().find_table("t"));
  EXPECT_EQ(store().moves_of_game(id, 1), std::vector<MoveRecord>{move(id, 1, 1).move});
}

// A child process appends moves and reports each one on a pipe as soon as
// append_move returns (the moment the server would acknowledge it); the
// parent kills it with SIGKILL mid-stream. Every reported move must be in the
// database afterwards.
TEST_P(StoreContract, AcknowledgedMovesSurviveSigkill) {
  store().create_table(table("t"));
  const MatchId id = start_match("t");
  close();
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  const pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    ::close(fds[0]);
    try {
      auto child = open_store(url());
      // No end: however fast the disk, the parent's kill comes first.
      for (int ply = 1;; ++ply) {
        child->append_move(move(id, 1, ply));
        if (::write(fds[1], &ply, sizeof ply) != sizeof ply) ::_exit(4);
      }
    } catch (...) {
      ::_exit(3);
    }
  }
  ::close(fds[1]);
  int acked = 0;
  int ply = 0;
  while (acked < 25 && ::read(fds[0], &ply, sizeof ply) == sizeof ply) acked = ply;
  ::kill(pid, SIGKILL);
  int status = 0;
  ::waitpid(pid, &status, 0);
  // Acknowledgements the child sent between our last read and the kill count too.
  while (::read(fds[0], &ply, sizeof ply) == sizeof ply) acked = ply;
  ::close(fds[0]);
  ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL)
      << "the child ended on its own (status " << status << "), acked " << acked;
  ASSERT_GE(acked, 25);

  reopen();
  auto moves = store().moves_of_game(id, 1);
  ASSERT_GE(static_cast<int>(moves.size()), acked);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    EXPECT_EQ(moves[i], move(id, 1, static_cast<int>(i) + 1).move);
  }
}

TEST_P(StoreContract, ConcurrentWritersOnOneStoreAndTwoConnections) {
  constexpr int THREADS = 4;
  constexpr int PLIES = 20;
  std::vector<MatchId> matches;
  for (int t = 0; t < THREADS; ++t) {
    const std::string id = "table-" + std::to_string(t);
    store().create_table(table(id));
    matches.push_back(start_match(id));
  }
  // A second Store on the same database, as a second server process would be.
  auto other = open_store(url());
  std::vector<std::thread> threads;
  std::vector<std::string> errors(THREADS);
  for (int t = 0; t < THREADS; ++t) {
    threads.emplace_back([&, t] {
      try {
        Store& s = t % 2 == 0 ? store() : *other;
        for (int ply = 1; ply <= PLIES; ++ply) {
          s.append_move(move(matches[static_cast<std::size_t>(t)], 1, ply));
          if (ply % 5 == 0) (void)s.list_tables({});  // readers interleave with writers
        }
      } catch (const std::exception& e) {
        errors[static_cast<std::size_t>(t)] = e.what();
      }
    });
  }
  for (auto& th : threads) th.join();
  for (const auto& e : errors) EXPECT_EQ(e, "");
  for (MatchId m : matches) {
    auto moves = store().moves_of_game(m, 1);
    ASSERT_EQ(moves.size(), static_cast<std::size_t>(PLIES));
    for (int ply = 1; ply <= PLIES; ++ply) EXPECT_EQ(moves[ply - 1].ply, ply);
  }
}

TEST_P(StoreContract, ConcurrentOpensOfAFreshDatabaseMigrateOnce) {
  const std::string fresh = fresh_url();
  constexpr int OPENERS = 3;
  std::vector<std::thread> threads;
  std::vector<int> versions(OPENERS, -1);
  std::vector<std::string> errors(OPENERS);
  for (int i = 0; i < OPENERS; ++i) {
    threads.emplace_back([&, i] {
      try {
        auto s = open_store(fresh);
        versions[static_cast<std::size_t>(i)] = s->schema_version();
      } catch (const std::exception& e) {
        errors[static_cast<std::size_t>(i)] = e.what();
      }
    });
  }
  for (auto& th : threads) th.join();
  for (int i = 0; i < OPENERS; ++i) {
    EXPECT_EQ(errors[static_cast<std::size_t>(i)], "");
    EXPECT_EQ(versions[static_cast<std::size_t>(i)], migrations().back().version);
  }
}

// Reads run on their own connection: a write transaction in progress on the
// writer (here held open by hand, as during a commit's fsync) neither blocks
// them nor shows them its uncommitted rows.
TEST_P(StoreContract, ReadsNeitherWaitForNorSeeAnOpenWrite) {
  Player p = store().create_player("tok", "Ann", 1);
  auto& writer = dynamic_cast<SqlStore&>(store()).db();
  writer.begin();
  const std::vector<sql::Value> params{std::string_view("Uncommitted"), p.id};
  writer.query("UPDATE players SET display_name = $1 WHERE id = $2", params);
  EXPECT_EQ(store().find_player(p.id)->display_name, "Ann");
  EXPECT_EQ(store().find_player_by_token("tok")->display_name, "Ann");
  writer.commit();
  EXPECT_EQ(store().find_player(p.id)->display_name, "Uncommitted");
}

TEST_P(StoreContract, SchemaNewerThanTheBuildIsRefused) {
  auto* sql_store = dynamic_cast<SqlStore*>(&store());
  ASSERT_NE(sql_store, nullptr);
  sql_store->db().exec_script("INSERT INTO schema_version (version, name) VALUES (999, 'future')");
  close();
  EXPECT_STORE_ERROR(open_store(url()), StoreErrc::schema);
}

// Ascending and unique; gaps are allowed (numbers handed out to branches that
// land in any order: SqlStore::migrate applies what a database lacks).
TEST(Migrations, AscendUniquelyAndAreNamed) {
  auto list = migrations();
  ASSERT_FALSE(list.empty());
  EXPECT_EQ(list[0].version, 1);
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (i > 0) {
      EXPECT_GT(list[i].version, list[i - 1].version);
    }
    EXPECT_FALSE(list[i].name.empty());
    EXPECT_TRUE(list[i].sql.find("CREATE") != std::string_view::npos ||
                list[i].sql.find("ALTER TABLE") != std::string_view::npos)
        << list[i].name;
  }
  EXPECT_EQ(list[0].name, "initial");
}

}  // namespace
}  // namespace ft::store::test

namespace ft::store::test {
namespace {

// PostgreSQL only: a connection the server drops while the store is idle
// (restart, idle timeout) is replaced at the next call without an error.
class PostgresOnly : public StoreContract {};
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(PostgresOnly);

TEST_P(PostgresOnly, DroppedIdleConnectionIsReplaced) {
  store().create_table(table("t"));
  const MatchId id = start_match("t");
  auto admin = open_store(fresh_url());
  // Ends the store's server process from another connection, as a server
  // restart or an idle timeout would.
  auto drop_connection = [&] {
    auto& db = dynamic_cast<SqlStore&>(store()).db();
    const sql::Value pid = db.query("SELECT pg_backend_pid()", {}).at(0).integer(0);
    auto killed = dynamic_cast<SqlStore&>(*admin).db().query(
        "SELECT pg_terminate_backend(CAST($1 AS INTEGER))", std::span(&pid, 1));
    ASSERT_EQ(killed.at(0).text(0), "t");
  };
  drop_connection();
  EXPECT_TRUE(store().find_table("t"));  // a read on a fresh connection
  drop_connection();
  store().append_move(move(id, 1, 1));  // a write on a fresh connection
  EXPECT_EQ(store().moves_of_game(id, 1).size(), 1u);
}

std::vector<std::string> postgres_backend() {
  auto all = backends();
  std::erase_if(all, [](const std::string& b) { return b.starts_with("sqlite"); });
  return all;
}
INSTANTIATE_TEST_SUITE_P(Backends, PostgresOnly, ::testing::ValuesIn(postgres_backend()),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                           return param.param;
                         });

}  // namespace
}  // namespace ft::store::test
