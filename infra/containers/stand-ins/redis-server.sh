#!/bin/sh
# The official image's redis-server runs with protected mode off (the network is the boundary), also
# when a Kubernetes `command:` bypasses the entry point; Debian's keeps it on. A config file stays first.
case "${1:-}" in
  ''|-*) exec /usr/bin/redis-server --protected-mode no "$@" ;;
  *) config="$1"; shift; exec /usr/bin/redis-server "$config" --protected-mode no "$@" ;;
esac
