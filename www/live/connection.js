// @ts-check
// The socket that carries a live game (docs/live-protocol.md): a WebSocket at `live` beside the
// page, one JSON object per frame both ways. A phone that sleeps, a network that changes or a
// server that restarts drops it; it is opened again at once when the browser says it is back
// online or the page is shown again, else after a wait that grows (half a second first, then up
// to ten seconds), so that a short drop is mended before anyone notices and a long one costs
// the server little.

const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 10_000];
// A socket not open by then is given up and another tried (a network that swallows the handshake).
const OPEN_MS = 6000;

/** @typedef {"connecting" | "open" | "reconnecting" | "closed"} SocketState */
/**
 * The socket to a room, as the room's controller uses it (room-controller.js): `LiveConnection`, or a test's.
 * @typedef {object} Connection
 * @property {() => void} open       opens it, and opens another whenever it drops, until `close`
 * @property {() => void} close      closes it for good
 * @property {() => void} restart    lets it go and opens another now
 * @property {(frame: object) => boolean} send  sends a frame; false while the socket is down
 *
 * What the socket tells its user.
 * @typedef {object} ConnectionHooks
 * @property {() => void} onOpen             a socket opened (the first, or a new one after a drop)
 * @property {(frame: any) => void} onFrame  a frame from the server, parsed: an object whose `type` is a string
 * @property {(state: SocketState) => void} onState  `connecting`, `open`, `reconnecting` or `closed`
 */

/** The address of the live endpoint beside the page, with the page's own scheme (ws: or wss:). */
export function liveSocketUrl() {
  const url = new URL("live", location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.search = "";
  url.hash = "";
  return url.href;
}

/** @implements {Connection} */
export class LiveConnection {
  /** @param {ConnectionHooks} hooks  told when a socket opens, of each frame, and of every change of state */
  constructor({ onOpen, onFrame, onState }) {
    this.hooks = { onOpen, onFrame, onState };
    /** @type {WebSocket | null} */
    this.socket = null;
    /** @type {SocketState} */
    this.state = "closed";
    this.tries = 0;
    /** @type {ReturnType<typeof setTimeout> | undefined} the next try */
    this.timer = undefined;
    this.wanted = false; // the page wants a socket: it is opened again after a drop
    this.soon = () => {
      if (this.wanted && this.state === "reconnecting" && document.visibilityState !== "hidden") this.connect();
    };
    // Offline, a socket may stay open in name while nothing passes: it is let go at once.
    this.lost = () => this.socket && this.drop(this.socket);
  }

  /** Opens the socket (and keeps it open until `close`). */
  open() {
    this.wanted = true;
    this.tries = 0;
    addEventListener("online", this.soon);
    addEventListener("offline", this.lost);
    document.addEventListener("visibilitychange", this.soon);
    this.setState("connecting");
    this.connect();
  }

  connect() {
    clearTimeout(this.timer);
    this.timer = undefined;
    const old = this.socket;
    this.socket = null;
    old?.close();
    let socket;
    try {
      socket = new WebSocket(liveSocketUrl());
    } catch {
      this.retry();
      return;
    }
    this.socket = socket;
    const late = setTimeout(() => this.drop(socket), OPEN_MS);
    socket.addEventListener("open", () => {
      clearTimeout(late);
      if (this.socket !== socket) return;
      this.tries = 0;
      this.setState("open");
      this.hooks.onOpen();
    });
    socket.addEventListener("message", (event) => {
      if (this.socket !== socket || typeof event.data !== "string") return;
      let frame;
      try {
        frame = JSON.parse(event.data);
      } catch {
        return; // not the server's: nothing to act on
      }
      if (typeof frame?.type === "string") this.hooks.onFrame(frame);
    });
    socket.addEventListener("close", () => this.drop(socket));
    socket.addEventListener("error", () => this.drop(socket));
  }

  /** The socket `socket` is gone (closed, failed, or the browser went offline): another is tried. @param {WebSocket} socket */
  drop(socket) {
    if (this.socket !== socket) return;
    this.socket = null;
    socket.close();
    if (!this.wanted) return;
    this.setState("reconnecting");
    this.retry();
  }

  retry() {
    const wait = BACKOFF_MS[Math.min(this.tries, BACKOFF_MS.length - 1)];
    this.tries++;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), wait);
  }

  /** Lets the socket go and opens another now (one that stopped answering, say). */
  restart() {
    if (this.socket) this.drop(this.socket);
  }

  /** Sends `frame` (an object); says whether it went (not while the socket is down). @param {object} frame */
  send(frame) {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  /** Closes the socket for good: no more reconnecting. */
  close() {
    this.wanted = false;
    clearTimeout(this.timer);
    removeEventListener("online", this.soon);
    removeEventListener("offline", this.lost);
    document.removeEventListener("visibilitychange", this.soon);
    const socket = this.socket;
    this.socket = null;
    socket?.close();
    this.setState("closed");
  }

  /** @param {SocketState} state */
  setState(state) {
    this.state = state;
    this.hooks.onState(state);
  }
}
