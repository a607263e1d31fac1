#!/usr/bin/env bash
# Regenerates the template lang/chaupar.pot from every @tr of the .slint
# sources, and merges it into each language's catalogue: new messages come
# in untranslated, changed ones fuzzy, for a translator to finish (the tests
# and CI refuse a catalogue left so).
#   bash lang/update.sh
# Needs slint-tr-extractor (cargo install slint-tr-extractor --version =1.18.1
# --locked) and GNU gettext's msgmerge (Debian: gettext).
set -euo pipefail
cd "$(dirname "$0")/.."
find ui -name '*.slint' | sort | xargs slint-tr-extractor -d chaupar -o lang/chaupar.pot
for po in lang/*/LC_MESSAGES/chaupar.po; do
    msgmerge --quiet --update --backup=none --no-fuzzy-matching "$po" lang/chaupar.pot
    msgattrib --no-obsolete -o "$po" "$po"
done
