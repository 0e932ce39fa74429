# Bandada — the shell tests' one helper, sourced by tests/*.sh: `check "what a user sees" 'test'`
# counts, prints ok/FAIL, and `check_summary` ends with the line CI reads ("N passed, N failed").
fails=0
checks=0
check() {
  checks=$((checks + 1))
  if eval "$2"; then echo "ok: $1"; else echo "FAIL: $1"; fails=$((fails + 1)); fi
}
check_summary() {
  echo "$((checks - fails)) passed, $fails failed"
  [ $fails -eq 0 ]
}
