#!/bin/sh
# Builds the Android app: target/android/chaupar.apk, for arm64-v8a phones,
# with Debian's tools and rustup alone (no Android SDK or NDK):
#   1. the few files of the NDK's sysroot that linking needs, made from
#      android/ndk/ (stub system libraries from their symbol lists, the
#      start and end objects, a minimal libunwind; see make-sysroot.sh);
#   2. libchaupar.so, the crate's library with `--features android`, linked
#      by clang and lld against them;
#   3. the APK: manifest and resources compiled by aapt against Debian's
#      Android framework resources, the library added, aligned by zipalign
#      and signed by apksigner.
# Signed with a debug key made here by keytool (target/android/debug.keystore),
# unless CHAUPAR_APK_KEYSTORE names a keystore, whose key
# CHAUPAR_APK_KEY_ALIAS (default: chaupar) signs it instead (apksigner asks
# for the passwords). target/android/chaupar-unsigned.apk is the aligned APK
# before signing, for signing elsewhere.
# CHAUPAR_APK_PROFILE chooses Cargo's profile: `release` (the default, the
# APK to publish) or `apk-ci` (CI's quicker build; see Cargo.toml).
# See docs/android.md.
set -eu

cd "$(dirname "$0")/.."

target=aarch64-linux-android
abi=arm64-v8a
api=26
profile=${CHAUPAR_APK_PROFILE:-release}
framework=/usr/share/android-framework-res/framework-res.apk

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi
}

missing=""
for tool in clang:clang ld.lld:lld llvm-ar:llvm aapt:aapt zipalign:zipalign apksigner:apksigner \
    keytool:default-jre-headless readelf:binutils; do
    command -v "${tool%%:*}" >/dev/null 2>&1 || missing="$missing ${tool#*:}"
done
[ -f "$framework" ] || missing="$missing android-framework-res"
if [ -n "$missing" ]; then
    echo "build-apk: installing$missing"
    as_root apt-get update -q
    # shellcheck disable=SC2086
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing
fi
# The target's standard library, added by rustup unless it is there.
[ -d "$(rustc --print sysroot)/lib/rustlib/$target/lib" ] || rustup target add "$target"

target_dir=$(cargo metadata --no-deps --format-version 1 | sed 's/.*"target_directory":"\([^"]*\)".*/\1/')
out="$target_dir/android"
sysroot="$out/sysroot-$target-$api"
mkdir -p "$out"

echo "build-apk: the sysroot's stubs, start objects and libunwind ($sysroot)"
sh android/ndk/make-sysroot.sh "$sysroot" "$target" "$api"

echo "build-apk: libchaupar.so ($profile profile)"
triple=$(echo "$target" | tr 'a-z-' 'A-Z_')
env "CARGO_TARGET_${triple}_LINKER=$sysroot/linker" \
    cargo build --lib --target "$target" --features android --profile "$profile"
library="$target_dir/$target/$profile/libchaupar.so"

echo "build-apk: packaging"
stage="$out/stage"
rm -rf "$stage"
mkdir -p "$stage/lib/$abi"
cp "$library" "$stage/lib/$abi/libchaupar.so"
aapt package -f -M android/AndroidManifest.xml -S android/res -I "$framework" -F "$stage/chaupar.apk"
(cd "$stage" && aapt add -v chaupar.apk "lib/$abi/libchaupar.so" >/dev/null)
zipalign -f -p 4 "$stage/chaupar.apk" "$out/chaupar-unsigned.apk"

if [ -n "${CHAUPAR_APK_KEYSTORE:-}" ]; then
    apksigner sign --ks "$CHAUPAR_APK_KEYSTORE" --ks-key-alias "${CHAUPAR_APK_KEY_ALIAS:-chaupar}" \
        --out "$out/chaupar.apk" "$out/chaupar-unsigned.apk"
else
    keystore="$out/debug.keystore"
    if [ ! -f "$keystore" ]; then
        # The debug key Android's own tools make, with their well-known
        # passwords: fine for trying the app, never for publishing it.
        keytool -genkeypair -keystore "$keystore" -storepass android -keypass android \
            -alias androiddebugkey -keyalg RSA -keysize 2048 -validity 10000 \
            -dname "CN=Android Debug,O=Android,C=US" >/dev/null 2>&1
    fi
    apksigner sign --ks "$keystore" --ks-pass pass:android --key-pass pass:android \
        --out "$out/chaupar.apk" "$out/chaupar-unsigned.apk"
fi
rm -f "$out/chaupar.apk.idsig"
echo "build-apk: $out/chaupar.apk ($(wc -c <"$out/chaupar.apk") bytes)"
