# Pop on Discord: `docker build -t pop-bot .` then
#   docker run -d --name pop -e DISCORD_TOKEN=... -v pop-data:/data pop-bot
# SQLite lives in the /data volume; set POP_DATABASE_URL=postgresql://... to use PostgreSQL.

# The base image by digest, so that every build starts from the same bytes: python:3.11-slim as
# the official images' record (docker-library/repo-info) gave it on 5 August 2026 (Python
# 3.11.15, Debian trixie). To move on: docker buildx imagetools inspect python:3.11-slim, and
# put its digest in both stages.
ARG BASE=python:3.11-slim@sha256:90744cff8f32887f075c47d747a173ff333e9e98801667af93c357fa9f5e28ff

# Build stage: the dependencies exactly as requirements.lock pins them, every file checked
# against its hash (wheels only: there is no compiler), then pop-bot's own wheel (its packages,
# bot/storage/migrations and all of data/ inside it as package data), built by the setuptools the lock
# pins. Nothing of this stage but the wheels and the lock reaches the image.
FROM ${BASE} AS build
ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /src
COPY requirements.lock ./
RUN pip download --dest /wheels --only-binary :all: --require-hashes -r requirements.lock \
    && pip install --no-index --find-links /wheels --require-hashes -r requirements.lock \
    && cp requirements.lock /wheels/
COPY pyproject.toml README.md ./
COPY bot/ bot/
COPY engine/ engine/
COPY render/ render/
COPY data/ data/
RUN pip wheel --wheel-dir /wheels --no-deps --no-build-isolation --no-index .

# The image: the locked wheels installed offline, hashes checked again, then pop-bot's own
# without dependencies (pip install, not -e: no source checkout, no compiler), mounted from the
# build stage rather than copied, so they take no layer of their own.
FROM ${BASE}

ENV PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    POP_DATABASE_PATH=/data/pop.sqlite3

RUN --mount=type=bind,from=build,source=/wheels,target=/wheels \
    pip install --no-index --find-links /wheels --require-hashes -r /wheels/requirements.lock \
    && pip install --no-index --no-deps /wheels/pop_bot-*.whl

# An unprivileged user that owns only the database volume; the code stays read-only to it.
RUN useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin pop \
    && mkdir -p /data \
    && chown pop:pop /data
USER pop
VOLUME /data

# Settings, database reachable, migrations applied, data files present, and the running bot
# alive: its heartbeat fresh (its event loop turns) and its gateway to Discord up. Never prints
# the token.
HEALTHCHECK --interval=30s --timeout=20s --start-period=60s --retries=3 \
    CMD ["pop-bot", "check", "--alive"]
CMD ["pop-bot", "run"]
