"""ASGI entry point: Daphne serves HTTP and WebSocket.

WebSockets pass the allowed-hosts origin check (a refused one is closed with 4403,
``pokerclub/websockets.py``) and the session/auth middleware before they reach a consumer,
so a consumer always knows who is connected.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokerclub.settings")
django_asgi_app = get_asgi_application()  # set up Django before importing consumers

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.conf import settings  # noqa: E402

from pokerclub import gc_policy  # noqa: E402
from pokerclub.websockets import SiteOriginOnly  # noqa: E402
from tables.routing import websocket_urlpatterns  # noqa: E402

# Everything loaded so far lives as long as the process, and so do most objects made later
# for the sockets: keep them out of the garbage collector's generations, so that full
# collections (pauses of the event loop) stay short (pokerclub/gc_policy.py).
gc_policy.install(settings.GC_THAW_SECONDS)

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": SiteOriginOnly(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)
