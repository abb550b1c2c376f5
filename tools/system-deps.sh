#!/usr/bin/env bash
# Install the Debian/Ubuntu packages Puzzle Studio needs from the system, and only those missing.
#
# Usage: tools/system-deps.sh [--check] MODE [PYTHON]
#
#   MODE venv       what `python -m venv` needs (Debian splits ensurepip into python3.X-venv), and
#                   a C compiler and Python's headers (the studio has a C extension)
#   MODE offscreen  what Qt needs to run offscreen (the tests): libraries and fonts
#   MODE window     offscreen plus the X11 (xcb) and Wayland platform plugins, for a real window
#   PYTHON          the interpreter: for venv the one that makes the venv (default python3),
#                   for Qt the venv's (default .venv/bin/python), whose PySide6 is inspected
#   --check         report what is missing and exit 1 if anything is; install nothing
#
# How Qt's needs are found: `ldd` on the PySide6 modules, Qt libraries and plugins the studio
# loads lists every shared library they need; the "not found" ones are mapped to packages with
# the table below. Nothing is installed (and apt-get update is not run) when nothing is missing,
# so the script is cheap to run every time. Runs apt-get directly as root, through sudo
# otherwise; when neither is possible it prints the command to run and fails.
set -euo pipefail

usage() {
    sed -n '4,13p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

check_only=false
if [[ ${1:-} == --check ]]; then
    check_only=true
    shift
fi
mode=${1:-}
[[ $mode == venv || $mode == offscreen || $mode == window ]] || usage
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [[ $mode == venv ]]; then
    python=${2:-python3}
else
    python=${2:-$repo/.venv/bin/python}
fi

say() { printf 'system-deps: %s\n' "$*" >&2; }
die() {
    printf 'system-deps: error: %s\n' "$*" >&2
    exit 1
}

# Shared library soname -> Debian/Ubuntu package. Alternatives are separated by '|': the first
# one apt knows as a real (installable) package is taken, so 64-bit-time_t renames (Ubuntu 24.04,
# Debian 13: libglib2.0-0t64, ...) and the older names both work.
package_for() {
    case $1 in
        # OpenGL / EGL (Qt Gui links them even offscreen)
        libEGL.so.1) echo libegl1 ;;
        libGL.so.1) echo libgl1 ;;
        libGLX.so.0) echo libglx0 ;;
        libGLdispatch.so.0) echo libglvnd0 ;;
        libOpenGL.so.0) echo libopengl0 ;;
        # fonts, text, images
        libfontconfig.so.1) echo libfontconfig1 ;;
        libfreetype.so.6) echo libfreetype6 ;;
        libpng16.so.16) echo 'libpng16-16t64|libpng16-16' ;;
        libharfbuzz.so.0) echo 'libharfbuzz0b' ;;
        libexpat.so.1) echo 'libexpat1' ;;
        libbrotlicommon.so.1 | libbrotlidec.so.1) echo libbrotli1 ;;
        libz.so.1) echo zlib1g ;;
        libbz2.so.1.0) echo libbz2-1.0 ;;
        # GLib, D-Bus and what they pull in
        libglib-2.0.so.0 | libgthread-2.0.so.0 | libgobject-2.0.so.0 | libgio-2.0.so.0 | libgmodule-2.0.so.0)
            echo 'libglib2.0-0t64|libglib2.0-0'
            ;;
        libdbus-1.so.3) echo libdbus-1-3 ;;
        libsystemd.so.0) echo libsystemd0 ;;
        libpcre2-8.so.0) echo libpcre2-8-0 ;;
        libffi.so.8) echo libffi8 ;;
        libffi.so.7) echo libffi7 ;;
        libgcrypt.so.20) echo libgcrypt20 ;;
        libgpg-error.so.0) echo libgpg-error0 ;;
        liblz4.so.1) echo liblz4-1 ;;
        liblzma.so.5) echo liblzma5 ;;
        libzstd.so.1) echo libzstd1 ;;
        libcap.so.2) echo libcap2 ;;
        libmount.so.1) echo libmount1 ;;
        libselinux.so.1) echo libselinux1 ;;
        libblkid.so.1) echo libblkid1 ;;
        libbsd.so.0) echo libbsd0 ;;
        libmd.so.0) echo libmd0 ;;
        libstdc++.so.6) echo libstdc++6 ;;
        libgcc_s.so.1) echo 'libgcc-s1|libgcc1' ;;
        # keyboard
        libxkbcommon.so.0) echo libxkbcommon0 ;;
        libxkbcommon-x11.so.0) echo libxkbcommon-x11-0 ;;
        # X11 and XCB (the xcb platform plugin)
        libX11.so.6) echo libx11-6 ;;
        libX11-xcb.so.1) echo libx11-xcb1 ;;
        libXau.so.6) echo libxau6 ;;
        libXdmcp.so.6) echo libxdmcp6 ;;
        libXext.so.6) echo libxext6 ;;
        libXrender.so.1) echo libxrender1 ;;
        libxcb.so.1) echo libxcb1 ;;
        libxcb-cursor.so.0) echo libxcb-cursor0 ;;
        libxcb-glx.so.0) echo libxcb-glx0 ;;
        libxcb-icccm.so.4) echo libxcb-icccm4 ;;
        libxcb-image.so.0) echo libxcb-image0 ;;
        libxcb-keysyms.so.1) echo libxcb-keysyms1 ;;
        libxcb-randr.so.0) echo libxcb-randr0 ;;
        libxcb-render.so.0) echo libxcb-render0 ;;
        libxcb-render-util.so.0) echo libxcb-render-util0 ;;
        libxcb-shape.so.0) echo libxcb-shape0 ;;
        libxcb-shm.so.0) echo libxcb-shm0 ;;
        libxcb-sync.so.1) echo libxcb-sync1 ;;
        libxcb-util.so.1) echo libxcb-util1 ;;
        libxcb-xfixes.so.0) echo libxcb-xfixes0 ;;
        libxcb-xinerama.so.0) echo libxcb-xinerama0 ;;
        libxcb-xinput.so.0) echo libxcb-xinput0 ;;
        libxcb-xkb.so.1) echo libxcb-xkb1 ;;
        # Wayland (the wayland platform plugin and its shell and decoration plugins)
        libwayland-client.so.0) echo libwayland-client0 ;;
        libwayland-cursor.so.0) echo libwayland-cursor0 ;;
        libwayland-egl.so.1) echo libwayland-egl1 ;;
        libwayland-server.so.0) echo libwayland-server0 ;;
        # printing (loaded only when a print dialog is opened)
        libcups.so.2) echo 'libcups2t64|libcups2' ;;
        *) return 1 ;;
    esac
}

