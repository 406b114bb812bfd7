# Pop on Discord: `docker build -t pop-bot .` then
#   docker run -d --name pop -e DISCORD_TOKEN=... -v pop-data:/data pop-bot
# SQLite lives in the /data volume; set POP_DATABASE_URL=postgresql://... to use PostgreSQL.
FROM python:3.11-slim

ENV PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    POP_DATABASE_PATH=/data/pop.sqlite3

WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot/ bot/
COPY engine/ engine/
COPY render/ render/
COPY data/ data/

# Installed in place (editable) on purpose: the engine finds data/ next to its own package
# (engine/pop/cards.py: DATA_DIR = <engine>/../data), and bot/migrations/*.sql next to bot/.
# Running the code from /app keeps both where they are; a plain `pip install .` would move the
# packages into site-packages and leave data/ behind.
RUN pip install -e '.[postgres]' \
    && python -m compileall -q bot engine render

# An unprivileged user that owns only the database volume; the code stays read-only to it.
RUN useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin pop \
    && mkdir -p /data \
    && chown pop:pop /data
USER pop
VOLUME /data

# Settings, database reachable, migrations applied, data files present; never prints the token.
HEALTHCHECK --interval=60s --timeout=20s --start-period=60s --retries=3 \
    CMD ["pop-bot", "check"]
CMD ["pop-bot", "run"]
