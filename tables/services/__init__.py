"""The only code that changes play state (DESIGN.md: "the one way data flows").

Every public function here is one transaction. It validates its input first (raising
:class:`~tables.errors.PlayError` with a code before anything changes), locks the table row
(``select_for_update``) and then that table's seats in seat order — always in that order, so
two requests never deadlock — changes what it must, bumps the table's version, and sends the
new public state to the table's group only after commit.
"""

from .chat import post_chat
from .deck import send_nonce
from .play import act, handle_due, start_hand_if_ready
from .seating import (
    approve_seat,
    cash_out_leavers,
    close_table,
    create_table,
    drop_server,
    leave,
    pause,
    reject_seat,
    release_member,
    remove_player,
    restore_presence,
    resume,
    set_blind_choice,
    set_presence,
    set_straddle,
    sit,
    sit_in,
    sit_out,
    top_up,
    update_settings,
)

__all__ = [
    "act",
    "approve_seat",
    "cash_out_leavers",
    "close_table",
    "create_table",
    "handle_due",
    "leave",
    "pause",
    "post_chat",
    "reject_seat",
    "release_member",
    "remove_player",
    "resume",
    "set_blind_choice",
    "drop_server",
    "restore_presence",
    "send_nonce",
    "set_presence",
    "set_straddle",
    "sit",
    "sit_in",
    "sit_out",
    "start_hand_if_ready",
    "top_up",
    "update_settings",
]
