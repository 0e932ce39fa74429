# Bandada — what the Slurm scripts share, sourced by sweep-slurm.sh and experiments-slurm.sh: a
# task script's head, a requeueable job array of DIR/task.sh, and DIR/merge.sh after every task.

# task_head: the first lines of a task script: bash, strict.
task_head() {
  echo '#!/usr/bin/env bash'
  echo 'set -euo pipefail'
}

# submit_array JOB TASKS CPUS DIR: DIR/task.sh as an array of TASKS tasks, each with CPUS cores,
# requeueable, appending to DIR/task-I.log; sets array_id.
submit_array() {
  chmod +x "$4/task.sh"
  array_id=$(sbatch --parsable --job-name="$1" --array="0-$(($2 - 1))" --cpus-per-task="$3" \
                    --requeue --open-mode=append --output="$4/task-%a.log" "$4/task.sh")
  array_id=${array_id%%;*}
}

# submit_merge JOB WAIT DIR: DIR/merge.sh once every task of array_id has succeeded (WAIT=1:
# returns when it has run); sets merge_id.
submit_merge() {
  chmod +x "$3/merge.sh"
  local opts=(--parsable --job-name="$1" --dependency="afterok:$array_id" --output="$3/merge.log")
  [ "$2" = 1 ] && opts+=(--wait)
  merge_id=$(sbatch "${opts[@]}" "$3/merge.sh")
  merge_id=${merge_id%%;*}
}
