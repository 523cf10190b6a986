#!/bin/sh
# Runs a service kit starts (esbuild's, TypeScript 7's: both written in Go) in a session of its
# own, out of reach of the terminal's Ctrl-C, which reaches the whole process group: Go prints
# "context canceled" on it, on a terminal kit is leaving tidy. kit stops each service itself,
# and each ends when its input closes. $1 names the environment variable holding the program.
program=$(printenv "$1")
shift
if command -v setsid >/dev/null 2>&1; then exec setsid "$program" "$@"; fi
exec "$program" "$@"
