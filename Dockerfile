# Pop on Discord: `docker build -t pop-bot .` then
#   docker run -d --name pop -e DISCORD_TOKEN=... -v pop-data:/data pop-bot
# SQLite lives in the /data volume; set POP_DATABASE_URL=postgresql://... to use PostgreSQL.

# Build stage: the sources become wheels: pop-bot's own (its packages, bot/migrations and all of
# data/ inside it as package data) and one for every dependency. Nothing of this stage but the
# wheels reaches the image.
FROM python:3.11-slim AS build
ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /src
COPY pyproject.toml README.md ./
COPY bot/ bot/
COPY engine/ engine/
COPY render/ render/
COPY data/ data/
RUN pip wheel --wheel-dir /wheels '.[postgres]'

# The image: the wheels installed offline (pip install, not -e: no source checkout, no compiler),
# mounted from the build stage rather than copied, so they take no layer of their own.
FROM python:3.11-slim

ENV PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    POP_DATABASE_PATH=/data/pop.sqlite3

RUN --mount=type=bind,from=build,source=/wheels,target=/wheels \
    pip install --no-index --find-links /wheels 'pop-bot[postgres]'

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
