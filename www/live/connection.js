// @ts-check
// The socket that carries a live game (docs/live-protocol.md): a WebSocket at `live` beside the
// page, one JSON object per frame both ways. A phone that sleeps, a network that changes or a
// server that restarts drops it; it is opened again at once when the browser says it is back
// online or the page is shown again, else after a wait that grows (half a second first, then up
// to ten seconds), so that a short drop is mended before anyone notices and a long one costs
// the server little. A socket can also die without a word (a network that drops it silently):
// one that has said nothing for a while is sent a `ping`, and one that then still says nothing
// is taken as gone and another opened.

const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 10_000];
// A socket not open by then is given up and another tried (a network that swallows the handshake).
const OPEN_MS = 6000;
// Nothing heard for this long: a `ping` is sent, which the server answers with a `pong`.
export const QUIET_MS = 10_000;
// Nothing heard at all for this long, and a ping sent at least `PONG_MS` ago: the socket is taken as gone.
export const SILENT_MS = 27_000;
export const PONG_MS = 10_000;

/**
 * What a socket that has said nothing since `heard` calls for at `now` (ms): a `ping` (none sent
 * since then: `pinged` null), being taken as gone (`dead`: long silent, its ping long unanswered;
 * a page whose timers slept, in a background tab, pings first rather than drop a good socket), or
 * nothing until `wait` ms from now. Pure, for the tests too.
 * @param {{heard: number, pinged: number | null, now: number}} times
 * @returns {{act: "ping" | "dead" | "none", wait: number}}
 */
export function silence({ heard, pinged, now }) {
  const quiet = now - heard;
  if (pinged === null) {
    if (quiet >= QUIET_MS) return { act: "ping", wait: Math.max(SILENT_MS - quiet, PONG_MS) };
    return { act: "none", wait: QUIET_MS - quiet };
  }
  const due = Math.max(heard + SILENT_MS, pinged + PONG_MS);
  if (now >= due) return { act: "dead", wait: 0 };
  return { act: "none", wait: due - now };
}

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
    /** @type {ReturnType<typeof setTimeout> | undefined} the open socket's silence looked at again */
    this.watch = undefined;
    this.heard = 0; // when the open socket last said something (or opened)
    /** @type {number | null} when a ping was sent since then */
    this.pinged = null;
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
      this.heardNow(socket);
      this.setState("open");
      this.hooks.onOpen();
    });
    socket.addEventListener("message", (event) => {
      if (this.socket !== socket) return;
      this.heardNow(socket);
      if (typeof event.data !== "string") return;
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

  /** The open socket `socket` said something: its silence is counted from now. @param {WebSocket} socket */
  heardNow(socket) {
    this.heard = Date.now();
    this.pinged = null;
    this.listen(socket, QUIET_MS);
  }

  /** Looks at the open socket's silence in `wait` ms: a ping sent, or the socket let go. @param {WebSocket} socket @param {number} wait */
  listen(socket, wait) {
    clearTimeout(this.watch);
    this.watch = setTimeout(() => {
      if (this.socket !== socket) return;
      const { act, wait: next } = silence({ heard: this.heard, pinged: this.pinged, now: Date.now() });
      if (act === "dead") {
        this.drop(socket);
        return;
      }
      if (act === "ping") {
        this.pinged = Date.now();
        this.send({ type: "ping" });
      }
      this.listen(socket, next);
    }, wait);
  }

  /** The socket `socket` is gone (closed, failed, or the browser went offline): another is tried. @param {WebSocket} socket */
  drop(socket) {
    if (this.socket !== socket) return;
    clearTimeout(this.watch);
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
    clearTimeout(this.watch);
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
