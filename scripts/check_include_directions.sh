#!/usr/bin/env bash
# Includes go only down the house (docs/architecture.md):
#   rules <- engine, match <- server <- app;  store and rating stand apart;
#   common (header-only, standard library only) is below every library.
# Inside the server, the same between its wings (src/server/<wing>/):
#   protocol <- edge <- tables <- cluster <- http <- the hub (src/server/*.cpp)
#   protocol <- analysis <- http
# A unit's sources (a library's folder src/<lib>/ without its wings, or a
# wing's folder) may include their own headers and those of the units they
# stand on, nothing above or beside.
# With --links, also that each unit's CMake targets link exactly the
# libraries and wings its sources include: `--links server.tables=ft_edge,...`
# (repeatable; a unit's lists add up; the ft_* names from the targets'
# LINK_LIBRARIES). tests/rules/purity_check.cmake checks, beyond this, that
# rules uses the standard library only.
# Usage: scripts/check_include_directions.sh [--root DIR] [--links UNIT=ft_a,ft_b]...
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
declare -A links=()
while [ $# -gt 0 ]; do
  case "$1" in
    --root) root="$(cd "$2" && pwd)" && shift 2 ;;
    --links) unit="${2%%=*}" && links["$unit"]="${links[$unit]:+${links[$unit]},}${2#*=}" && shift 2 ;;
    *) echo "usage: $0 [--root DIR] [--links UNIT=ft_a,ft_b]..." >&2 && exit 2 ;;
  esac
done
cd "$root/src"

# What each unit may include besides itself; app (the program) may include
# all. A wing is named server.<wing>; `server` alone is the hub's files.
wings="protocol edge tables analysis cluster http"
declare -A allowed=(
  [common]=""
  [rules]="common"
  [engine]="common rules"
  [match]="common rules"
  [rating]="common"
  [store]="common"
  [server]="common rules engine match rating store server.protocol server.edge server.tables
            server.analysis server.cluster server.http"
  [server.protocol]="common rules match rating"
  [server.edge]="common server.protocol"
  [server.tables]="common rules engine match rating store server.protocol server.edge"
  [server.analysis]="common rules engine match store server.protocol"
  [server.cluster]="common store server.protocol server.edge server.tables"
  [server.http]="common rules match rating store server.protocol server.edge server.tables
                 server.analysis server.cluster"
)
libraries="common rules engine match rating store server app"
# A unit's targets besides ft_<name> (a wing server.x: ft_x).
declare -A own_targets=([server.edge]="ft_web_files")

# The unit a file or an include target (a path under src/) belongs to.
unit_of() {
  local path="$1" top="${1%%/*}" rest
  if [ "$top" = "server" ]; then
    rest="${path#server/}"
    case "$rest" in */*) echo "server.${rest%%/*}" && return ;; esac
  fi
  echo "$top"
}

# The unit's files: a wing's folder, or a library's folder without its wings.
files_of() {
  case "$1" in
    server.*) echo "server/${1#server.}" ;;
    server) find server -maxdepth 1 -type f ;;
    *) echo "$1" ;;
  esac
}

failures=0
for unit in "${!allowed[@]}"; do
  case "$unit" in server.*) [ -d "server/${unit#server.}" ] || continue ;; *) [ -d "$unit" ] || continue ;; esac
  used=""
  may=" $(echo ${allowed[$unit]}) "  # one line
  while IFS= read -r hit; do
    file="${hit%%:*}"
    rest="${hit#*:}"
    line="${rest%%:*}"
    target="${rest#*:}"
    target="${target#*[\"<]}"
    target="${target%%[\">]*}"
    case " $libraries " in *" ${target%%/*} "*) ;; *) continue ;; esac
    dep="$(unit_of "$target")"
    [ "$dep" = "$unit" ] && continue
    case "$may" in
      *" $dep "*) used="$used $dep" ;;
      *)
        echo "src/$file:$line: $unit includes $target: $dep is not below $unit" \
          "(allowed: $(echo ${allowed[$unit]:-its own headers only}))"
        failures=$((failures + 1))
        ;;
    esac
  done < <(grep -rnE '^[[:space:]]*#[[:space:]]*include[[:space:]]*["<][a-z_]+/' $(files_of "$unit") || true)

  [ -n "${links[$unit]+set}" ] || continue
  # Linked = included: every unit included is linked, and no unit is
  # linked that the sources never include (common is header-only).
  linked=" "
  for l in ${links[$unit]//,/ }; do
    case "$l" in ft_*) ;; *) continue ;; esac
    case " ${own_targets[$unit]:-} ft_${unit#server.} " in *" $l "*) continue ;; esac
    name="${l#ft_}"
    case " $wings " in *" $name "*) name="server.$name" ;; esac
    [ "$name" = "web_files" ] && name="server.edge"
    linked="$linked$name "
  done
  for dep in $(echo "$used" | tr ' ' '\n' | sort -u); do
    [ "$dep" = "common" ] && continue
    case "$linked" in *" $dep "*) ;; *)
      echo "src/$(files_of "$unit" | head -1): $unit includes $dep but does not link it"
      failures=$((failures + 1))
      ;;
    esac
  done
  for dep in $linked; do
    case " $used " in *" $dep "*) ;; *)
      echo "src/$(files_of "$unit" | head -1): $unit links $dep but includes nothing of it"
      failures=$((failures + 1))
      ;;
    esac
  done
done

if [ "$failures" -gt 0 ]; then
  echo "check_include_directions: $failures include(s) or link(s) against the house's directions"
  exit 1
fi
echo "check_include_directions: every include in src/ goes down the house" \
  "(links checked for: ${!links[*]})"
