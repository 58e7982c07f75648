"""Two rooms servers on one PostgreSQL database: the second is refused (see test_races.py
for SQLite). Runs on the throwaway cluster of test_postgres.py."""

from __future__ import annotations

import asyncio

from gofish.online.store import PostgresStore

from .helpers import assert_one_server_at_a_time
from .test_postgres import postgres_url  # noqa: F401 - the cluster, as a fixture


def test_a_second_server_on_the_same_postgresql_database_is_refused(
    postgres_url: str,  # noqa: F811
) -> None:
    first, second = PostgresStore(postgres_url), PostgresStore(postgres_url)
    asyncio.run(assert_one_server_at_a_time(first, second))
