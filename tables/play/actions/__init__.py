"""The only code that changes play state (DESIGN.md: "the one way data flows").

Every public function here is one transaction. It validates its input first (raising
:class:`~tables.play.error_codes.PlayError` with a code before anything changes), locks the table row
(``select_for_update``) and then that table's seats in seat order — always in that order, so
two requests never deadlock — changes what it must, bumps the table's version, and sends the
new public state to the table's group only after commit.
"""

from tables.play.actions.between_hands import cash_out_leavers
from tables.play.actions.bomb_pots import vote_bomb_pot
from tables.play.actions.chat import post_chat
from tables.play.actions.deck import send_nonce, send_nonces
from tables.play.actions.guests import join, remove_guest, revoke_link, set_link_limit, table_link
from tables.play.actions.hand import act, draw, handle_due, start_hand_if_ready
from tables.play.actions.host import (
    adjust_stack,
    approve_seat,
    close_table,
    pause,
    reject_seat,
    remove_player,
    resume,
)
from tables.play.actions.presence import drop_server, reconcile_presence, set_presence
from tables.play.actions.seats import (
    leave,
    release_member,
    set_blind_choice,
    set_straddle,
    sit,
    sit_in,
    sit_out,
    top_up,
)
from tables.play.actions.showing import show_after_hand
from tables.play.actions.table_settings import (
    create_table,
    pick_game,
    quick_start,
    update_settings,
)

__all__ = [
    "act",
    "draw",
    "adjust_stack",
    "approve_seat",
    "cash_out_leavers",
    "close_table",
    "create_table",
    "handle_due",
    "join",
    "leave",
    "pause",
    "post_chat",
    "reject_seat",
    "release_member",
    "remove_guest",
    "remove_player",
    "revoke_link",
    "set_link_limit",
    "table_link",
    "resume",
    "set_blind_choice",
    "drop_server",
    "reconcile_presence",
    "send_nonce",
    "send_nonces",
    "set_presence",
    "set_straddle",
    "show_after_hand",
    "sit",
    "sit_in",
    "sit_out",
    "start_hand_if_ready",
    "top_up",
    "update_settings",
    "pick_game",
    "quick_start",
    "vote_bomb_pot",
]
