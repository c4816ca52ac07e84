# One image for the petition service, the signing proxy and their admin commands:
#   docker run IMAGE                                   the service on SQLite in /data, port 4010
#   docker run -e DATABASE_URL=postgres://… IMAGE      the service on PostgreSQL
#   docker run IMAGE proxy --host 0.0.0.0 --config /config/proxy.config.json
#   docker run IMAGE service admin create-consumer --name "Our site"
# README.md "Running it in containers" says more; `npm run test:container` builds and tests it.
#
# The base images are build arguments so that a machine that cannot pull images can build it
# from local ones (scripts/container/local-base-images.sh makes them from Debian's packages).
# The runtime is the official slim Node image: the same Debian release and Node as the build
# stage, so better-sqlite3's compiled module runs there as built, node at the same path for
# ENTRYPOINT, and nothing here needs a shell or a package manager at run time (the runtime
# stage runs no command), so a distroless Node 24 image (gcr.io/distroless/nodejs24-debian12)
# should do as RUNTIME_IMAGE too: not tried, as no such image can be made on the machine where
# the test runs.
ARG BUILD_IMAGE=node:24-bookworm
ARG RUNTIME_IMAGE=node:24-bookworm-slim

FROM ${BUILD_IMAGE} AS build
WORKDIR /app
# better-sqlite3 brings prebuilt binaries for the common systems; on any other it compiles from
# source, against this Node's own headers (/usr/local/include/node), never a download of them.
ENV npm_config_nodedir=/usr/local \
    npm_config_fund=false \
    npm_config_audit=false \
    npm_config_update_notifier=false
COPY package.json package-lock.json ./
# `npm install` from the lockfile rather than `npm ci`: registries that lack the optional
# platform packages of other systems (rollup's, among others) make `npm ci` refuse the lockfile.
# Install scripts wait until the sources are there (the package's own `prepare` compiles them);
# only the dependencies that need theirs run them. better-sqlite3-node20 is for Node 20 only
# (src/sqlite.ts), so it is not compiled here.
RUN npm install --ignore-scripts && npm rebuild better-sqlite3 esbuild
COPY . .
# What the servers run: the bundle (dist/, which the proxy serves) and the compiled servers
# (dist-server/), then only the dependencies that run them. Not `npm run build`: the elements'
# npm library build (dist/lib/, type declarations) is for the npm package, not the servers.
# Then out: TypeScript (kept by the prune as valibot's optional peer; nothing runs it),
# better-sqlite3's sources and its prebuilt binaries for other systems.
RUN npx vite build --logLevel warn && npm run build:server \
 && npm prune --omit=dev \
 && rm -rf node_modules/typescript node_modules/better-sqlite3-node20 node_modules/better-sqlite3/deps node_modules/better-sqlite3/src \
 && if [ -d node_modules/better-sqlite3/prebuilds ]; then find node_modules/better-sqlite3/prebuilds -type f ! -name "linux-$(node -p process.arch).node" -delete; fi \
 && mkdir -p /out/app /out/volume/data \
 && cp -r package.json bin dist dist-server demo node_modules /out/app/ \
 && ln -s /data /out/app/data \
 && chmod 0700 /out/volume/data

# The delivery PDF's faces (src/service/delivery/delivery-font.ts): Noto, under the SIL Open Font
# License, from Debian's packages, only the files the delivery looks for (about 23 MB, most of it
# the CJK collection), copied to the paths it looks in: the runtime stage runs no command.
RUN apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends fonts-noto-core fonts-noto-cjk fonts-dejavu-core \
 && mkdir -p /out/fonts/usr/share/fonts/truetype/noto /out/fonts/usr/share/fonts/opentype/noto /out/fonts/usr/share/fonts/truetype/dejavu \
 && for script in '' Arabic Hebrew Devanagari Bengali Gurmukhi Gujarati Tamil Telugu Kannada Malayalam Sinhala Thai Lao Khmer Myanmar Georgian Armenian Ethiopic; do \
      cp "/usr/share/fonts/truetype/noto/NotoSans${script}-Regular.ttf" /out/fonts/usr/share/fonts/truetype/noto/; done \
 && cp /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc /out/fonts/usr/share/fonts/opentype/noto/ \
 && cp /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf /out/fonts/usr/share/fonts/truetype/dejavu/ \
 && cp /usr/share/doc/fonts-noto-core/copyright /out/fonts/usr/share/fonts/truetype/noto/COPYRIGHT \
 && cp /usr/share/doc/fonts-noto-cjk/copyright /out/fonts/usr/share/fonts/opentype/noto/COPYRIGHT

FROM ${RUNTIME_IMAGE}
# Distroless images keep node in /nodejs/bin, off their PATH; the official ones in /usr/local/bin.
ENV NODE_ENV=production \
    PATH=/nodejs/bin:$PATH
WORKDIR /app
# The program belongs to root and cannot be changed by the user it runs as.
COPY --from=build /out/app /app
COPY --from=build /out/fonts/ /
# The data folder (the service's SQLite file, the proxy's keys and outbox): the runtime user's
# alone. /app/data points here, so the service's default database (data/service.db, when
# neither --db nor DATABASE_URL is given) is in the volume.
# (COPY gives a folder it copies into 0755, but keeps the mode of a folder it copies.)
COPY --from=build --chown=10001:10001 /out/volume/ /
VOLUME ["/data"]
# A numeric user: no passwd entry needed, and Kubernetes' runAsNonRoot can verify it.
USER 10001:10001
EXPOSE 4010 4020
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "/app/dist-server/container/health-check.js"]
ENTRYPOINT ["node", "/app/bin/petition-embed.js"]
# Inside a container the service must listen on every address to be reachable through a
# published port; pass --host 127.0.0.1 when the container shares the host's network.
CMD ["service", "--host", "0.0.0.0"]
