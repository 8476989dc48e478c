"""Game nights (#42): a host plans a night (when, what, where, how many seats, a quorum and an
answer-by time, repeated if the group plays every other Friday); members answer Yes, No or
Maybe, past the seat cap onto a waitlist that moves up when someone drops out; at the
answer-by time the clock confirms the night or calls it off and everyone who answered is
told. ``models``, ``actions/`` (the only code that writes), ``calendar`` (.ics), ``views``."""
