"""Accounts: who a player is beyond one seat's secret.

| module | what |
| --- | --- |
| ``passwords.py`` | argon2 hashes (argon2-cffi), nothing else is ever stored |
| ``sessions.py`` | signed HttpOnly session cookies, the CSRF check of every POST, who asks |
| ``users.py`` | the users' store: create, find, log-in failures and locks, settings |
| ``routes.py`` | the session, sign-up, log-in and out, password and settings (routes) |
| ``deletion.py`` | an account deleted: personal data gone, its seats renamed in the records |
| ``admin.py`` | ``gonets admin``: list, create, disable, enable, reset, delete accounts |
| ``players.py`` | seats held by accounts (``gonets_table_players``), a guest's seat claimed |
| ``ratings.py`` | openskill ratings of rated tables, written with their last steps; the ladder |
| ``profiles.py`` | profiles and history, one's own live tables, the ladder (routes) |
| ``friends.py`` | friends and requests, invitations, who may see a private table (routes) |

The tables are in ``gonets.server.schema``; what each page and route does is in the server's
README ("Accounts").
"""
