# Bandada — the shell tests' one helper, sourced by tests/*.sh: `check "what a user sees" 'test'`
# counts, prints ok/FAIL, and `check_summary` ends with the line CI reads ("N passed, N failed").
fails=0
checks=0
check() {
  checks=$((checks + 1))
  if eval "$2"; then echo "ok: $1"; else echo "FAIL: $1"; fails=$((fails + 1)); fi
}
# Where refuses() keeps the message, one file per test script (ctest runs scripts side by side).
cli_err=/tmp/bandada-cli-err.$$
refuses() {  # refuses "what" ARGS...: $cli exits 2, nothing on stdout, a message in $cli_err
  local what="$1"; shift
  o=$("$cli" "$@" 2>"$cli_err"); rc=$?
  check "$what" '[ $rc -eq 2 ] && [ -z "$o" ] && [ -s "$cli_err" ]'
}
check_summary() {
  rm -f "$cli_err"
  echo "$((checks - fails)) passed, $fails failed"
  [ $fails -eq 0 ]
}
