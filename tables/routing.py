"""WebSocket routes of the tables app (the table consumer arrives with live play)."""

websocket_urlpatterns: list = []
