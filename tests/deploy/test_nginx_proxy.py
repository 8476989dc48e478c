"""The example proxy configuration (deploy/nginx/pokerclub.conf) in front of two Daphnes,
as docs/deploy.md describes: TLS at nginx, production settings (DEBUG=0) behind it, the
channel layer sharded over two Redis servers; members log in through it and play hands over
WebSockets through it, their sockets spread over both processes. nginx comes from the
distribution's packages (.ci/run)."""

from __future__ import annotations

import os
import pwd
import random
import re
import shutil
import socket
import ssl
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
from http.cookiejar import Cookie, CookieJar
from pathlib import Path

import pytest

from pokerclub.models import Membership
from tables.bots import Bot
from tables.hands.models import Hand
from tables.play import actions as services
from tests.conftest import eventually, eventually_async, require_service, run_async
from tests.tables.conftest import table_settings
from tests.tables.live_servers import (
    LATE_CODES,
    ROOT,
    Clock,
    Daphne,
    Process,
    free_port,
    playing,
    require_live_services,
    server_env,
)

pytestmark = pytest.mark.django_db(transaction=True)

CONFIG = ROOT / "deploy" / "nginx" / "pokerclub.conf"
HANDS = 6
PASSWORD = "through-the-proxy-1"


class Nginx(Process):
    """nginx running ``deploy/nginx/pokerclub.conf`` with only its ports and certificate
    paths changed, under a minimal nginx.conf of its own in ``folder``."""

    def __init__(self, folder: Path, upstreams: list[int], cert: Path, key: Path) -> None:
        self.http_port, self.https_port = free_port(), free_port()
        site = CONFIG.read_text()
        replacements = {
            "listen 80;": f"listen 127.0.0.1:{self.http_port};",
            "listen 443 ssl http2;": f"listen 127.0.0.1:{self.https_port} ssl http2;",
            "server 127.0.0.1:8001;": f"server 127.0.0.1:{upstreams[0]};",
            "server 127.0.0.1:8002;": f"server 127.0.0.1:{upstreams[1]};",
            "/etc/letsencrypt/live/poker.example.com/fullchain.pem": str(cert),
            "/etc/letsencrypt/live/poker.example.com/privkey.pem": str(key),
        }
        for old, new in replacements.items():
            assert site.count(old) == 1, f"{CONFIG.name} no longer has {old!r} once"
            site = site.replace(old, new)
        (folder / "pokerclub.conf").write_text(site)
        for temp in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
            (folder / temp).mkdir()
        user = f"user {pwd.getpwuid(os.geteuid()).pw_name};" if os.geteuid() == 0 else ""
        self.access_log = folder / "access.log"
        (folder / "nginx.conf").write_text(
            f"""{user}
daemon off;
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
events {{ worker_connections 512; }}
http {{
    log_format upstream '$status $upstream_addr $request_method $uri';
    access_log {self.access_log} upstream;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    include {folder}/pokerclub.conf;
}}
"""
        )
        super().__init__(
            ["nginx", "-p", str(folder), "-c", str(folder / "nginx.conf")],
            dict(os.environ),
            folder / "nginx.out",
        )

    def start(self) -> None:
        super().start()
        for port in (self.http_port, self.https_port):
            eventually(lambda port=port: _listening(port), what=f"nginx listening on {port}")

    def upstreams_used(self, method: str, status: str) -> set[str]:
        """The upstream addresses of the logged requests of ``method`` answered ``status``."""
        lines = self.access_log.read_text().splitlines() if self.access_log.exists() else []
        return {
            parts[1]
            for parts in (line.split() for line in lines)
            if parts[0] == status and parts[2] == method
        }


def _listening(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        return None  # the test looks at each redirect itself


@pytest.fixture
def stack(tmp_path, club_with_roles, make_user, settings):
    """Two Daphnes with production settings, the clock, and nginx in front with TLS."""
    if shutil.which("nginx") is None:
        require_service("nginx", "the proxy test runs Debian's nginx (apt-get install nginx)")
    require_live_services()
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
         "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
         "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True,
    )  # fmt: skip
    # a second Redis: the channel layer shards the tables' channels over both (REDIS_URL
    # names several servers, docs/deploy.md)
    if shutil.which("redis-server") is None:
        require_service("Redis", "the test starts a second redis-server beside the first")
    redis_port = free_port()
    second_redis = Process(
        ["redis-server", "--bind", "127.0.0.1", "--port", str(redis_port), "--save", "",
         "--appendonly", "no"],
        dict(os.environ), tmp_path / "redis.log",
    )  # fmt: skip
    env = server_env(
        REDIS_URL=f"{os.environ['REDIS_URL']},redis://127.0.0.1:{redis_port}/0",
        DEBUG="0",
        SECRET_KEY="proxy-test-" + "k" * 50,
        ALLOWED_HOSTS="127.0.0.1",
        STATIC_ROOT=str(tmp_path / "static"),
        NEXT_HAND_DELAY_MS="50",
        RUNOUT_STEP_MS="30",
    )
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
        cwd=ROOT, env=env, check=True, capture_output=True,
    )  # fmt: skip
    daphnes = [Daphne(env, tmp_path / "daphne-a.log"), Daphne(env, tmp_path / "daphne-b.log")]
    clock = Clock(env, tmp_path / "clock.log")
    (tmp_path / "nginx").mkdir()
    nginx = Nginx(tmp_path / "nginx", [d.port for d in daphnes], cert, key)
    # the members log in through the proxy: passwords the servers' hasher reads
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.PBKDF2PasswordHasher"]
    club = club_with_roles["club"]
    table = services.create_table(club_with_roles["host"], club, table_settings(name="Proxy"))
    players = [make_user(f"Proxy {i}", password=PASSWORD) for i in range(3)]
    for user in players:
        Membership.objects.create(club=club, user=user)
    processes = [second_redis, *daphnes, clock, nginx]
    try:
        second_redis.start()
        eventually(lambda: _listening(redis_port), what="the second Redis listening")
        for process in processes[1:]:
            process.start()
        context = ssl.create_default_context(cafile=str(cert))
        yield {
            "nginx": nginx,
            "daphnes": daphnes,
            "context": context,
            "https": f"https://127.0.0.1:{nginx.https_port}",
            "players": players,
            "table": table,
            "logs": tmp_path,
        }
    finally:
        for process in reversed(processes):
            process.stop()


