#!/usr/bin/env bash
# Runs jobs side by side, so that the test command keeps both cores busy: each job (a shell
# function) starts as soon as the jobs it needs have passed, in a process group of its own, with
# its output in a log of its own. Its steps are timed: wall time, and the CPU time (user +
# system) of everything the step ran. A line on the terminal says when a step starts and ends.
# At the end every job's log is printed whole, in the order the jobs were declared (after a
# failure the failing job's log comes first), then the table of steps. The first failure stops
# every other job at once; nothing is left running, even on Ctrl-C.
# Sourced by scripts/test.sh:
#   lane NAME FUNCTION [JOB THAT MUST PASS FIRST...]   declares a job
#   step TITLE COMMAND [ARGS...]                       (inside a job) runs a timed step
#   lanes_run                                          runs them all; its status is the run's
# Needs bash 5.1 or later (`wait -n -p`).

LANES_JOBS=()
declare -A LANES_FUNC LANES_NEEDS LANES_STATE LANES_PID LANES_BY_PID
LANES_T0=$EPOCHREALTIME
LANES_DIR=$(mktemp -d "${TMPDIR:-/tmp}/mineseer-lanes-XXXXXX")

lane() {
  local name=$1 func=$2
  shift 2
  LANES_JOBS+=("$name")
  LANES_FUNC[$name]=$func
  LANES_NEEDS[$name]="$*"
  LANES_STATE[$name]=waiting
}

# The sum of the times `times` prints (such as 1m2.345s), in seconds to one decimal.
lanes_seconds() {
  tr ' ' '\n' | awk -F'[ms]' 'NF >= 2 { total += $1 * 60 + $2 } END { printf "%.1f", total }'
}

# Seconds since the run started, to one decimal.
lanes_clock() { awk -v t0="$LANES_T0" -v t="$EPOCHREALTIME" 'BEGIN { printf "%.1f", t - t0 }'; }

# A line on the terminal (fd 9, the run's own stdout), whichever job says it.
lanes_say() { printf '[%6ss] %s\n' "$(lanes_clock)" "$*" >&9; }

# Inside a job: runs "$@" as the step TITLE, its output in the job's log, and records its times.
step() {
  local title=$1 start started status=0 wall cpu
  shift
  start=$(lanes_clock)
  started=$EPOCHREALTIME
  printf '\n==> %s\n' "$title"
  lanes_say "$LANE_NAME: $title"
  # The step runs in a subshell whose `times`, when it exits (passed or not), gives the CPU time
  # of the subshell and of everything it ran; the command writes to the job's log (fds 3 and 4,
  # saved when the job started).
  local times_file="$LANES_DIR/times.$BASHPID"
  (
    trap 'times >"$times_file"' EXIT
    exec >&3 2>&4 9>&-
    "$@"
  ) || status=$?
  wall=$(awk -v s="$started" -v t="$EPOCHREALTIME" 'BEGIN { printf "%.1f", t - s }')
  cpu=$(lanes_seconds <"$times_file")
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$LANE_NAME" "$title" "$start" "$wall" \
    "$cpu" \
    "$([ "$status" = 0 ] && echo passed || echo "FAILED ($status)")" >>"$LANES_DIR/steps.tsv"
  lanes_say "$LANE_NAME: $title: $([ "$status" = 0 ] && echo passed || echo "FAILED (exit $status)") in ${wall%.*} s"
  return "$status"
}

lanes_start() {
  local name=$1
  (
    set -euo pipefail
    shopt -s inherit_errexit
    exec 3>&1 4>&2 </dev/null
    LANE_NAME=$name
    "${LANES_FUNC[$name]}"
  ) >"$LANES_DIR/$name.log" 2>&1 &
  LANES_PID[$name]=$!
  LANES_BY_PID[$!]=$name
  LANES_STATE[$name]=running
}

# Stops every running job: its whole process group (cargo, node and the browsers they started).
lanes_stop() {
  local name
  for name in "${LANES_JOBS[@]}"; do
    if [ "${LANES_STATE[$name]}" = running ]; then
      kill -TERM -- "-${LANES_PID[$name]}" 2>/dev/null || true
      wait "${LANES_PID[$name]}" 2>/dev/null || true
      LANES_STATE[$name]=stopped
    fi
  done
}

lanes_report() {
  local failed=$1 name order=()
  [ -n "$failed" ] && order+=("$failed")
  for name in "${LANES_JOBS[@]}"; do [ "$name" = "$failed" ] || order+=("$name"); done
  for name in "${order[@]}"; do
    printf '\n======== %s: %s ========\n' "$name" "${LANES_STATE[$name]}"
    [ -f "$LANES_DIR/$name.log" ] && cat "$LANES_DIR/$name.log"
  done
  printf '\n======== the steps (seconds since the start; CPU = user + system) ========\n'
  printf '%-14s %-58s %7s %7s %7s  %s\n' job step start wall CPU result
  sort -t$'\t' -k3,3n "$LANES_DIR/steps.tsv" 2>/dev/null |
    while IFS=$'\t' read -r job title start wall cpu result; do
      printf '%-14s %-58s %7s %7.1f %7s  %s\n' "$job" "${title:0:58}" "$start" "$wall" "$cpu" "$result"
    done
  # The CPU time of every job and all they ran: the second line of `times`.
  local cpu
  times >"$LANES_DIR/times.run" # here, not in $( ): a subshell's `times` would not count the jobs
  cpu=$(lanes_seconds <"$LANES_DIR/times.run")
  printf 'the whole run: %s s wall, %s s CPU (user + system)\n' "$(lanes_clock)" "$cpu"
}

lanes_run() {
  local name need ready running pid status failed=
  exec 9>&1
  set -m
  trap 'lanes_stop; rm -rf "$LANES_DIR"' EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  : >"$LANES_DIR/steps.tsv"
  while :; do
    for name in "${LANES_JOBS[@]}"; do
      [ "${LANES_STATE[$name]}" = waiting ] || continue
      ready=1
      for need in ${LANES_NEEDS[$name]}; do
        [ "${LANES_STATE[$need]}" = passed ] || ready=
      done
      [ -n "$ready" ] && lanes_start "$name"
    done
    running=0
    for name in "${LANES_JOBS[@]}"; do [ "${LANES_STATE[$name]}" = running ] && running=1; done
    [ "$running" = 1 ] || break
    status=0
    wait -n -p pid || status=$?
    name=${LANES_BY_PID[$pid]}
    if [ "$status" = 0 ]; then
      LANES_STATE[$name]=passed
    else
      LANES_STATE[$name]="FAILED (exit $status)"
      failed=$name
      lanes_say "$name failed: stopping the other jobs"
      lanes_stop
      break
    fi
  done
  for name in "${LANES_JOBS[@]}"; do
    [ "${LANES_STATE[$name]}" = waiting ] && LANES_STATE[$name]="not started"
  done
  set +m
  lanes_report "$failed"
  [ -z "$failed" ]
}
