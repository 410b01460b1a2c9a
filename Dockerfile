# Images for docker-compose.yml. Targets:
#   platform  the API (default command) and, with another command, the Temporal worker
#   ui        nginx serving the built UI and proxying /api/ to the API
#
# It uses nothing BuildKit-only, so docker-compose 1.x's classic builder builds it as well.

FROM node:24-bookworm-slim AS base
WORKDIR /app

# The context (minus .dockerignore) plus the workspace manifests gathered apart, so that `npm ci`
# below re-runs when a package.json or the lockfile changes, not on every source edit.
FROM base AS context
COPY . .
# plugins/* is a workspace glob: until the first plugin lands, a fresh clone has no plugins/.
RUN mkdir -p plugins /manifests \
    && cp package-lock.json /manifests/ \
    && find . -name package.json -not -path '*/node_modules/*' -exec cp --parents {} /manifests/ \;

FROM base AS deps
COPY --from=context /manifests/ ./
# Dev dependencies stay: tsx runs the TypeScript entry points and Vite builds the UI.
RUN npm ci --no-audit --no-fund

FROM deps AS ui-build
COPY --from=context /app/ ./
RUN npm run build -w @meetflow/ui

FROM base AS platform
ENV NODE_ENV=production
COPY --from=deps /app/ ./
COPY --from=context /app/tsconfig.json ./
COPY --from=context /app/workflows/ ./workflows/
COPY --from=context /app/plugins/ ./plugins/
COPY --from=context /app/platform/ ./platform/
# The API serves ui/dist when present; the ui image serves it in this setup, so none is copied.
USER node
EXPOSE 3000
CMD ["node", "--import", "tsx", "platform/src/api/main.ts"]

FROM nginx:1.30-alpine AS ui
COPY ui/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=ui-build /app/ui/dist/ /usr/share/nginx/html/
