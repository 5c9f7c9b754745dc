#!/bin/sh
# Trunk post_build hook: writes into the staged sw.js the list of every built file (hashed
# names included) and a hash of their contents, so the service worker precaches exactly this
# build and changes whenever the build does.
set -eu
cd "$TRUNK_STAGING_DIR"
[ -f sw.js ] || { echo "precache.sh: no sw.js in $TRUNK_STAGING_DIR" >&2; exit 1; }
# The embeddable board (embed/) and its examples (examples/) are for other sites' pages, which
# the service worker does not serve: leaving them out keeps the app's install lean (~0.3 MB).
files=$(find . -type f ! -name sw.js ! -path './embed/*' ! -path './examples/*' | sed 's|^\./||' | LC_ALL=C sort)
list=$(printf '%s\n' $files | awk 'BEGIN { printf "[\"./\"" } { printf ",\"./%s\"", $0 } END { printf "]" }')
version=$(cat $files | sha256sum | cut -c1-16)
sed -i "s|__OHM_PRECACHE__|$list|; s|__OHM_VERSION__|$version|" sw.js
echo "precache.sh: $(printf '%s\n' $files | wc -l) files, version $version"
