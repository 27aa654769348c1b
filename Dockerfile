# The app image used by docker-compose.yml: built and started the way `npm run build` and
# `npm start` do it on a developer's machine.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . /tmp/context
# A node_modules, data folder or repository that happens to sit in the build context must not
# replace what npm ci installed for Linux.
RUN rm -rf /tmp/context/node_modules /tmp/context/.data /tmp/context/.git \
    && cp -a /tmp/context/. /app/ \
    && rm -rf /tmp/context
RUN npm run build

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# `npm start` runs the TypeScript through tsx, so the runtime keeps the whole built tree.
COPY --from=build /app /app
# A named volume mounted here takes this folder's owner, so the unprivileged user can write to it.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
CMD ["npm", "start"]
