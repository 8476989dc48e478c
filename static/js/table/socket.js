// The table's WebSocket: connects, reconnects with backoff, drops out-of-order states, and asks
// for a full `sync` after a version gap, a reconnect, or a deadline that passed without news.
// Each state is handed on with `follows`: true only when it is the very next version after the
// last one and not an answer to a sync, so the page animates only what it saw happen.

const CLOSE_FORBIDDEN = 4403;
const CLOSE_FLOOD = 4429;
const CLOSE_GUEST_OUT = 4410;

export class TableSocket {
  /**
   * @param {string} path       e.g. "/ws/tables/3/"
   * @param {object} handlers   onState(state, {follows}), onMessage(msg), onStatus("open"|"reconnecting"|"refused"|"let_out")
   * @param {number} version    the version of the state the page was rendered with
   */
  constructor(path, handlers, version = 0) {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    this.url = path.startsWith("ws") ? path : `${scheme}://${location.host}${path}`;
    this.handlers = handlers;
    this.version = version;
    this.attempt = 0;
    this.timer = null;
    this.ws = null;
    this.stopped = false;
    this.lastSyncAt = 0;
    this.syncing = false; // a sync was sent and no state has come since
    window.addEventListener("online", () => this.reconnectNow());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.reconnectNow() || this.sync();
    });
  }

  connect() {
    clearTimeout(this.timer);
    this.timer = null;
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.attempt = 0;
      // a new connection's first state is the table as it is now, even if older than what
      // this page last saw: the database may have been restored from a backup
      this.version = 0;
      this.handlers.onStatus?.("open");
      this.sync(true);
    });
    ws.addEventListener("message", (event) => this.receive(event.data));
    ws.addEventListener("close", (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (event.code === CLOSE_FORBIDDEN || event.code === CLOSE_GUEST_OUT) {
        this.stopped = true;
        this.handlers.onStatus?.(event.code === CLOSE_GUEST_OUT ? "let_out" : "refused");
        return;
      }
      this.handlers.onStatus?.("reconnecting");
      this.schedule(event.code === CLOSE_FLOOD ? 10000 : 0);
    });
  }

  /** Backoff: 0.5 s, 1 s, 2 s ... up to 15 s, with a little jitter. */
  schedule(minimum) {
    if (this.stopped || this.timer) return;
    const delay = Math.max(minimum, Math.min(15000, 500 * 2 ** this.attempt)) * (0.85 + Math.random() * 0.3);
    this.attempt += 1;
    this.timer = setTimeout(() => this.connect(), delay);
  }

  /** Reconnect at once if the socket is down (back online, tab visible again). */
  reconnectNow() {
    if (this.stopped || (this.ws && this.ws.readyState <= WebSocket.OPEN)) return false;
    this.attempt = 0;
    this.connect();
    return true;
  }

  receive(data) {
    let msg;
    try {
      msg = JSON.parse(data);
    } catch {
      return;
    }
    if (!msg || typeof msg.type !== "string") return;
    if (msg.type === "state") {
      const version = Number(msg.version) || 0;
      if (version < this.version) return; // an older state overtaken by a newer one
      const gap = this.version > 0 && version > this.version + 1;
      const follows = !this.syncing && this.version > 0 && version === this.version + 1;
      this.syncing = false;
      this.version = version;
      this.handlers.onState?.(msg, { follows });
      if (gap) this.sync(true);
      return;
    }
    this.handlers.onMessage?.(msg);
  }

  /** Ask for a full state (at most once a second unless forced). */
  sync(force = false) {
    const now = Date.now();
    if (!force && now - this.lastSyncAt < 1000) return;
    this.lastSyncAt = now;
    if (this.send({ type: "sync" })) this.syncing = true;
  }

  /** Send one message; false when the socket is not open. */
  send(message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }
}
