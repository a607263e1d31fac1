#!/bin/sh
# Prints what a shared library exports to the dynamic linker, one symbol a
# line, sorted: `name version kind`, where version is the symbol version
# ("-" for none) and kind is func or object. This is the form of the symbol
# lists in android/ndk/api-<level>/, and the form in which
# android/ndk/check-stubs.sh compares the stubs made from them with the
# NDK's own.
#   sh android/ndk/exports.sh LIBRARY.so
set -eu
readelf --dyn-syms -W "$1" | awk '
    NR > 3 && $7 != "UND" && $8 != "" && ($4 == "FUNC" || $4 == "OBJECT") {
        name = $8; version = "-"
        if (index(name, "@") > 0) {
            version = name; sub(/^[^@]*@+/, "", version); sub(/@.*/, "", name)
        }
        print name, version, ($4 == "FUNC" ? "func" : "object")
    }' | LC_ALL=C sort -u
