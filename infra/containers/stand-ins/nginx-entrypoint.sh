#!/bin/sh
# Renders /etc/nginx/templates/<name>.template into /etc/nginx/conf.d/<name> with envsubst, substituting
# only variables that are set (so nginx's own $variables survive), then runs the command. Like the official
# image, NGINX_ENTRYPOINT_LOCAL_RESOLVERS sets NGINX_LOCAL_RESOLVERS.
set -eu
if [ "${1:-}" = nginx ] && [ -d /etc/nginx/templates ]; then
  # As the official image's 15-local-resolvers.envsh: the container's name servers, for a `resolver` directive.
  if [ -n "${NGINX_ENTRYPOINT_LOCAL_RESOLVERS:-}" ]; then
    NGINX_LOCAL_RESOLVERS=$(awk 'BEGIN{ORS=" "} $1=="nameserver" {if ($2 ~ ":") {print "["$2"]"} else {print $2}}' /etc/resolv.conf)
    export NGINX_LOCAL_RESOLVERS
  fi
  defined=$(env | sed -n 's/^\([A-Za-z_][A-Za-z0-9_]*\)=.*/${\1}/p' | tr '\n' ' ')
  for template in /etc/nginx/templates/*.template; do
    [ -f "$template" ] || continue
    name=$(basename "$template" .template)
    envsubst "$defined" < "$template" > "/etc/nginx/conf.d/$name"
  done
fi
exec "$@"
