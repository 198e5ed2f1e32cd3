#!/usr/bin/env bash
# `cmake --install` into a temporary prefix, and the installed programs run from there: the CLI
# (--version, list, a 100 ms run), the GUI (--version, --help, offscreen), the manual pages, the
# bash completion (completing as bash would, where bash-completion is installed), the desktop
# entry (desktop-file-validate), the AppStream metadata (appstreamcli), the icons at their sizes,
# and nothing installed beyond the expected files. The folder is removed however the test ends.
# usage: tst_install.sh BUILD_DIR VERSION GUI(1|0)
set -u
build=${1:?usage: tst_install.sh BUILD_DIR VERSION GUI}
version=${2:?usage: tst_install.sh BUILD_DIR VERSION GUI}
gui=${3:?usage: tst_install.sh BUILD_DIR VERSION GUI}
t0=$SECONDS
tmp=$(mktemp -d "${TMPDIR:-/tmp}/schedscope-install.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
fail() {
    echo "FAIL: $*"
    exit 1
}
skip() {
    echo "skipped: $*"
}
p=$tmp/usr
id=io.github.schedscope.SchedScope
cmake --install "$build" --prefix "$p" > "$tmp/install.log" 2>&1 || fail "cmake --install: $(cat "$tmp/install.log")"

# Exactly these files, nothing else (the translations are compiled into schedscope).
expected=(bin/schedscope-cli share/man/man1/schedscope-cli.1.gz share/bash-completion/completions/schedscope-cli
          share/doc/schedscope/changelog.gz)
if [[ $gui == 1 ]]; then
    expected+=(bin/schedscope share/man/man1/schedscope.1.gz "share/applications/$id.desktop"
               "share/metainfo/$id.metainfo.xml" "share/icons/hicolor/scalable/apps/$id.svg")
    for size in 48 64 128 256; do
        expected+=("share/icons/hicolor/${size}x$size/apps/$id.png")
    done
fi
installed=$(cd "$p" && find . -type f -o -type l | sed 's|^\./||' | sort)
want=$(printf '%s\n' "${expected[@]}" | sort)
[[ $installed == "$want" ]] || fail "installed files differ from the expected ones:
$(diff <(echo "$want") <(echo "$installed"))"

# The CLI from the prefix.
cli=$p/bin/schedscope-cli
out=$("$cli" --version) || fail "schedscope-cli --version failed"
[[ $out == "schedscope-cli $version" ]] || fail "schedscope-cli --version printed \"$out\", expected \"schedscope-cli $version\""
"$cli" list > "$tmp/list.txt" || fail "schedscope-cli list failed"
grep -q '^default ' "$tmp/list.txt" || fail "schedscope-cli list has no builtin default: $(cat "$tmp/list.txt")"
"$cli" run builtin:default --for 100ms --format json --out "$tmp/run.json" || fail "schedscope-cli run failed"
grep -q '"sim_time_ns": *100000000\b' "$tmp/run.json" || fail "the run did not simulate 100 ms: $(head -c 300 "$tmp/run.json")"

# The manual pages: gzip files with the page's header and the version.
man_header() { # PAGE NAME
    local text
    text=$(gzip -dc "$p/share/man/man1/$1.1.gz") || fail "$1.1.gz is not gzip"
    grep -qx ".TH $2 1 \"\" \"SchedScope $version\" \"User Commands\"" <<< "$text" ||
        fail "$1.1.gz: no .TH line for $2 $version: $(head -1 <<< "$text")"
    grep -q '^\.SH SYNOPSIS' <<< "$text" || fail "$1.1.gz has no SYNOPSIS"
}
man_header schedscope-cli 'SCHEDSCOPE\\-CLI'

# The completion: valid bash; where bash-completion is installed, it completes as bash would.
completion=$p/share/bash-completion/completions/schedscope-cli
bash -n "$completion" || fail "the completion file is not valid bash"
if [[ -r /usr/share/bash-completion/bash_completion ]]; then
    complete_line() { # LINE: what bash offers for LINE (ending where the cursor is), one per line
        # COMP_WORDS as bash splits the line: ':' and '=' are words of their own (COMP_WORDBREAKS).
        local split
        split=$(sed 's/\([:=]\)/ \1 /g' <<< "$1")
        bash -c 'source /usr/share/bash-completion/bash_completion; source "$1"
            COMP_LINE=$2; COMP_POINT=${#2}; read -ra COMP_WORDS <<< "$3"
            [[ $2 == *" " ]] && COMP_WORDS+=("")
            COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            _schedscope_cli schedscope-cli "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf "%s\n" "${COMPREPLY[@]}" | sort' _ "$completion" "$1" "$split"
    }
    check_completion() { # LINE EXPECTED...
        local line=$1 got want
        shift
        got=$(complete_line "$line")
        want=$(printf '%s\n' "$@" | sort)
        [[ $got == "$want" ]] || fail "completing \"$line\" offered [$(echo $got)], expected [$(echo $want)]"
    }
    check_completion "schedscope-cli ru" run
    check_completion "schedscope-cli sweep" sweep sweep-merge
    check_completion "schedscope-cli bench s" seeds scale sweep
    check_completion "schedscope-cli run --mo" --model
    check_completion "schedscope-cli run --format " table json csv psi
    # Readline replaces what follows the last ':' or '=': only that part is offered.
    check_completion "schedscope-cli run builtin:def" default
    check_completion "schedscope-cli run --opt psi_clock_o" psi_clock_once=on psi_clock_once=off
    check_completion "schedscope-cli run --opt psi_clock_once=o" on off
    check_completion "schedscope-cli run --format=js" json
    check_completion "schedscope-cli bench seeds --o" --only --out
    # The models offered are the ones the program knows.
    mapfile -t models < <("$cli" models | awk '/^[^ ]/ {print $1}')
    [[ ${#models[@]} -ge 2 ]] || fail "schedscope-cli models listed ${#models[@]} models"
    check_completion "schedscope-cli run --model " "${models[@]}"
else
    skip "completing with bash (bash-completion is not installed; scripts/deps.sh installs it)"
fi

if [[ $gui == 1 ]]; then
    app=$p/bin/schedscope
    # Without a display: the offscreen platform, as on a server (stderr may hold Qt's notes).
    out=$(env -u DISPLAY -u WAYLAND_DISPLAY "$app" --version 2> "$tmp/err") ||
        fail "schedscope --version failed: $(cat "$tmp/err")"
    [[ $out == "SchedScope $version" ]] || fail "schedscope --version printed \"$out\""
    out=$(env -u DISPLAY -u WAYLAND_DISPLAY "$app" --help 2> "$tmp/err") ||
        fail "schedscope --help failed: $(cat "$tmp/err")"
    grep -q -- '--export-dir' <<< "$out" || fail "schedscope --help does not list --export-dir: $out"
    man_header schedscope SCHEDSCOPE

    desktop=$p/share/applications/$id.desktop
    grep -qx 'Exec=schedscope %f' "$desktop" || fail "$desktop does not run schedscope"
    grep -qx "Icon=$id" "$desktop" || fail "$desktop does not name the icon $id"
    if command -v desktop-file-validate > /dev/null; then
        out=$(desktop-file-validate "$desktop" 2>&1) && [[ -z $out ]] || fail "desktop-file-validate: $out"
    else
        skip "desktop-file-validate (desktop-file-utils is not installed; scripts/deps.sh installs it)"
    fi
    metainfo=$p/share/metainfo/$id.metainfo.xml
    grep -q "<release version=\"$version\"" "$metainfo" || fail "$metainfo has no release $version"
    if command -v appstreamcli > /dev/null; then
        out=$(appstreamcli validate --no-net --pedantic "$metainfo" 2>&1) || fail "appstreamcli validate: $out"
    else
        skip "appstreamcli validate (appstream is not installed; scripts/deps.sh installs it)"
    fi
    # Each PNG is the size its folder says (IHDR: width and height at bytes 16 to 23).
    for size in 48 64 128 256; do
        png=$p/share/icons/hicolor/${size}x$size/apps/$id.png
        dims=$(od -An -tu1 -j16 -N8 "$png" | awk '{print $3*256+$4 "x" $7*256+$8}')
        [[ $dims == "${size}x$size" ]] || fail "$png is $dims, expected ${size}x$size"
    done
fi
echo "tst_install: installed and ran both programs from $p in $((SECONDS - t0)) s"
