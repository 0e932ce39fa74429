#!/usr/bin/env bash
# Bandada — a sweep on a real Slurm cluster: starts a one-node cluster (munge, slurmctld, slurmd)
# under a temporary folder, runs a small job-array sweep through scripts/sweep-slurm.sh, checks
# that the merged CSV equals the unsharded CLI output byte for byte (a scenario room's sweep too),
# runs experiment cards as an array (scripts/experiments-slurm.sh) against the CLI's output, and
# stops what it started.
# If the cluster cannot start, it says why and fails: it never skips silently.
set -u
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cli="$root/build/native/bandada-cli"
source "$root/tests/check.sh"
D=$(mktemp -d /tmp/bandada-slurm.XXXXXX)
started_munge=""
stop() {
  for f in "$D/slurmd.pid" "$D/slurmctld.pid"; do [ -f "$f" ] && kill "$(cat "$f")" 2>/dev/null; done
  [ -n "$started_munge" ] && kill "$started_munge" 2>/dev/null
  sleep 1
  rm -rf "$D"
}
trap stop EXIT
die() { echo "FAIL: the one-node Slurm cluster did not start: $*"; echo "0 passed, 1 failed"; exit 1; }

[ "$(id -u)" -eq 0 ] || die "it needs root (munged runs as munge, the daemons as root)"
for tool in munged munge unmunge slurmctld slurmd sbatch sinfo; do command -v $tool >/dev/null || die "$tool is missing (scripts/setup.sh installs it)"; done
if ! munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
  mkdir -p /run/munge && chown munge:munge /run/munge
  su -s /bin/sh munge -c /usr/sbin/munged || die "munged would not start"
  sleep 1
  started_munge=$(cat /run/munge/munged.pid 2>/dev/null)
  munge -n | unmunge >/dev/null 2>&1 || die "munge does not answer"
fi
host=$(hostname -s)
mkdir -p "$D/slurmd" "$D/state"
cat > "$D/slurm.conf" <<CONF
ClusterName=bandada-test
SlurmctldHost=$host
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
SlurmUser=root
SlurmctldPidFile=$D/slurmctld.pid
SlurmdPidFile=$D/slurmd.pid
SlurmdSpoolDir=$D/slurmd
StateSaveLocation=$D/state
SlurmctldLogFile=$D/slurmctld.log
SlurmdLogFile=$D/slurmd.log
JobCompType=jobcomp/none
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=main Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$D/slurm.conf"
slurmctld -f "$SLURM_CONF" || die "slurmctld: $(tail -n 3 "$D/slurmctld.log" 2>/dev/null)"
slurmd -f "$SLURM_CONF" || die "slurmd: $(tail -n 3 "$D/slurmd.log" 2>/dev/null)"
for _ in $(seq 1 60); do
  sinfo -h -o %T 2>/dev/null | grep -qE '^(idle|mixed)' && break
  sleep 1
done
sinfo -h -o %T 2>/dev/null | grep -qE '^(idle|mixed)' || die "the node never became idle: $(sinfo 2>&1 | tail -n 2)"
echo "one-node Slurm cluster up on $host"

sweep=(--model feedback2d --n 40 --cycles 20 --x alpha=0:3:4 --y feedback=0:2:3 --seeds 2)
"$cli" sweep "${sweep[@]}" > "$D/whole.csv"
timeout 300 bash "$root/scripts/sweep-slurm.sh" "${sweep[@]}" --tasks 5 --out "$D/out" --wait
check "a 5-task Slurm array sweep, merged, equals the unsharded CLI output byte for byte" \
  '[ "$(wc -l < "$D/whole.csv")" = 25 ] && cmp -s "$D/out/sweep.csv" "$D/whole.csv"'
check "every task wrote its shard" '[ "$(ls "$D"/out/shard-*.csv | wc -l)" = 5 ]'

# A crowd sweep in a scenario file's room: every task reads the file, and the merged rows are the CLI's.
room=(--model crowd --scenario "$root/tests/fixtures/scenarios/corner.json" --steps 150 --x v0=0.8:1.6:3 --seeds 2 --measure inside,mean_speed)
"$cli" sweep "${room[@]}" > "$D/room.csv" 2>/dev/null
timeout 300 bash "$root/scripts/sweep-slurm.sh" "${room[@]}" --tasks 2 --out "$D/room" --wait >/dev/null
check "a Slurm array sweep of a scenario room (--scenario), merged, equals the unsharded CLI output byte for byte" \
  '[ "$(wc -l < "$D/room.csv")" = 7 ] && cmp -s "$D/room/sweep.csv" "$D/room.csv"'

# Experiment cards as an array (scripts/experiments-slurm.sh): each card's file is the CLI's, the
# verdicts file lists them in order, and a second submission keeps the whole files.
timeout 300 bash "$root/scripts/experiments-slurm.sh" rimea-01 rimea-10 --set operational-model=csm --out "$D/cards" --wait >/dev/null
"$cli" experiment rimea-01 --set operational-model=csm > "$D/r01.csv"
"$cli" experiment rimea-10 --set operational-model=csm > "$D/r10.csv"
check "a card array: each card's file equals bandada-cli experiment NAME --set … byte for byte" \
  'cmp -s "$D/cards/rimea-01.csv" "$D/r01.csv" && cmp -s "$D/cards/rimea-10.csv" "$D/r10.csv"'
