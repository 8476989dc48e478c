"""What the club domain tells the apps built on it, without importing them (they connect in
their ``AppConfig.ready``): the arrow runs from ``tables`` to ``pokerclub``, never back."""

from django.dispatch import Signal

member_left = Signal()
"""Sent inside the transaction that deleted a membership (the player left or was removed),
with ``club_id`` and ``user_id``: their seats and sockets at the club's tables go too."""
