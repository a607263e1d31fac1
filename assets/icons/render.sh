#!/bin/sh
# Renders the app icon into the files the packages install: PNGs at the
# desktop hicolor theme sizes, the Android launcher densities and the web
# app's manifest sizes, a Windows .ico and a macOS .icns. Run it after editing either SVG and commit what it
# writes.
# Needs rsvg-convert, icotool and png2icns (Debian packages librsvg2-bin,
# icoutils and icnsutils).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
full="$here/org.chaupar.Chaupar.svg"
# Drawn on a 16-pixel grid: the fine thread work of the full icon only blurs
# at these sizes.
small="$here/org.chaupar.Chaupar-small.svg"

for tool in rsvg-convert:librsvg2-bin icotool:icoutils png2icns:icnsutils; do
    command -v "${tool%:*}" >/dev/null 2>&1 || {
        echo "render.sh: ${tool%:*} not found (apt-get install ${tool#*:})" >&2
        exit 1
    }
done

hicolor() { # size
    echo "$here/hicolor/${1}x${1}/apps/org.chaupar.Chaupar.png"
}

render() { # svg size output
    mkdir -p "$(dirname "$3")"
    rsvg-convert --width "$2" --height "$2" --output "$3" "$1"
}

for size in 16 32 48 64 128 256 512; do
    svg=$full
    [ "$size" -le 32 ] && svg=$small
    render "$svg" "$size" "$(hicolor "$size")"
done

for density in mdpi:48 hdpi:72 xhdpi:96 xxhdpi:144 xxxhdpi:192; do
    render "$full" "${density#*:}" "$root/android/res/mipmap-${density%:*}/ic_launcher.png"
done

# The web app: the sizes Chromium asks of an installable app (192 and 512),
# as the icon itself and as a full-bleed "maskable" one (see its SVG).
for size in 192 512; do
    render "$full" "$size" "$root/web/icons/icon-$size.png"
    render "$here/org.chaupar.Chaupar-maskable.svg" "$size" "$root/web/icons/maskable-$size.png"
done

# Windows picks the size it needs from the .ico (the 256 px one kept as PNG,
# as Windows reads it), macOS likewise from the .icns.
icotool --create --output "$here/org.chaupar.Chaupar.ico" \
    "$(hicolor 16)" "$(hicolor 32)" "$(hicolor 48)" "$(hicolor 64)" "$(hicolor 128)" --raw="$(hicolor 256)"
png2icns "$here/org.chaupar.Chaupar.icns" \
    "$(hicolor 16)" "$(hicolor 32)" "$(hicolor 48)" "$(hicolor 128)" "$(hicolor 256)" "$(hicolor 512)" >/dev/null
