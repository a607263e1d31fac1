#!/bin/sh
# Renders the app icon into the PNGs the packages install: the desktop
# hicolor theme sizes and the Android launcher densities. Run it after
# editing either SVG and commit the PNGs it writes.
# Needs rsvg-convert (Debian package librsvg2-bin).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
full="$here/org.chaupar.Chaupar.svg"
# Drawn on a 16-pixel grid: the fine thread work of the full icon only blurs
# at these sizes.
small="$here/org.chaupar.Chaupar-small.svg"

command -v rsvg-convert >/dev/null 2>&1 || {
    echo "render.sh: rsvg-convert not found (apt-get install librsvg2-bin)" >&2
    exit 1
}

render() { # svg size output
    mkdir -p "$(dirname "$3")"
    rsvg-convert --width "$2" --height "$2" --output "$3" "$1"
}

for size in 16 32 48 64 128 256 512; do
    svg=$full
    [ "$size" -le 32 ] && svg=$small
    render "$svg" "$size" "$here/hicolor/${size}x${size}/apps/org.chaupar.Chaupar.png"
done

for density in mdpi:48 hdpi:72 xhdpi:96 xxhdpi:144 xxxhdpi:192; do
    render "$full" "${density#*:}" "$root/android/app/src/main/res/mipmap-${density%:*}/ic_launcher.png"
done