check "the card array's verdicts.txt names each card with its verdict line, in order" \
  '[ "$(cat "$D/cards/verdicts.txt")" = "rimea-01: $(tail -n 1 "$D/r01.csv")
rimea-10: $(tail -n 1 "$D/r10.csv")" ]'
timeout 300 bash "$root/scripts/experiments-slurm.sh" rimea-01 rimea-10 --set operational-model=csm --out "$D/cards" --wait >/dev/null
check "submitted again, the array keeps the whole cards' files and runs nothing" \
  '[ "$(grep -c "whole already, kept" "$D"/cards/task-*.log | awk -F: "{s += \$2} END {print s}")" = 2 ] && cmp -s "$D/cards/rimea-10.csv" "$D/r10.csv"'
check "a card array with an unknown setting is refused before anything is queued" \
  '! bash "$root/scripts/experiments-slurm.sh" rimea-01 --set bogus=1 --out "$D/bad" 2>"$D/bad.err" && grep -q "unknown option --bogus" "$D/bad.err" && [ ! -f "$D/bad/task.sh" ]'

# A task requeued while it runs (scontrol requeue) resumes its shard: the merged output is the same.
slow=(--model feedback2d --n 400 --cycles 300 --x alpha=0:3:4 --y feedback=0:2:3 --seeds 1 --threads 1)
"$cli" sweep "${slow[@]}" > "$D/slow.csv"
submitted=$(bash "$root/scripts/sweep-slurm.sh" "${slow[@]}" --tasks 2 --out "$D/rq")
array=$(sed -n 's/^submitted array job \([0-9]*\).*/\1/p' <<<"$submitted")
requeued=0
for _ in $(seq 1 1200); do
  lines=$(cat "$D/rq/shard-000001.csv" 2>/dev/null | wc -l)
  if [ "$lines" -ge 2 ] && [ "$(squeue -h -j "${array}_1" -o %T 2>/dev/null)" = RUNNING ]; then
    scontrol requeue "${array}_1" && requeued=1
    break
  fi
  sleep 0.05
done
# Slurm holds a requeued job for two minutes (its BeginTime); an administrator may let it go now.
# On a busy machine the task may take a while to be pending again, so the release is retried
# until the sweep is merged (at most 5 minutes).
released=0
for _ in $(seq 1 600); do
  [ -f "$D/rq/sweep.csv" ] && [ -z "$(squeue -h 2>/dev/null)" ] && break
  if [ $released = 0 ] && [ "$(squeue -h -j "${array}_1" -o %T 2>/dev/null)" = PENDING ]; then
    scontrol update JobId="${array}_1" StartTime=now 2>/dev/null && released=1
  fi
  sleep 0.5
done
check "a task requeued mid-shard ran again and resumed after its whole rows" \
  '[ $requeued = 1 ] && [ "$(grep -c "starts on" "$D/rq/task-1.log")" -ge 2 ] && grep -q "resuming .* after its [0-9]* whole rows" "$D/rq/task-1.log"'
check "the merged output of the requeued sweep equals the unsharded CLI output byte for byte" \
  'cmp -s "$D/rq/sweep.csv" "$D/slow.csv"'
# An optimisation, each iteration's runs as an array (scripts/optimize-slurm.sh): the log is the
# CLI's alone, byte for byte; run again, it finds the log finished and submits nothing.
opt=(--model boids3d --count 60 --steps 20 --vary separation=0:0.2 --vary cohesion=0:0.2 --maximize order --seeds 2 --swarm 4 --iterations 2)
"$cli" optimize "${opt[@]}" > "$D/opt.log" 2>/dev/null
timeout 300 bash "$root/scripts/optimize-slurm.sh" "${opt[@]}" --out "$D/opt/flock.log" > "$D/opt.out"
check "an optimisation on Slurm (an array an iteration, 3 iterations of 8 runs) writes the CLI's log byte for byte" \
  'cmp -s "$D/opt/flock.log" "$D/opt.log" && [ "$(grep -c "^iteration [0-2]: array job" "$D/opt.out")" = 3 ]'
timeout 60 bash "$root/scripts/optimize-slurm.sh" "${opt[@]}" --out "$D/opt/flock.log" > "$D/opt2.out"
check "run again, it finds the log finished and submits nothing" \
  '! grep -q "array job" "$D/opt2.out" && cmp -s "$D/opt/flock.log" "$D/opt.log"'
check "an optimisation with a bad option is refused before anything is queued" \
  '! bash "$root/scripts/optimize-slurm.sh" --model boids3d --vary bogus=0:1 --maximize order --out "$D/badopt/x.log" 2>"$D/badopt.err" && grep -q "is not a field of boids3d" "$D/badopt.err" && [ ! -d "$D/badopt/x.log.runs" ]'
check_summary
