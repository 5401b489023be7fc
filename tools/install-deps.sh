#!/usr/bin/env bash
# Installs the Debian packages RailForge needs, only those that are missing.
# Idempotent: prints nothing and touches nothing when all is there.
set -euo pipefail

packages=(
  build-essential cmake ninja-build ccache pkg-config
  qt6-base-dev qt6-declarative-dev qt6-declarative-dev-tools qt6-qpa-plugins libqt6opengl6-dev
  qml6-module-qtqml qml6-module-qtqml-workerscript qml6-module-qtqml-models
  qml6-module-qtquick qml6-module-qtquick-window qml6-module-qtquick-templates
  qml6-module-qtquick-controls qml6-module-qtquick-layouts qml6-module-qtquick-shapes
  qml6-module-qtquick-dialogs qml6-module-qt-labs-folderlistmodel qml6-module-qttest
  qt6-quick3d-dev qt6-shadertools-dev qml6-module-quick3d libgl1-mesa-dri
  libyaml-cpp-dev libassimp-dev librecast-dev libtinygltf-dev libboost-dev librapidcheck-dev libbenchmark-dev clang-14 libclang-rt-14-dev clang-format-14
  python3 python3-jsonschema python3-yaml
  git time
  # Blender's bundled glTF importer imports numpy; Debian's blender does not depend on it.
  godot3-server blender python3-numpy
  xvfb xauth xdotool fonts-dejavu-core imagemagick x11-apps
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
# The Khronos glTF validator for the track-mesh tests (npm's gltf-validator), once, beside the user's
# caches: never in the clone.
node_dir="${XDG_CACHE_HOME:-$HOME/.cache}/railforge/node"
if command -v npm >/dev/null && [ ! -f "$node_dir/node_modules/gltf-validator/package.json" ]; then
  echo "Installing gltf-validator into $node_dir"
  mkdir -p "$node_dir"
  npm install --silent --no-audit --no-fund --prefix "$node_dir" gltf-validator@2.0.0-dev.3.10 >/dev/null
fi

[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing missing packages: ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "error: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
