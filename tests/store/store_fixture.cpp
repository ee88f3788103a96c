#include "store_fixture.h"

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>

#include "store/pg_db.h"

namespace ft::store::test {
namespace {

const char* postgres_url() {
  const char* url = std::getenv("FT_TEST_POSTGRES_URL");
  return url && *url ? url : nullptr;
}

// The same URL with search_path set to `schema`, so each test's tables live in
// their own schema of the shared test database.
std::string with_schema(const std::string& url, const std::string& schema) {
  const char sep = url.find('?') == std::string::npos ? '?' : '&';
  return url + sep + "options=-csearch_path%3D" + schema;
}

std::string unique_name(const std::string& prefix) {
  static std::atomic<int> counter{0};
  return prefix + std::to_string(::getpid()) + "_" + std::to_string(counter++);
}

}  // namespace

std::vector<std::string> backends() {
  // SQLite twice: the default synchronous=FULL and the documented
  // synchronous=normal, which must keep every promise but power-loss safety.
  std::vector<std::string> out{"sqlite", "sqlite_normal"};
  if (postgres_url()) out.emplace_back("postgres");
  return out;
}

void StoreContract::SetUp() {
  if (GetParam().starts_with("sqlite")) {
    std::string templ = (std::filesystem::temp_directory_path() / "ft_store_XXXXXX").string();
    ASSERT_NE(::mkdtemp(templ.data()), nullptr);
    dir_ = templ;
    url_ = "sqlite:" + dir_ + "/test.db" + sqlite_options();
  } else {
    const std::string base = postgres_url();
    schema_ = unique_name("ft_test_");
    sql::PgDb admin(base);
    admin.exec_script("DROP SCHEMA IF EXISTS " + schema_ + " CASCADE; CREATE SCHEMA " + schema_);
    url_ = with_schema(base, schema_);
  }
  store_ = open_store(url_);
}

void StoreContract::TearDown() {
  store_.reset();
  if (!dir_.empty()) {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  if (!schema_.empty()) {
    sql::PgDb admin(postgres_url());
    admin.exec_script("DROP SCHEMA IF EXISTS " + schema_ + " CASCADE");
    for (const auto& extra : extra_schemas_) {
      admin.exec_script("DROP SCHEMA IF EXISTS " + extra + " CASCADE");
    }
  }
}

std::string StoreContract::fresh_url() {
  if (GetParam().starts_with("sqlite")) {
    return "sqlite:" + dir_ + "/" + unique_name("fresh_") + ".db" + sqlite_options();
  }
  const std::string schema = unique_name("ft_test_");
  sql::PgDb admin(postgres_url());
  admin.exec_script("CREATE SCHEMA " + schema);
  extra_schemas_.push_back(schema);
  return with_schema(postgres_url(), schema);
}

std::string StoreContract::sqlite_options() const {
  return GetParam() == "sqlite_normal" ? "?synchronous=normal" : "";
}

void StoreContract::reopen() {
  store_.reset();
  store_ = open_store(url_);
}

TableRecord StoreContract::table(const std::string& id, int seats, Millis created) {
  TableRecord t;
  t.id = id;
  t.settings_json = R"({"variant":"classic","clock":{"bank_ms":300000,"increment_ms":2000}})";
  t.variant = "classic";
  t.listed = true;
  t.rated = true;
  t.status = TableStatus::open;
  for (int i = 0; i < seats; ++i) t.seats.push_back(Seat{i, std::nullopt, 0});
  t.created_ms = created;
  t.updated_ms = created;
  return t;
}

MatchId StoreContract::start_match(const std::string& table_id, int games, Millis at) {
  NewMatch m;
  m.table_id = table_id;
  m.format = "match";
  m.variant = "classic";
  m.rated = true;
  m.seed = 42;
  m.snapshot = MatchSnapshot{R"({"game":1})", {300000, 300000}, at};
  m.started_ms = at;
  const MatchId id = store_->create_match(m);
  for (int g = 1; g <= games; ++g) {
    GameRecord game;
    game.match_id = id;
    game.number = g;
    game.variant = "classic";
    game.started_ms = at;
    store_->start_game(game);
  }
  return id;
}

MoveWrite StoreContract::move(MatchId match, int game, int ply, const std::string& text) {
  MoveWrite w;
  w.move.match_id = match;
  w.move.game_number = game;
  w.move.ply = ply;
  w.move.move = text;
  w.move.seat = (ply - 1) % 2;
  w.move.clock_ms = 300000 - ply * 1000;
  w.move.think_ms = 900;
  w.move.server_ms = 2000 + ply * 1000;
  return w;
}

}  // namespace ft::store::test

namespace ft::store::test {
INSTANTIATE_TEST_SUITE_P(Backends, StoreContract, ::testing::ValuesIn(backends()),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                           return param.param;
                         });
}  // namespace ft::store::test
