#!/usr/bin/env bash
# Throwaway services for the test suite, sourced by scripts/test.sh
# (ft_start_test_services):
# a PostgreSQL 15 cluster in a temp dir on a unix socket (no systemd, no TCP
# port to collide on), exported as FT_TEST_POSTGRES_URL so the store's
# contract tests run on PostgreSQL as well as SQLite. Stopped and deleted on
# exit. Skipped (with a note) when FT_TEST_POSTGRES_URL is already set or
# PostgreSQL is not installed.

ft_pg_bin() {
  local d
  for d in /usr/lib/postgresql/*/bin; do
    [ -x "$d/initdb" ] && { echo "$d"; return 0; }
  done
  return 1
}

# Runs a command as the cluster's owner: postgres when we are root (initdb
# refuses root), ourselves otherwise; from the cluster's dir, since the
# caller's working directory may be closed to the postgres user.
ft_pg_as_owner() {
  if [ "$(id -u)" = 0 ]; then
    (cd "$FT_PG_DIR" && runuser -u postgres -- "$@")
  else
    (cd "$FT_PG_DIR" && "$@")
  fi
}

ft_stop_postgres() {
  if [ -n "${FT_PG_DIR:-}" ] && [ -d "$FT_PG_DIR" ]; then
    ft_pg_as_owner "$FT_PG_BIN/pg_ctl" -D "$FT_PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$FT_PG_DIR" || true
  fi
}

ft_start_postgres() {
  if [ -n "${FT_TEST_POSTGRES_URL:-}" ]; then
    echo "test: using FT_TEST_POSTGRES_URL from the environment"
    return 0
  fi
  FT_PG_BIN=$(ft_pg_bin) || { echo "test: PostgreSQL not installed; store tests run on SQLite only"; return 0; }
  FT_PG_DIR=$(mktemp -d /tmp/ft-pg.XXXXXX)
  if [ "$(id -u)" = 0 ]; then chown postgres: "$FT_PG_DIR"; fi
  trap ft_stop_postgres EXIT  # replaced by ft_start_test_services when both run
  ft_pg_as_owner "$FT_PG_BIN/initdb" -D "$FT_PG_DIR/data" -U postgres -A trust -E UTF8 \
    --no-sync >"$FT_PG_DIR/initdb.log" 2>&1 || { cat "$FT_PG_DIR/initdb.log"; return 1; }
  ft_pg_as_owner "$FT_PG_BIN/pg_ctl" -D "$FT_PG_DIR/data" -l "$FT_PG_DIR/server.log" -w \
    -o "-c listen_addresses='' -k $FT_PG_DIR -c max_connections=50" start >/dev/null \
    || { cat "$FT_PG_DIR/server.log"; return 1; }
  ft_pg_as_owner "$FT_PG_BIN/createdb" -h "$FT_PG_DIR" -U postgres fourtable_test
  export FT_TEST_POSTGRES_URL="postgresql://postgres@/fourtable_test?host=$FT_PG_DIR"
  echo "test: PostgreSQL $("$FT_PG_BIN/postgres" --version | awk '{print $3}') at $FT_PG_DIR"
}

# A throwaway Redis on a unix socket for the event bus tests
# (FT_TEST_REDIS_URL); stopped with the PostgreSQL cluster.
ft_stop_redis() {
  if [ -n "${FT_REDIS_DIR:-}" ] && [ -d "$FT_REDIS_DIR" ]; then
    if [ -f "$FT_REDIS_DIR/redis.pid" ]; then
      local pid
      pid=$(cat "$FT_REDIS_DIR/redis.pid")
      kill "$pid" 2>/dev/null || true
      # Redis writes its log while it shuts down: wait for it before removing.
      for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    fi
    rm -rf "$FT_REDIS_DIR" || true
  fi
}

ft_start_redis() {
  if [ -n "${FT_TEST_REDIS_URL:-}" ]; then
    echo "test: using FT_TEST_REDIS_URL from the environment"
    return 0
  fi
  command -v redis-server >/dev/null || { echo "test: redis-server not installed; event bus tests run locally only"; return 0; }
  FT_REDIS_DIR=$(mktemp -d /tmp/ft-redis.XXXXXX)
  redis-server --port 0 --unixsocket "$FT_REDIS_DIR/redis.sock" --unixsocketperm 700 \
    --save '' --appendonly no --dir "$FT_REDIS_DIR" --pidfile "$FT_REDIS_DIR/redis.pid" \
    --logfile "$FT_REDIS_DIR/redis.log" --daemonize yes
  for _ in $(seq 50); do [ -S "$FT_REDIS_DIR/redis.sock" ] && break; sleep 0.1; done
  [ -S "$FT_REDIS_DIR/redis.sock" ] || { cat "$FT_REDIS_DIR/redis.log"; return 1; }
  export FT_TEST_REDIS_URL="redis+unix://$FT_REDIS_DIR/redis.sock"
  echo "test: Redis at $FT_REDIS_DIR"
}

# Both services, one EXIT trap for both.
ft_start_test_services() {
  ft_start_postgres
  ft_start_redis
  trap 'ft_stop_postgres || true; ft_stop_redis || true' EXIT
}
