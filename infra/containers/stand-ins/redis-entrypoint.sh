#!/bin/sh
# redis-server as the `redis` user, owning /data (started as root), like the official image.
set -eu
if [ "${1:-}" = redis-server ] && [ "$(id -u)" = 0 ]; then
  chown -R redis:redis /data
  exec setpriv --reuid=redis --regid=redis --init-groups "$0" "$@"
fi
exec "$@"
