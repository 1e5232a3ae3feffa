# The smi-bench image: `smi-bench worker` by default, any other smi-bench command when given one.
# It contains no Temporal server and no `temporal` CLI: docker-compose.yml runs the server, and every command
# that needs one gets its address from TEMPORAL_ADDRESS.
#   docker build -t smi-bench .
#   docker run --rm -e TEMPORAL_ADDRESS=temporal.example:7233 -v /shared:/data smi-bench     # a worker
#   docker run --rm -v "$PWD/corpus:/data/corpus:ro" smi-bench extract \
#     --bytecode-package-dir /data/corpus/<prefix>/<id>                                      # no server needed

FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false
# node-llama-cpp's install script would otherwise try its binaries and build llama.cpp where they fail;
# smi-bench uses the prebuilt CPU binary only (build: 'never').
ENV NODE_LLAMA_CPP_SKIP_DOWNLOAD=true
# Dependencies first, so that code changes reuse this layer. Lifecycle scripts wait for the sources:
# the project's own `prepare` script is the build.
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --ignore-scripts
COPY tsconfig.json tsconfig.build.json ./
COPY bin ./bin
COPY src ./src
COPY scripts ./scripts
COPY perf ./perf
COPY data ./data
# `npm rebuild` runs the dependencies' install scripts that --ignore-scripts skipped; `npm run build` is what
# `prepare` runs (tsc to dist/, then the prebuilt workflow bundle dist/workflow-bundle.js). Workers load that
# bundle, so webpack is not needed at run time; @temporalio/worker itself is a runtime dependency and stays.
# Local models (--agent local-llm) run on the CPU only (`gpu: false`): node-llama-cpp's CUDA and Vulkan
# builds, 600 MB of optional dependencies, are dropped from the image.
RUN npm rebuild \
  && npm run build \
  && test -s dist/workflow-bundle.js \
  && npm prune --omit=dev --ignore-scripts \
  && rm -rf node_modules/@node-llama-cpp/*-cuda* node_modules/@node-llama-cpp/*-vulkan*

FROM node:20-bookworm-slim
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/bin ./bin
# The datasets smi-bench ships (upstream's named package lists), which --dataset falls back to.
COPY --from=build /app/data ./data
# /data is where docker-compose.yml mounts the corpus, the dataset id files and the run directories. It is
# also the working directory, so the CLI's defaults (--log-dir logs) land on the mounted /data/logs.
# SMI_HOME holds CLI state such as the demo corpus, which workers must read too: keep it on the shared mount.
RUN mkdir -p /data/corpus /data/datasets /data/logs && chown node:node /data/logs
ENV SMI_HOME=/data/logs/.smi-bench \
    SMI_DATASETS_DIR=/data/datasets
WORKDIR /data
USER node
ENTRYPOINT ["node", "/app/bin/smi-bench.js"]
CMD ["worker"]
