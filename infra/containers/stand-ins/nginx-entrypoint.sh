#!/bin/sh
# Renders /etc/nginx/templates/<name>.template into /etc/nginx/conf.d/<name> with envsubst, substituting
# only variables that are set (so nginx's own $variables survive), then runs the command.
set -eu
if [ "${1:-}" = nginx ] && [ -d /etc/nginx/templates ]; then
  defined=$(env | sed -n 's/^\([A-Za-z_][A-Za-z0-9_]*\)=.*/${\1}/p' | tr '\n' ' ')
  for template in /etc/nginx/templates/*.template; do
    [ -f "$template" ] || continue
    name=$(basename "$template" .template)
    envsubst "$defined" < "$template" > "/etc/nginx/conf.d/$name"
  done
fi
exec "$@"
