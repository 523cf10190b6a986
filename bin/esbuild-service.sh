#!/bin/sh
# esbuild's service in a session of its own: see in-own-session.sh.
exec "$(dirname "$0")/in-own-session.sh" KIT_ESBUILD_BINARY "$@"
