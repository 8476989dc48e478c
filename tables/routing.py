"""WebSocket routes of the tables app (see docs/protocol.md). In ``make run`` the first
socket of a process also starts the clock inside it (``tables.clock``)."""

from django.urls import path

from tables.clock import with_embedded_clock
from tables.play.consumers import TableConsumer
from tables.tournaments.consumers import TournamentConsumer

websocket_urlpatterns = [
    path("ws/tables/<int:table_id>/", with_embedded_clock(TableConsumer.as_asgi())),
    path("ws/tournaments/<int:tournament_id>/", with_embedded_clock(TournamentConsumer.as_asgi())),
]
