#!/bin/sh
# Compares the stub libraries made by make-sysroot.sh with the NDK's own:
# each must export the same symbols, with the same versions and kinds.
# Needs a copy of the NDK's sysroot for the API level (not in this
# repository, nor needed by CI), e.g. from the public repository
# unicornx/android-ndk-ci:
#   sh android/ndk/check-stubs.sh \
#       .../sysroot/usr/lib/aarch64-linux-android/26 [API_LEVEL]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
ndk=$1
api=${2:-26}
made=$(mktemp -d)
trap 'rm -rf "$made"' EXIT
sh "$here/make-sysroot.sh" "$made" aarch64-linux-android "$api"
status=0
for list in "$here/api-$api"/*.symbols; do
    library=$(basename "$list" .symbols)
    if sh "$here/exports.sh" "$ndk/$library.so" | diff -u - "$list" >/dev/null &&
        sh "$here/exports.sh" "$made/$library.so" | diff -u "$list" -; then
        echo "check-stubs: $library.so: the same $(wc -l <"$list") symbols as the NDK's"
    else
        echo "check-stubs: $library.so differs from the NDK's" >&2
        status=1
    fi
done
exit $status
