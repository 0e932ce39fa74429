#!/usr/bin/env bash
# Bandada — the command line and core/run/ name no model's option: every option a model gives
# (its fields, choices and own options, as `bandada-cli --model M --help` lists them) is looked
# for as a string literal ("--name" or "name") in cli/ and core/run/. The seed is the one
# exception, by contract: a sweep seeds each row through the field every model calls seed.
set -euo pipefail
cli=${1:?usage: no_model_options.sh BANDADA-CLI}
cd "$(dirname "$0")/.."
models=$("$cli" --help | sed -n 's/.*the model: \(.*\) (default.*/\1/p' | sed 's/ or /, /' | tr -d ',')
[ -n "$models" ] || { echo "no models listed by $cli --help"; exit 1; }
found=0 names=0
for m in $models; do
  for opt in $("$cli" --model "$m" --help | awk '/^Options of the/{p=1;next} p && /^  --/{print $1}'); do
    name=${opt#--}
    names=$((names + 1))
    [ "$name" = seed ] && continue
    if grep -rnF -e "\"--$name\"" -e "\"$name\"" cli core/run; then
      echo "  ^ names $m's option --$name"
      found=1
    fi
  done
done
echo "$names options of $(echo $models | wc -w) models looked for in cli/ and core/run/"
exit $found
