"""The only code that changes money's rows, each function one transaction that reads the
actor's role itself (``pokerclub.access``) and refuses with a
:class:`~tables.money.error_codes.MoneyError` before anything changes:

- :mod:`.sessions`: a session's nets when its table closes, the marks on its transfers;
- :mod:`.payments`: the money book's payments and their marks, groups who settle as one;
- :mod:`.bank`: a real table's bank (buy-ins, rebuys, cash-outs, the close);
- :mod:`.ledger_import`: a ledger file from another site, kept, matched, applied;
- :mod:`.reminders`: payment reminders, sent once a day by the clock's command.

The reads are beside them: :mod:`tables.money.settlement` (a session and its transfers),
:mod:`tables.money.balances` (the book), :mod:`tables.money.fewest_transfers` (pure),
:mod:`tables.money.plans` (settlement plans the clock's worker searches and keeps).
"""
