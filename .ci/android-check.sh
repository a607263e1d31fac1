#!/bin/sh
# Builds the Android app's APK (android/build-apk.sh, with CI's quicker
# `apk-ci` profile) and checks it:
#   1. apksigner verifies its signature, and zipalign its alignment;
#   2. aapt's badging: package org.chaupar.chaupar, versionName the crate's
#      version, minimum SDK 26, label "Chaupar", the launcher icon at every
#      density (each PNG its size), NativeActivity launchable, arm64-v8a
#      native code, and one permission, VIBRATE (granted at install, no
#      prompt), and no other; in the manifest, no code (hasCode false),
#      turning with the device (fullUser), the activity loading libchaupar.so;
#   3. its libchaupar.so: a 64-bit ARM shared library with 16 KB aligned
#      segments, exporting ANativeActivity_onCreate, needing only libraries
#      the NDK declares stable, and leaving undefined only symbols that the
#      NDK's stub libraries for API 26 export (android/ndk/api-26/, from the
#      NDK's sysroot), with their versions;
#   4. the Android code (src/android/ and the vibrator's JNI calls) passes
#      clippy with warnings denied for aarch64-linux-android.
# It prints the APK's size (docs/performance.md keeps it).
# `sh .ci/android-check.sh APK` checks an APK built already (say, the
# release one android/build-apk.sh makes) with 1 to 3, building nothing.
set -eu

cd "$(dirname "$0")/.."

target=aarch64-linux-android
api=26

failures=0
fail() {
    echo "android-check: FAILED: $*" >&2
    failures=$((failures + 1))
}

