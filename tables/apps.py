from django.apps import AppConfig


class TablesConfig(AppConfig):
    """Live play: tables, seats, the ledger, hands, the WebSocket consumer."""

    name = "tables"
