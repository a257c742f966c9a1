# syntax=docker/dockerfile:1
# Multi-stage build (ADR 0011): all dependencies → client and server build → slim runtime as a
# non-root user that holds only the production dependencies (what the server bundle imports,
# checked by scripts/build-server.mjs) and dist/ (the bundled server and the built client).

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
# sharp (profile photo copies, ADR 0014) needs no install script: its libvips and native module
# are the optional dependencies @img/sharp-linux-<arch> and @img/sharp-libvips-linux-<arch>
# (glibc, as this Debian image), which npm ci installs for the platform it runs on.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist/server ./dist/server
COPY --from=build /app/dist/client ./dist/client
COPY drizzle ./drizzle
RUN mkdir -p /app/data && chown -R node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "dist/server/main.js"]
