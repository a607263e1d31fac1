# Sourced by the CI scripts that install Debian packages they lack, so that
# each runs unattended on a fresh Debian machine with Rust, as root or with
# sudo, and that start servers to check against:
#   need COMMAND-OR-FILE PACKAGE    need_lib LIBRARY PACKAGE
#   install_missing NAME            (installs what the needs found missing)
#   wait_until TENTHS WHAT LOG COMMAND...
#                                   (retries COMMAND a tenth of a second
#                                   apart; after TENTHS tries, says WHAT
#                                   failed with LOG, if any, and exits)

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

wait_until() { # tenths what log command...
    local tenths=$1 what=$2 log=$3 tries=0
    shift 3
    until "$@" >/dev/null 2>&1; do
        tries=$((tries + 1))
        if [ "$tries" -gt "$tenths" ]; then
            echo "FAILED: $what" >&2
            if [ -n "$log" ]; then cat "$log" >&2; fi
            exit 1
        fi
        sleep 0.1
    done
}
