"""``python -m gonets.server [--host H] [--port P] [--db URL] [--bot-delay S] [--redis URL]
[--workers N] [--max-level LEVEL] [--log-format text|json]``."""

import argparse

from gonets.agents.levels import NAMES as LEVELS
from gonets.server.app import serve
from gonets.server.logs import FORMATS


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m gonets.server",
                                     description="Serve the gonets web platform.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--db", default=None,
                        help="database URL (default: $GONETS_DATABASE_URL or a SQLite file)")
    parser.add_argument("--bot-delay", type=float, default=1.0,
                        help="seconds a bot waits before it moves (default 1)")
    parser.add_argument("--redis", default=None,
                        help="Redis URL: run as one of several processes over one PostgreSQL "
                             "database (default: $GONETS_REDIS_URL)")
    parser.add_argument("--workers", type=int, default=1,
                        help="server processes on this port (above 1: PostgreSQL and Redis)")
    parser.add_argument("--max-level", choices=LEVELS, default=None,
                        help="the strongest bot level new tables may seat (default expert)")
    parser.add_argument("--log-format", choices=FORMATS, default="text",
                        help="one log line per event on standard error: text or JSON")
    args = parser.parse_args(argv)
    serve(args.host, args.port, args.db, args.bot_delay, args.redis, args.workers,
          args.max_level, args.log_format)


if __name__ == "__main__":
    main()
