#!/bin/sh
# Builds the Debian package of the desktop app and checks it:
#   - the desktop entry passes desktop-file-validate and the AppStream
#     metainfo passes appstreamcli validate, as shipped in the package;
#   - the package holds the binary, the entry, the metainfo and the icon at
#     every hicolor size;
#   - the packaged usr/bin/chaupar runs and reports the package's version.
# Installs what it needs (Debian packages, cargo-deb) when missing, so it runs
# unattended on a fresh Debian machine with Rust, as root or with sudo.
set -eu

cd "$(dirname "$0")/.."

. .ci/debian.sh
need desktop-file-validate desktop-file-utils
need appstreamcli appstream
need dpkg-shlibdeps dpkg-dev # cargo-deb works out the library dependencies with it
install_missing package-deb
if ! cargo deb --version >/dev/null 2>&1; then
    echo "package-deb: installing cargo-deb"
    cargo install cargo-deb --locked --version '^3'
fi

version=$(cargo pkgid | sed 's/.*[#@]//')
deb=$(cargo deb | tail -n 1)
echo "package-deb: built $deb"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
dpkg-deb -x "$deb" "$scratch"
echo "package-deb: contents"
(cd "$scratch" && find . -type f | sort)

failures=0
fail() {
    echo "package-deb: FAILED: $*" >&2
    failures=$((failures + 1))
}

for file in usr/bin/chaupar \
    usr/share/applications/org.chaupar.Chaupar.desktop \
    usr/share/metainfo/org.chaupar.Chaupar.metainfo.xml \
    usr/share/icons/hicolor/scalable/apps/org.chaupar.Chaupar.svg; do
    [ -f "$scratch/$file" ] || fail "$file is not in the package"
done
for size in 16 32 48 64 128 256 512; do
    icon="usr/share/icons/hicolor/${size}x${size}/apps/org.chaupar.Chaupar.png"
    if [ ! -f "$scratch/$icon" ]; then
        fail "$icon is not in the package"
        continue
    fi
    # A PNG's width is the big-endian number at byte 16.
    width=$(od -An -tu1 -j16 -N4 "$scratch/$icon" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }')
    [ "$width" = "$size" ] || fail "$icon is $width px wide, not $size"
done

desktop-file-validate "$scratch/usr/share/applications/org.chaupar.Chaupar.desktop" ||
    fail "desktop-file-validate"
appstreamcli validate --no-net "$scratch/usr/share/metainfo/org.chaupar.Chaupar.metainfo.xml" ||
    fail "appstreamcli validate"

printed=$("$scratch/usr/bin/chaupar" --version) || fail "usr/bin/chaupar --version exited with $?"
if [ "$printed" = "chaupar $version" ]; then
    echo "package-deb: usr/bin/chaupar --version prints '$printed'"
else
    fail "usr/bin/chaupar --version printed '$printed', expected 'chaupar $version'"
fi

if [ "$failures" -ne 0 ]; then
    echo "package-deb: $failures check(s) failed" >&2
    exit 1
fi
echo "package-deb: $deb passed every check"
