"""WebSocket routes of the tables app (see docs/protocol.md)."""

from django.urls import path

from .consumers import TableConsumer, TournamentConsumer

websocket_urlpatterns = [
    path("ws/tables/<int:table_id>/", TableConsumer.as_asgi()),
    path("ws/tournaments/<int:tournament_id>/", TournamentConsumer.as_asgi()),
]
