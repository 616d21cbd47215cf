#!/bin/sh
# attacks.sh runs issue #21's attack files and the memory round's shapes
# through the CLI, each under /usr/bin/time -v, and prints one line each:
# file, its size, wall and CPU seconds, max RSS, RSS / size, exit status
# and the first line the command printed.
#
#   go build -o /tmp/kinenix ./cmd/kinenix
#   mkdir -p /tmp/attacks
#   KINENIX_ATTACK_DIR=/tmp/attacks go test ./data -run TestWriteAttackFiles -count=1
#   sh data/testdata/attacks.sh /tmp/kinenix /tmp/attacks [FILE...]
#
# The commands: render '${len(rows)}' for a sheet or a file of rows; a
# missing sheet for the workbook of 200,000 sheets; cond over a row for
# the 1M-row shapes as well (cond:FILE).
set -u
bin=$1
dir=$2
shift 2
files=${*:-"big1m.csv big1m.xlsx big1m.json big1m.jsonl big1m.yaml cond:big1m.csv cond:big1m.xlsx cond:big1m.json cond:big1m.jsonl cond:big1m.yaml
sst-1mib-x2000.xlsx sst-32767-x200000.xlsx at100-1mb-x40.xlsx at100-32767-x2000.xlsx deep-20m.xlsx deep-100k.xlsx
escapes-1mb-x20.xlsx escapes-4681-x20000.xlsx longfmt-2000.xlsx negative-sst.xlsx bad-checksum.xlsx
short-part.xlsx rows-out-of-order.xlsx sheets-200000.xlsx cr-only.csv second-bom.csv"}
out=$(mktemp)
tv=$(mktemp)
printf '%-28s %10s %6s %6s %8s %6s %4s  %s\n' file bytes wall cpu maxRSS/MB xsize exit "first line"
for f in $files; do
	cmd=render
	case $f in cond:*) cmd=cond f=${f#cond:} ;; esac
	path=$dir/$f
	size=$(wc -c <"$path")
	case $cmd:$f in
	render:sheets-200000.xlsx) set -- render -data "$path#Nope" '${len(rows)}' ;;
	render:cr-only.csv) set -- render -data "$path" '${len(rows)} rows, last ${rows[-1].amount}' ;;
	render:second-bom.csv) set -- render -data "$path" '${row.name}' ;;
	render:*.json | render:*.yaml) set -- render -data "$path" '${len(rows)} ${rows[-1].a}' ;;
	render:*) set -- render -data "$path" '${len(rows)} ${rows[-1].a}' ;;
	cond:*.json | cond:*.yaml) set -- cond -data "$path" '${len(rows)} > 0 and ${rows[0].c} == Due' ;;
	cond:*) set -- cond -data "$path" '${len(rows)} > 0 and ${row.c} == Due' ;;
	esac
	/usr/bin/time -v -o "$tv" "$bin" "$@" >"$out" 2>&1
	rc=$?
	wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,a,":"); s=0; for(i=1;i<=n;i++) s=s*60+a[i]; printf "%.2f", s}' "$tv")
	cpu=$(awk -F': ' '/User time/ {u=$2} /System time/ {s=$2} END {printf "%.2f", u+s}' "$tv")
	rss=$(awk -F': ' '/Maximum resident/ {print $2}' "$tv")
	first=$(head -n 1 "$out" | cut -c 1-110)
	printf '%-28s %10d %6s %6s %8.1f %6.1f %4d  %s\n' "$cmd:$f" "$size" "$wall" "$cpu" "$(echo "$rss / 1024" | bc -l)" "$(echo "$rss * 1024 / $size" | bc -l)" "$rc" "$first"
done
rm -f "$out" "$tv"