def _browser(context: ssl.SSLContext) -> tuple[urllib.request.OpenerDirector, CookieJar]:
    jar = CookieJar()
    opener = urllib.request.build_opener(
        urllib.request.HTTPSHandler(context=context),
        urllib.request.HTTPCookieProcessor(jar),
        _NoRedirect,
    )
    return opener, jar


def _log_in(
    base: str, context: ssl.SSLContext, email: str, password: str
) -> tuple[urllib.request.OpenerDirector, Cookie]:
    """Log in through the proxy as a browser does: the browser and its session cookie."""
    browser, jar = _browser(context)
    html = browser.open(f"{base}/accounts/login/", timeout=30).read().decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
    assert token is not None
    form = {"login": email, "password": password, "csrfmiddlewaretoken": token[1]}
    login = urllib.request.Request(
        f"{base}/accounts/login/",
        data=urllib.parse.urlencode(form).encode(),
        headers={"Origin": base, "Referer": f"{base}/accounts/login/"},
    )
    with pytest.raises(urllib.error.HTTPError) as done:  # the redirect after it
        browser.open(login, timeout=60)
    assert done.value.code == 302, done.value.read()[:500]
    return browser, next(cookie for cookie in jar if cookie.name == "sessionid")


def test_pages_and_table_sockets_go_through_nginx_to_both_daphnes(stack):
    nginx, base, context = stack["nginx"], stack["https"], stack["context"]
    browser, _ = _browser(context)

    # plain HTTP at the proxy is sent to HTTPS
    with pytest.raises(urllib.error.HTTPError) as redirect:
        browser.open(f"http://127.0.0.1:{nginx.http_port}/accounts/login/", timeout=30)
    assert redirect.value.code == 301
    assert redirect.value.headers["Location"].startswith("https://127.0.0.1")

    # behind the proxy Django knows the request was HTTPS (X-Forwarded-Proto): it serves the
    # page with HSTS; the same request straight to a Daphne is redirected to HTTPS
    page = browser.open(f"{base}/accounts/login/", timeout=30)
    assert page.status == 200
    assert "max-age=" in page.headers["Strict-Transport-Security"]
    with pytest.raises(urllib.error.HTTPError) as direct:
        browser.open(f"{stack['daphnes'][0].url}/accounts/login/", timeout=30)
    assert direct.value.code == 301

    # members log in through the proxy: the CSRF origin check passes (Host keeps its port)
    # and the session cookie is a secure one; their pages are spread over both processes
    logged_in = [_log_in(base, context, user.email, PASSWORD) for user in stack["players"]]
    sessions = [session for _, session in logged_in]
    assert all(session.secure for session in sessions)
    member = logged_in[0][0]
    for _ in range(4):
        assert member.open(f"{base}/clubs/", timeout=30).status == 200
    daphnes = {f"127.0.0.1:{daphne.port}" for daphne in stack["daphnes"]}
    assert nginx.upstreams_used("GET", "200") == daphnes

    # three players, their sockets through the proxy, play hands to the end
    table = stack["table"]
    bots = [
        Bot(
            f"wss://127.0.0.1:{nginx.https_port}/ws/tables/{table.pk}/",
            f"sessionid={session.value}",
            base,
            seat=seat,
            buy_in=table.max_buy_in,
            rng=random.Random(seat),
            ssl=context,
        )
        for seat, session in enumerate(sessions, start=1)
    ]
    run_async(_play, bots)
    assert Hand.objects.filter(table=table).exclude(ended_at=None).count() >= HANDS
    for bot in bots:
        assert [e for e in bot.errors if e["code"] not in LATE_CODES] == []
        assert bot.state is not None and bot.state["you"]["seat"] is not None
    # the WebSocket upgrades were answered (101) by both processes (nginx logs a socket
    # when it closes)
    eventually(lambda: nginx.upstreams_used("GET", "101") == daphnes, what="sockets logged")


async def _play(bots: list[Bot]) -> None:
    from channels.db import database_sync_to_async as sync_to_async

    async with playing(bots):
        await eventually_async(
            lambda: sync_to_async(lambda: Hand.objects.exclude(ended_at=None).count() >= HANDS)(),
            what=f"{HANDS} hands played through the proxy",
        )
