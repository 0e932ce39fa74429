# Bandada — the shell tests' one helper, sourced by tests/*.sh: `check "what a user sees" 'test'`
# counts, prints ok/FAIL, and `check_summary` ends with the line CI reads ("N passed, N failed").
fails=0
checks=0
check() {
  checks=$((checks + 1))
  if eval "$2"; then echo "ok: $1"; else echo "FAIL: $1"; fails=$((fails + 1)); fi
}
refuses() {  # refuses "what" ARGS...: $cli exits 2, nothing on stdout, a message on stderr
  local what="$1"; shift
  o=$("$cli" "$@" 2>/tmp/bandada-cli-err); rc=$?
  check "$what" '[ $rc -eq 2 ] && [ -z "$o" ] && [ -s /tmp/bandada-cli-err ]'
}
check_summary() {
  echo "$((checks - fails)) passed, $fails failed"
  [ $fails -eq 0 ]
}
