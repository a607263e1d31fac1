#!/usr/bin/env bash
# The app's translations kept in step with its sources: the template has
# exactly the messages of the .slint files' @tr (ids, contexts, plurals),
# and every catalogue passes msgfmt's checks with every message translated,
# none fuzzy (tests/translations.rs checks the same and the placeholders).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v msgfmt >/dev/null || apt-get install -y -qq gettext >/dev/null
# An unoptimised build: it installs in half the time and reads a few
# dozen files in a blink either way.
command -v slint-tr-extractor >/dev/null ||
    cargo install --quiet --debug slint-tr-extractor --version =1.18.1 --locked
work=target/translations
mkdir -p "$work"
find ui -name '*.slint' | sort | xargs slint-tr-extractor -d chaupar -o "$work/sources.pot"
# The messages alone: no header, no source locations, in one order.
messages() { msgcat --no-location --sort-output "$1" | sed '1,/^$/d'; }
if ! diff <(messages lang/chaupar.pot) <(messages "$work/sources.pot") > "$work/template.diff"; then
    echo "lang/chaupar.pot differs from the @tr of the .slint sources (run: bash lang/update.sh):"
    cat "$work/template.diff"
    exit 1
fi
status=0
for po in lang/*/LC_MESSAGES/chaupar.po; do
    stats=$(msgfmt --check --statistics -o /dev/null "$po" 2>&1)
    echo "$po: $stats"
    case "$stats" in *fuzzy* | *untranslated*) status=1 ;; esac
    msgcmp "$po" lang/chaupar.pot || status=1
done
exit $status
