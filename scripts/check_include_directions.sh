#!/usr/bin/env bash
# Includes go only down the house (docs/architecture.md):
#   rules <- engine, match <- server <- app;  store and rating stand apart;
#   common (header-only, standard library only) is below every library.
# A library's sources (src/<lib>/, every folder below it) may include their own
# headers and those of the libraries it stands on, nothing above or beside.
# With --links, also that each library's CMake targets link exactly the
# libraries its sources include: `--links server=ft_protocol,ft_rules,...`
# (repeatable; a folder's lists add up)
# (the ft_* names from the targets' LINK_LIBRARIES; ft_protocol and ft_web_files are the
# server folder's own). tests/rules/purity_check.cmake checks, beyond this,
# that rules uses the standard library only.
# Usage: scripts/check_include_directions.sh [--root DIR] [--links LIB=ft_a,ft_b]...
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
declare -A links=()
while [ $# -gt 0 ]; do
  case "$1" in
    --root) root="$(cd "$2" && pwd)" && shift 2 ;;
    --links) lib="${2%%=*}" && links["$lib"]="${links[$lib]:+${links[$lib]},}${2#*=}" && shift 2 ;;
    *) echo "usage: $0 [--root DIR] [--links LIB=ft_a,ft_b]..." >&2 && exit 2 ;;
  esac
done
cd "$root/src"

# What each library may include besides itself; app (the program) may include all.
declare -A allowed=(
  [common]=""
  [rules]="common"
  [engine]="common rules"
  [match]="common rules"
  [rating]="common"
  [store]="common"
  [server]="common rules engine match rating store"
)
libraries="common rules engine match rating store server app"
# A library's own targets besides ft_<lib>.
declare -A own_targets=([server]="ft_protocol ft_web_files")

failures=0
for lib in "${!allowed[@]}"; do
  [ -d "$lib" ] || continue
  used=""
  while IFS= read -r hit; do
    file="${hit%%:*}"
    rest="${hit#*:}"
    line="${rest%%:*}"
    target="${rest#*:}"
    target="${target#*[\"<]}"
    target="${target%%[\">]*}"
    dep="${target%%/*}"
    [ "$dep" = "$lib" ] && continue
    case " $libraries " in *" $dep "*) ;; *) continue ;; esac
    case " ${allowed[$lib]} " in
      *" $dep "*) used="$used $dep" ;;
      *)
        echo "src/$file:$line: $lib includes $target: $dep is not below $lib" \
          "(allowed: ${allowed[$lib]:-its own headers only})"
        failures=$((failures + 1))
        ;;
    esac
  done < <(grep -rnE '^[[:space:]]*#[[:space:]]*include[[:space:]]*["<][a-z_]+/' "$lib" || true)

  [ -n "${links[$lib]+set}" ] || continue
  # Linked = included: every library included is linked, and no library is
  # linked that the sources never include.
  linked=" "
  for l in ${links[$lib]//,/ }; do
    case "$l" in ft_*) ;; *) continue ;; esac
    case " ${own_targets[$lib]:-} ft_$lib " in *" $l "*) continue ;; esac
    linked="$linked${l#ft_} "
  done
  for dep in $(echo "$used" | tr ' ' '\n' | sort -u); do
    case "$linked" in *" $dep "*) ;; *)
      echo "src/$lib/CMakeLists.txt: $lib includes $dep/ but does not link ft_$dep"
      failures=$((failures + 1))
      ;;
    esac
  done
  for dep in $linked; do
    case " $used " in *" $dep "*) ;; *)
      echo "src/$lib/CMakeLists.txt: $lib links ft_$dep but includes nothing of $dep/"
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
