#!/bin/sh
# What of the Android build can be checked without the Android SDK and NDK:
#   1. the manifest and resources of android/app compile with aapt against
#      Debian's Android framework resources, and the result says what the
#      app needs: package org.chaupar.chaupar, label "Chaupar", the launcher
#      icon at every density, minimum SDK 26, turning with the device (fullUser), a NativeActivity
#      loading libchaupar.so, and one permission, VIBRATE (granted at
#      install, no prompt), and no other;
#   2. the Android versionName is the crate's version;
#   3. the engine alone (`--no-default-features`) type-checks for
#      aarch64-linux-android;
#   4. the Android app itself, `--features android` with Slint's Android
#      backend and src/android.rs, passes `cargo check` and
#      `cargo clippy -- -D warnings` for aarch64-linux-android.
# Neither check links (so no NDK is needed). For the app, two build scripts
# want the Android SDK: Skia's bindings are taken from the copy skia-bindings
# ships for docs.rs (DOCS_RS=1) instead of downloading Skia, and Slint's Java
# helper is compiled by the JDK's javac against the stand-in android.jar
# built from .ci/android-stand-ins/ and dexed by the stand-in d8 there, which
# writes an empty classes.dex (see .ci/android-stand-ins/README and
# docs/android.md).
# A part whose tools cannot be had here says "skipped: ..." and does not fail.
set -eu

cd "$(dirname "$0")/.."

target=aarch64-linux-android
app=android/app
framework=/usr/share/android-framework-res/framework-res.apk

failures=0
fail() {
    echo "android-check: FAILED: $*" >&2
    failures=$((failures + 1))
}

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi
}

have_aapt() {
    command -v aapt >/dev/null 2>&1 && [ -f "$framework" ]
}

# The value of `name = value` in app/build.gradle.kts, without quotes.
gradle_setting() {
    sed -n "s/^ *$1 = \"\{0,1\}\([^\"]*\)\"\{0,1\}\$/\1/p" "$app/build.gradle.kts" | head -n 1
}