apt_runner=()
# Sets apt_runner to the prefix that runs apt-get as root here: env (we are root) or sudo env.
find_apt_runner() {
    command -v apt-get >/dev/null || return 1
    if [[ $(id -u) -eq 0 ]]; then
        apt_runner=(env DEBIAN_FRONTEND=noninteractive)
    elif command -v sudo >/dev/null; then
        apt_runner=(sudo env DEBIAN_FRONTEND=noninteractive)
    else
        return 1
    fi
}

# The first alternative of "a|b|c" that apt can install (not purely virtual); needs apt lists.
resolve_alternatives() {
    local alt policy
    local IFS='|'
    for alt in $1; do
        # Not `apt-cache policy | grep -q`: grep quitting early fails the pipe under pipefail.
        policy=$(apt-cache policy "$alt" 2>/dev/null || true)
        if [[ $policy =~ Candidate:\ [^\(] ]]; then
            echo "$alt"
            return 0
        fi
    done
    return 1
}

# The package to install for each "a|b" entry: the first alternative apt knows (the first
# alternative when apt knows none, e.g. before its first update).
resolve_all() {
    local pkg
    for pkg in "$@"; do
        resolve_alternatives "$pkg" || echo "${pkg%%|*}"
    done
}

install_packages() {
    # $@: package names, each possibly "a|b" alternatives
    local resolved=()
    mapfile -t resolved < <(resolve_all "$@")
    if ! find_apt_runner; then
        die "cannot run apt-get here (not root, no sudo, or no apt-get). As root, run:
    apt-get update && apt-get install -y --no-install-recommends ${resolved[*]}
then run this again."
    fi
    local how=apt-get
    [[ ${apt_runner[0]} == sudo ]] && how="sudo apt-get"
    if ! "${apt_runner[@]}" apt-get update -qq; then
        die "$how update failed. As root, run:
    apt-get update && apt-get install -y --no-install-recommends ${resolved[*]}"
    fi
    mapfile -t resolved < <(resolve_all "$@")
    say "installing: ${resolved[*]}"
    if ! "${apt_runner[@]}" apt-get install -q -y --no-install-recommends "${resolved[@]}"; then
        die "$how install failed. As root, run:
    apt-get install -y --no-install-recommends ${resolved[*]}"
    fi
}

# --- venv: ensurepip (Debian and Ubuntu ship it in python3.X-venv), and what building the
# studio's C extension (the line solver's placement DP) needs: a C compiler and Python's headers
if [[ $mode == venv ]]; then
    command -v "$python" >/dev/null || die "$python not found; install Python 3.11 or newer"
    version=$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
    # What setuptools compiles with: $CC, else the compiler Python was built with.
    compiler=${CC:-$("$python" -c 'import sysconfig; print(sysconfig.get_config_var("CC") or "cc")')}
    headers=$("$python" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')/Python.h
    missing() {
        "$python" -c 'import ensurepip, venv' 2>/dev/null || echo "python$version-venv|python3-venv"
        [[ -f $headers ]] || echo "python$version-dev|python3-dev"
        command -v "${compiler%% *}" >/dev/null || printf '%s\n' gcc libc6-dev
    }
    mapfile -t needed < <(missing)
    ((${#needed[@]})) || exit 0
    say "$python cannot make a virtual environment or build the studio; missing: ${needed[*]}"
    $check_only && exit 1
    install_packages "${needed[@]}"
    mapfile -t needed < <(missing)
    ((${#needed[@]} == 0)) || die "still missing after installing them: ${needed[*]}"
    exit 0
fi

# --- offscreen / window: shared libraries of Qt and fonts ----------------------------------------
[[ -x $python ]] || die "$python not found: create the virtual environment first (make test)"
# find_spec locates PySide6 without importing it (importing loads Qt, which fails when the very
# libraries this script is about are missing).
pyside=$("$python" -c 'import importlib.util, os; s = importlib.util.find_spec("PySide6"); print(os.path.dirname(s.origin) if s and s.origin else "")')
[[ -n $pyside && -d $pyside/Qt ]] || die "PySide6 is not installed in $python's environment"

qt=$pyside/Qt
targets=(
    # The Python modules the studio and pytest-qt import; ldd follows them into libQt6*.so.6.
    "$pyside"/Qt{Core,Gui,Widgets,Svg,SvgWidgets,PrintSupport,Test}.*so
    "$qt"/lib/libQt6{Core,Gui,Widgets,Svg,PrintSupport,DBus}.so.6
    "$qt"/plugins/platforms/libqoffscreen.so
    "$qt"/plugins/imageformats/libq{gif,ico,jpeg,svg}.so
    "$qt"/plugins/iconengines/libqsvgicon.so
)
if [[ $mode == window ]]; then
    targets+=(
        "$qt"/plugins/platforms/libqxcb.so
        "$qt"/plugins/xcbglintegrations/libqxcb-{egl,glx}-integration.so
        "$qt"/plugins/platforms/libqwayland*.so
        "$qt"/plugins/wayland-shell-integration/libxdg-shell.so
        "$qt"/plugins/wayland-decoration-client/lib{bradient,adwaita}.so
        "$qt"/plugins/platforminputcontexts/lib{compose,ibus}platforminputcontextplugin.so
        "$qt"/plugins/platformthemes/libqxdgdesktopportal.so
    )
fi
existing=()
for target in "${targets[@]}"; do
    [[ -e $target ]] && existing+=("$target")
done
[[ ${#existing[@]} -gt 0 ]] || die "no Qt libraries found under $pyside"
[[ -e $qt/plugins/platforms/libqoffscreen.so ]] || die "$qt lacks the offscreen platform plugin"
if [[ $mode == window && ! -e $qt/plugins/platforms/libqxcb.so ]]; then
    die "$qt lacks the xcb platform plugin"
fi
command -v ldd >/dev/null || die "ldd not found (Debian package libc-bin)"

missing_sonames() {
    # ldd prints "\tlibfoo.so.1 => not found" for each missing library, direct or indirect.
    local target
    for target in "${existing[@]}"; do
        ldd "$target" 2>/dev/null || true
    done | awk '$2 == "=>" && $3 == "not" { print $1 }' | sort -u
}

mapfile -t sonames < <(missing_sonames)
packages=()
unknown=()
for soname in "${sonames[@]}"; do
    if pkg=$(package_for "$soname"); then
        packages+=("$pkg")
    else
        unknown+=("$soname")
    fi
done
if [[ ${#unknown[@]} -gt 0 ]]; then
    die "Qt needs ${unknown[*]}, which is not in this script's table of packages
(missing in all: ${sonames[*]}). Find its package (apt-file search ${unknown[0]}, or
https://packages.debian.org), install it, and add it to package_for() in $0."
fi

# Qt draws no text at all without a font. fontconfig's fc-list is the authority; without it
# (fontconfig missing) look for font files where fontconfig would.
have_fonts() {
    if command -v fc-list >/dev/null; then
        [[ -n $(fc-list 2>/dev/null | head -n 1) ]]
    else
        local dir
        for dir in /usr/share/fonts /usr/local/share/fonts "${HOME:-/nonexistent}/.local/share/fonts" "${HOME:-/nonexistent}/.fonts"; do
            [[ -d $dir ]] && [[ -n $(find "$dir" \( -name '*.ttf' -o -name '*.otf' -o -name '*.pfb' -o -name '*.pcf.gz' \) -print -quit 2>/dev/null) ]] && return 0
        done
        return 1
    fi
}
if ! command -v fc-list >/dev/null; then
    packages+=(fontconfig)
    sonames+=("(fc-list)")
fi
if ! have_fonts; then
    packages+=(fonts-dejavu-core)
    sonames+=("(no fonts)")
fi

if [[ ${#packages[@]} -eq 0 ]]; then
    say "$mode: nothing missing"
    exit 0
fi
mapfile -t packages < <(printf '%s\n' "${packages[@]}" | sort -u)
say "$mode: Qt is missing ${sonames[*]}"
if $check_only; then
    say "would install: ${packages[*]}"
    exit 1
fi
install_packages "${packages[@]}"

# Check the result: the table can be wrong, or a package may not provide what it should.
mapfile -t still < <(missing_sonames)
[[ ${#still[@]} -eq 0 ]] || die "still missing after the install: ${still[*]}"
have_fonts || die "still no fonts after installing fonts-dejavu-core"
say "$mode: done"
