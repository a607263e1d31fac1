# Sourced by the CI scripts that install Debian packages they lack, so that
# each runs unattended on a fresh Debian machine with Rust, as root or with
# sudo:
#   need COMMAND-OR-FILE PACKAGE    need_lib LIBRARY PACKAGE
#   install_missing NAME            (installs what the needs found missing)

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

missing=""
need() { # command-or-file debian-package
    command -v "$1" >/dev/null 2>&1 || [ -e "$1" ] || missing="$missing $2"
}
need_lib() { # library debian-package
    /sbin/ldconfig -p | grep -q "$1" || missing="$missing $2"
}
install_missing() { # the script's name, for its message
    if [ -n "$missing" ]; then
        echo "$1: installing$missing"
        as_root apt-get update -q
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing
    fi
}