check_manifest() {
    failures_before=$failures
    scratch=$(mktemp -d)
    trap 'rm -rf "$scratch"' EXIT

    application_id=$(gradle_setting applicationId)
    # Gradle writes the package name and SDK levels into the manifest when it
    # builds; do the same for aapt.
    sed "s|<manifest |<manifest package=\"$application_id\" |" \
        "$app/src/main/AndroidManifest.xml" >"$scratch/AndroidManifest.xml"
    if ! aapt package -f -M "$scratch/AndroidManifest.xml" -S "$app/src/main/res" -I "$framework" \
        --min-sdk-version "$(gradle_setting minSdk)" \
        --target-sdk-version "$(gradle_setting targetSdk)" \
        --version-code "$(gradle_setting versionCode)" \
        --version-name "$(gradle_setting versionName)" \
        -F "$scratch/chaupar.apk"; then
        fail "aapt could not compile the manifest and resources"
        return
    fi

    aapt dump badging "$scratch/chaupar.apk" >"$scratch/badging"
    aapt dump xmltree "$scratch/chaupar.apk" AndroidManifest.xml >"$scratch/manifest-tree"
    expect_badging() {
        grep -q "$1" "$scratch/badging" || fail "the APK lacks $1"
    }
    expect_badging "^package: name='org.chaupar.chaupar'"
    expect_badging "^sdkVersion:'26'$"
    expect_badging "^application-label:'Chaupar'$"
    expect_badging "^launchable-activity: name='android.app.NativeActivity'"
    for density in mdpi:160:48 hdpi:240:72 xhdpi:320:96 xxhdpi:480:144 xxxhdpi:640:192; do
        name=${density%%:*}
        dpi=${density#*:}
        dpi=${dpi%:*}
        size=${density##*:}
        expect_badging "^application-icon-$dpi:'res/mipmap-$name-v4/ic_launcher.png'$"
        icon="$app/src/main/res/mipmap-$name/ic_launcher.png"
        # A PNG's width is the big-endian number at byte 16.
        width=$(od -An -tu1 -j16 -N4 "$icon" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }')
        [ "$width" = "$size" ] || fail "$icon is $width px wide, not $size"
    done
    # The vibrator's permission, and nothing more.
    expect_badging "^uses-permission: name='android.permission.VIBRATE'$"
    others=$(grep "^uses-permission" "$scratch/badging" |
        grep -v "^uses-permission: name='android.permission.VIBRATE'$" || true)
    [ -z "$others" ] || fail "the app asks for more than VIBRATE: $(echo "$others" | tr '\n' ' ')"
    # screenOrientation 13 (0xd) is fullUser.
    grep -q "A: android:screenOrientation(0x0101001e)=(type 0x10)0xd$" "$scratch/manifest-tree" ||
        fail "the activity does not turn with the device (fullUser)"
    grep -A 2 'A: android:name(0x01010003)="android.app.lib_name"' "$scratch/manifest-tree" |
        grep -q 'A: android:value(0x01010024)="chaupar"' ||
        fail "the NativeActivity does not load libchaupar.so"

    rm -rf "$scratch"
    trap - EXIT
    if [ "$failures" -eq "$failures_before" ]; then
        echo "android-check: the manifest and launcher icons pass the aapt checks"
    fi
}

if ! have_aapt; then
    echo "android-check: installing aapt and android-framework-res"
    { as_root apt-get update -q &&
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
            aapt android-framework-res; } || true
fi
if have_aapt; then
    check_manifest
else
    echo "android-check: skipped: manifest check (aapt and Debian's android-framework-res cannot be installed here)"
fi

crate_version=$(cargo pkgid | sed 's/.*[#@]//')
[ "$(gradle_setting versionName)" = "$crate_version" ] ||
    fail "versionName in $app/build.gradle.kts is not the crate's version $crate_version"

if [ "$failures" -ne 0 ]; then
    echo "android-check: $failures check(s) failed" >&2
    exit 1
fi

if ! command -v rustup >/dev/null 2>&1; then
    echo "android-check: skipped: cargo check for $target (no rustup to add the target)"
    exit 0
fi
if ! rustup target list --installed | grep -qx "$target"; then
    if ! rustup target add "$target"; then
        echo "android-check: skipped: cargo check for $target (rustup target add $target failed)"
        exit 0
    fi
fi
# The engine, store and command-line parts, without Slint.
cargo check --lib --target "$target" --no-default-features
echo "android-check: the engine type-checks for $target"

# The app: Slint's Android backend and src/android.rs.
if ! command -v javac >/dev/null 2>&1 || ! command -v jar >/dev/null 2>&1; then
    echo "android-check: installing a JDK (default-jdk-headless) for javac"
    { as_root apt-get update -q &&
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
            default-jdk-headless; } || true
fi
if ! command -v javac >/dev/null 2>&1 || ! command -v jar >/dev/null 2>&1; then
    echo "android-check: skipped: cargo check and clippy of the app for $target (no JDK can be installed)"
    exit 0
fi
JAVA_HOME=$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")
export JAVA_HOME

target_dir=$(cargo metadata --no-deps --format-version 1 | sed 's/.*"target_directory":"\([^"]*\)".*/\1/')
stand_ins="$target_dir/android-stand-ins"
rm -rf "$stand_ins"
mkdir -p "$stand_ins/android-classes" "$stand_ins/d8-classes"
# Java 8 class files, as the helper itself is compiled.
javac -nowarn --release 8 -d "$stand_ins/android-classes" \
    $(find .ci/android-stand-ins/android-jar -name '*.java' | sort)
jar cf "$stand_ins/android.jar" -C "$stand_ins/android-classes" .
javac -nowarn --release 8 -d "$stand_ins/d8-classes" .ci/android-stand-ins/d8/com/android/tools/r8/D8.java
jar cf "$stand_ins/d8.jar" -C "$stand_ins/d8-classes" .
export ANDROID_JAR="$stand_ins/android.jar"
export ANDROID_D8_JAR="$stand_ins/d8.jar"
export DOCS_RS=1

cargo check --lib --target "$target" --features android
cargo clippy --lib --target "$target" --features android -- -D warnings
echo "android-check: the app type-checks and passes clippy for $target (stand-in android.jar and d8)"
