#!/usr/bin/env bash
# Builds the web app into target/web: the app compiled to WebAssembly, the
# JavaScript glue from wasm-bindgen-cli, the page, the manifest, the icons
# and the service worker. Serve it with
#     python3 -m http.server -d target/web
# and open http://localhost:8000 (docs/web.md).
set -euo pipefail
cd "$(dirname "$0")/.."

# The Rust target: a machine with Rust from rustup but without this target
# would otherwise fail deep in the build ("can't find crate for `core`").
target=wasm32-unknown-unknown
if [ ! -d "$(rustc --print sysroot)/lib/rustlib/$target" ]; then
    if command -v rustup >/dev/null 2>&1; then
        echo "== adding the Rust target $target"
        rustup target add "$target" || {
            echo "web/build.sh: could not add the Rust target; run: rustup target add $target" >&2
            exit 1
        }
    else
        echo "web/build.sh: the Rust target $target is missing; add it to this toolchain (with rustup: rustup target add $target)" >&2
        exit 1
    fi
fi

# wasm-bindgen-cli must be the version of the wasm-bindgen crate the app
# is built with (Cargo.lock), or the glue does not match the module.
version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $version" ]; then
    echo "== installing wasm-bindgen-cli $version"
    # With its own lockfile where every crate in it can be had; a registry
    # mirror missing one of them (seen: webpki-roots of its HTTP client,
    # which the CLI never uses offline) gets the newest compatible crates.
    cargo install wasm-bindgen-cli --version "$version" --locked ||
        cargo install wasm-bindgen-cli --version "$version"
fi

cargo build --lib --release --target "$target"

out=target/web
rm -rf "$out"
mkdir -p "$out/icons"
wasm-bindgen --target web --no-typescript --out-dir "$out" --out-name chaupar \
    "${CARGO_TARGET_DIR:-target}/$target/release/chaupar.wasm"
cp web/index.html web/manifest.webmanifest "$out/"
cp web/icons/*.png "$out/icons/"
build=$(cat "$out"/*.* "$out"/icons/* | sha256sum | cut -c1-16)
sed "s/@BUILD@/$build/" web/sw.js > "$out/sw.js"

wasm=$out/chaupar_bg.wasm
echo "web/build.sh: $out ready: $(stat -c %s "$wasm") bytes of WebAssembly," \
    "$(gzip -9 < "$wasm" | wc -c) gzipped"
