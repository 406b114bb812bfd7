"""Imported first in the workers' forkserver (multiprocessing's preload, `bot.tables.workers`):
the forkserver and every worker it forks ignore SIGTERM. A service manager stops a service by
signalling its whole process group (systemd's default): the bot, stopping gracefully, still
answers the clicks in hand, and they draw and think in these processes; it closes its pools
itself. A worker whose bot is gone ends on its closed pipe, as before."""

import signal

signal.signal(signal.SIGTERM, signal.SIG_IGN)
