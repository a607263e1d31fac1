#!/bin/sh
# Makes, from what is in this folder, the few files of the NDK's sysroot that
# linking the app's library needs, with Debian's clang and lld:
#   - a stub of each system library the app links against (libc.so, libm.so,
#     libdl.so, liblog.so, libandroid.so, libaaudio.so), exporting the
#     symbols (with their versions) that api-<level>/<library>.symbols lists,
#     as the NDK makes its own stubs from symbol files: the linker needs only
#     the names, the phone supplies the real libraries;
#   - crtbegin_so.o and crtend_so.o, the start and end objects clang's driver
#     links into every shared library (crtbegin_so.c, crtend_so.c);
#   - libunwind.a, which Rust's standard library links for Android: the
#     minimal one in unwind.c (the app never unwinds: panic = "abort").
#   - linker: the linker for Cargo (CARGO_TARGET_<TRIPLE>_LINKER), clang for
#     the target and API level, with lld and this folder.
# Usage: sh android/ndk/make-sysroot.sh OUT_DIR [TARGET [API_LEVEL]]
#   TARGET: aarch64-linux-android (default) or x86_64-linux-android.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
out=$1
target=${2:-aarch64-linux-android}
api=${3:-26}
symbols="$here/api-$api"
[ -d "$symbols" ] || { echo "make-sysroot: no symbol lists for API $api in $symbols" >&2; exit 1; }

mkdir -p "$out"
out=$(cd "$out" && pwd)
cc="clang --target=$target$api"
cflags="-O2 -fPIC -ffreestanding -Wall -Werror"

# One stub library from its list: each function a `ret` (never run), each
# object a word of data, and a version script putting every versioned
# symbol in its version.
make_stub() {
    list=$1
    library=$(basename "$list" .symbols)
    work="$out/stub-src/$library"
    mkdir -p "$work"
    awk '
        $3 == "func"   { printf ".text\n.globl %s\n.type %s, %%function\n%s:\n\tret\n", $1, $1, $1 }
        $3 == "object" { printf ".data\n.globl %s\n.type %s, %%object\n.size %s, 8\n%s:\n\t.quad 0\n", $1, $1, $1, $1 }
    ' "$list" >"$work/stub.S"
    # (`ret` and `.quad` assemble for aarch64 and x86_64 alike.)
    awk '$2 != "-" { names[$2] = names[$2] "\t\t" $1 ";\n" }
        END { for (v in names) printf "%s {\n\tglobal:\n%s};\n", v, names[v] }' \
        "$list" >"$work/versions.map"
    version_flag=""
    [ -s "$work/versions.map" ] && version_flag="-Wl,--version-script=$work/versions.map"
    $cc -shared -nostdlib -fuse-ld=lld -Wl,-soname,"$library.so" $version_flag \
        -o "$out/$library.so" "$work/stub.S"
}

for list in "$symbols"/*.symbols; do
    make_stub "$list"
done

$cc $cflags -DANDROID_API_LEVEL="$api" -c "$here/crtbegin_so.c" -o "$out/crtbegin_so.o"
$cc $cflags -c "$here/crtend_so.c" -o "$out/crtend_so.o"
$cc $cflags -c "$here/unwind.c" -o "$out/unwind.o"
rm -f "$out/libunwind.a"
llvm-ar rcs "$out/libunwind.a" "$out/unwind.o"

# 16 KB pages: Google Play asks it of native code for Android 15 devices.
cat >"$out/linker" <<LINKER
#!/bin/sh
exec clang --target=$target$api -fuse-ld=lld -L"$out" -B"$out" -Wl,-z,max-page-size=16384 "\$@"
LINKER
chmod +x "$out/linker"
