"""WebSocket routes of the tables app (see docs/protocol.md)."""

from django.urls import path

from .consumers import TableConsumer

websocket_urlpatterns = [
    path("ws/tables/<int:table_id>/", TableConsumer.as_asgi()),
]
