#!/usr/bin/env bash
# Checks of the test command's own promises (issue 17, item 9), with no network, no root and
# no package installed:
#   - the apt step (scripts/tools.sh, ensure_chromium) asks apt for the missing package only,
#     without recommends and without upgrading anything installed, refreshes the package lists
#     only when apt does not know the package, and does nothing when both are there;
#   - README.md names exactly the test files scripts/test.sh runs as wasm32, each with its number
#     of tests, and every other test file with a wasm test is named as run by hand.
# apt-get, apt-cache and id are stand-ins on a PATH of their own that write down what they are
# asked. Ends with `N passed, M failed` like the other suites.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# shellcheck source=../../scripts/tools.sh
source "$ROOT/scripts/tools.sh"
set +e

passed=0
failed=0
pass() { echo "PASS $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }

stubs="$(mktemp -d)"
trap 'rm -rf "$stubs"' EXIT
mkdir -p "$stubs/bin" "$stubs/browser" "$stubs/driver"
ln -s "$(command -v env)" "$stubs/bin/env"
# Root, so that as_root runs apt-get itself.
printf '#!/bin/sh\necho 0\n' >"$stubs/bin/id"
# apt-get writes down each call; apt-cache knows a package unless $stubs/unknown exists.
cat >"$stubs/bin/apt-get" <<EOF
#!/bin/sh
echo "apt-get \$*" >>"$stubs/calls"
EOF
cat >"$stubs/bin/apt-cache" <<EOF
#!/bin/sh
[ -e "$stubs/unknown" ] && exit 100
exit 0
EOF
printf '#!/bin/sh\n' >"$stubs/browser/chromium"
printf '#!/bin/sh\n' >"$stubs/driver/chromedriver"
chmod +x "$stubs"/bin/* "$stubs/browser/chromium" "$stubs/driver/chromedriver"

# Runs ensure_chromium with only the stand-ins (and `extra`) on PATH; prints apt-get's calls.
apt_calls() {
  local extra="$1"
  rm -f "$stubs/calls"
  (PATH="$stubs/bin${extra:+:$extra}" ensure_chromium) 2>/dev/null
  cat "$stubs/calls" 2>/dev/null
}

install_line='apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends --no-upgrade'

calls="$(apt_calls '')"
if [ "$calls" = "$install_line chromium chromium-driver" ]; then
  pass 'both missing: one install, no recommends, no upgrade, no refresh of the lists'
else
  fail 'both missing' "apt-get was asked: ${calls:-nothing}"
fi

calls="$(apt_calls "$stubs/browser")"
if [ "$calls" = "$install_line chromium-driver" ]; then
  pass 'only ChromeDriver missing: only chromium-driver is installed'
else
  fail 'only ChromeDriver missing' "apt-get was asked: ${calls:-nothing}"
fi

touch "$stubs/unknown"
calls="$(apt_calls "$stubs/driver")"
expected="apt-get -o DPkg::Lock::Timeout=600 update -qq
$install_line chromium"
if [ "$calls" = "$expected" ]; then
  pass 'a package apt does not know: the lists are refreshed, then only it is installed'
else
  fail 'a package apt does not know' "apt-get was asked: ${calls:-nothing}"
fi
rm -f "$stubs/unknown"

calls="$(apt_calls "$stubs/browser:$stubs/driver")"
if [ -z "$calls" ]; then
  pass 'both there: apt is not asked anything'
else
  fail 'both there' "apt-get was asked: $calls"
fi

# The wasm test step: `cargo test -p <package> ... --test <name>` lines of scripts/test.sh.
readme="$(tr '\n' ' ' <"$ROOT/README.md" | tr -s ' ')"
run_in_wasm=()
while read -r line; do
  package="$(sed -E 's/.*-p ohm-([a-z]+).*/\1/' <<<"$line")"
  for name in $(grep -oE -- '--test [a-z_]+' <<<"$line" | cut -d' ' -f2); do
    run_in_wasm+=("crates/$package/tests/$name.rs")
  done
done < <(grep -E '^cargo test .*--target wasm32-unknown-unknown' "$ROOT/scripts/test.sh")
if [ ${#run_in_wasm[@]} -eq 0 ]; then
  fail 'the wasm test step' 'scripts/test.sh runs no test file as wasm32'
fi
for file in "${run_in_wasm[@]}"; do
  tests="$(grep -c '#\[wasm_bindgen_test\]' "$ROOT/$file")"
  if grep -qF "\`$file\` ($tests" <<<"$readme" && [ "$tests" -gt 0 ]; then
    pass "README names $file with its $tests wasm tests"
  else
    fail "README and $file" "README.md does not say \`$file\` ($tests ...), or the file has no wasm test"
  fi
done
for file in $(cd "$ROOT" && grep -rl '#\[wasm_bindgen_test\]' crates/*/tests | sort); do
  if [[ " ${run_in_wasm[*]} " != *" $file "* ]]; then
    if grep -qF "\`$(basename "$file")\`" <<<"$readme"; then
      pass "README says $file is not part of the wasm step"
    else
      fail "README and $file" 'a file with a wasm test that the suite does not run, and README.md does not say so'
    fi
  fi
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