if [ $# -gt 0 ]; then
    apk=$1
else
    CHAUPAR_APK_PROFILE=apk-ci bash android/build-apk.sh
    target_dir=$(cargo metadata --no-deps --format-version 1 | sed 's/.*"target_directory":"\([^"]*\)".*/\1/')
    apk="$target_dir/android/chaupar.apk"
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# 1. Signed and aligned.
apksigner verify --verbose "$apk" >"$scratch/verify" 2>&1 || fail "apksigner does not verify the APK: $(cat "$scratch/verify")"
grep -q "^Verified using v2 scheme (APK Signature Scheme v2): true" "$scratch/verify" ||
    fail "the APK has no v2 signature"
zipalign -c -p 4 "$apk" || fail "the APK is not aligned"

# 2. What Android reads of it.
aapt dump badging "$apk" >"$scratch/badging"
aapt dump xmltree "$apk" AndroidManifest.xml >"$scratch/manifest-tree"
expect_badging() {
    grep -q "$1" "$scratch/badging" || fail "the APK lacks $1"
}
crate_version=$(cargo pkgid | sed 's/.*[#@]//')
expect_badging "^package: name='org.chaupar.chaupar' versionCode='[0-9][0-9]*' versionName='$crate_version'"
expect_badging "^sdkVersion:'$api'$"
expect_badging "^application-label:'Chaupar'$"
expect_badging "^launchable-activity: name='android.app.NativeActivity'"
expect_badging "^native-code: 'arm64-v8a'$"
for density in mdpi:160:48 hdpi:240:72 xhdpi:320:96 xxhdpi:480:144 xxxhdpi:640:192; do
    name=${density%%:*}
    dpi=${density#*:}
    dpi=${dpi%:*}
    size=${density##*:}
    expect_badging "^application-icon-$dpi:'res/mipmap-$name-v4/ic_launcher.png'$"
    icon="android/res/mipmap-$name/ic_launcher.png"
    # A PNG's width is the big-endian number at byte 16.
    width=$(od -An -tu1 -j16 -N4 "$icon" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }')
    [ "$width" = "$size" ] || fail "$icon is $width px wide, not $size"
done
# The vibrator's permission, and nothing more.
expect_badging "^uses-permission: name='android.permission.VIBRATE'$"
others=$(grep "^uses-permission" "$scratch/badging" |
    grep -v "^uses-permission: name='android.permission.VIBRATE'$" || true)
[ -z "$others" ] || fail "the app asks for more than VIBRATE: $(echo "$others" | tr '\n' ' ')"
grep -q "A: android:hasCode(0x0101000c)=(type 0x12)0x0$" "$scratch/manifest-tree" ||
    fail "the manifest does not say the app has no Java code (hasCode false)"
# screenOrientation 13 (0xd) is fullUser.
grep -q "A: android:screenOrientation(0x0101001e)=(type 0x10)0xd$" "$scratch/manifest-tree" ||
    fail "the activity does not turn with the device (fullUser)"
grep -A 2 'A: android:name(0x01010003)="android.app.lib_name"' "$scratch/manifest-tree" |
    grep -q 'A: android:value(0x01010024)="chaupar"' ||
    fail "the NativeActivity does not load libchaupar.so"

# 3. The library, as the phone's loader will see it.
library="$scratch/libchaupar.so"
unzip -p "$apk" lib/arm64-v8a/libchaupar.so >"$library"
readelf -h "$library" | grep -q "Machine: *AArch64" || fail "libchaupar.so is not for 64-bit ARM"
readelf -h "$library" | grep -q "Type: *DYN" || fail "libchaupar.so is not a shared library"
readelf -lW "$library" | awk '$1 == "LOAD" && $NF != "0x4000" { bad = 1 } END { exit bad }' ||
    fail "libchaupar.so has LOAD segments not aligned to 16 KB pages"
readelf --dyn-syms -W "$library" | awk '$4 == "FUNC" && $7 != "UND" && $8 == "ANativeActivity_onCreate" { found = 1 } END { exit !found }' ||
    fail "libchaupar.so does not export ANativeActivity_onCreate"
# The NDK's stable system libraries (the stubs in its sysroot for API 26).
stable="libEGL.so libGLESv1_CM.so libGLESv2.so libGLESv3.so libOpenMAXAL.so libOpenSLES.so
    libaaudio.so libandroid.so libc.so libcamera2ndk.so libdl.so libjnigraphics.so liblog.so
    libm.so libmediandk.so libnativewindow.so libstdc++.so libsync.so libvulkan.so libz.so"
needed=$(readelf -dW "$library" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
for lib in $needed; do
    echo " $stable " | tr '\n' ' ' | grep -q "[[:space:]]$lib[[:space:]]" ||
        fail "libchaupar.so needs $lib, which is not one of the NDK's stable libraries"
done
echo "android-check: libchaupar.so needs $(echo $needed)"
# Every undefined symbol: exported by a stub, with the version it asks for.
# Weak ones may be absent: the loader leaves them null, and the code asking
# for them checks first (Rust's standard library asks so for getrandom,
# which bionic has from API 28, and falls back to the system call).
readelf --dyn-syms -W "$library" | awk '
    NR > 3 && $7 == "UND" && $8 != "" && $5 != "WEAK" {
        name = $8; version = "-"
        if (index(name, "@") > 0) { version = name; sub(/^[^@]*@+/, "", version); sub(/@.*/, "", name); sub(/ .*/, "", version) }
        print name, version
    }' | sort -u >"$scratch/undefined"
cat android/ndk/api-$api/*.symbols >"$scratch/exported"
missing=$(awk '
    NR == FNR { exported[$1 " " $2] = 1; named[$1] = 1; next }
    !(($2 == "-" && named[$1]) || exported[$1 " " $2]) { print $1 ($2 == "-" ? "" : "@" $2) }
' "$scratch/exported" "$scratch/undefined")
if [ -n "$missing" ]; then
    fail "libchaupar.so leaves undefined symbols no API $api library exports: $(echo $missing)"
else
    echo "android-check: libchaupar.so asks the system for $(wc -l <"$scratch/undefined") symbols, all exported by the API $api libraries"
fi

# 4. The Android-only code, linted for the phone's target.
if [ $# -eq 0 ]; then
    cargo clippy --lib --target "$target" --features android -- -D warnings
fi

if [ "$failures" -ne 0 ]; then
    echo "android-check: $failures check(s) failed" >&2
    exit 1
fi
echo "android-check: $apk passes: $(wc -c <"$apk") bytes, libchaupar.so $(wc -c <"$library") bytes"
