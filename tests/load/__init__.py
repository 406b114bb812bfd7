"""The load benchmark (`python -m tests.load`): the real bot against the loopback Discord.

It lives in tests/, beside the emulator it needs, because neither is part of the installed bot.
"""
