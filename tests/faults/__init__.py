"""Faults survived (issue #41): Redis, PostgreSQL or the clock going away while bots play
on two Daphne processes; each test checks what the database and the players saw."""
