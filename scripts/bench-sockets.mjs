// Raw client sockets for scripts/bench-public.sh: many connections to `walak serve` that do
// what no page does, with nothing but Node's own `net`, so that the server's side alone is
// measured.
//
//   node scripts/bench-sockets.mjs slow-headers HOST:PORT N HOLD_S
//       N connections that each send half of a request's headers, then nothing. Prints
//       {"ready":…} once all have sent, then waits until the server has closed them all (or
//       HOLD_S seconds) and prints when it closed them.
//   node scripts/bench-sockets.mjs idle-websockets HOST:PORT N HOLD_S
//       N WebSockets at /live, opened and left idle in no room. Prints {"ready":…} once all are
//       open, holds them until SIGTERM (or HOLD_S seconds), then prints how many the server
//       closed meanwhile and closes them.
//
// Each printed line is one JSON object.
import net from 'node:net';
import { randomBytes } from 'node:crypto';

const [mode, address, count, hold] = process.argv.slice(2);
const [host, port] = (address ?? '').split(':');
const n = Number(count);
const holdMs = Number(hold) * 1000;
if (!['slow-headers', 'idle-websockets'].includes(mode) || !port || !(n > 0) || !(holdMs > 0)) {
  console.error('usage: node scripts/bench-sockets.mjs slow-headers|idle-websockets HOST:PORT N HOLD_S');
  process.exit(2);
}

// A browser's request for the page, of which the first half is sent.
const request = [
  'GET / HTTP/1.1',
  `Host: ${address}`,
  'User-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  'Accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'Accept-Language: en-GB,en;q=0.5',
  'Accept-Encoding: gzip, deflate, br',
  'Connection: keep-alive',
  'Upgrade-Insecure-Requests: 1',
].join('\r\n');
const half = request.slice(0, Math.floor(request.length / 2));

function upgrade() {
  return [
    'GET /live HTTP/1.1',
    `Host: ${address}`,
    'Upgrade: websocket',
    'Connection: Upgrade',
    `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
    'Sec-WebSocket-Version: 13',
    '',
    '',
  ].join('\r\n');
}

const started = Date.now();
const sockets = [];
let failed = 0;
let closedEarly = 0;
const closedAfterMs = [];

// Opens one connection; resolves once it has sent its half request or holds an open WebSocket.
function open() {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port: Number(port) });
    let ready = false;
    let answer = '';
    let openedAt = 0;
    socket.setNoDelay(true);
    socket.on('connect', () => {
      openedAt = Date.now();
      if (mode === 'slow-headers') {
        socket.write(half, () => {
          ready = true;
          resolve(true);
        });
      } else {
        socket.write(upgrade());
      }
    });
    socket.on('data', (data) => {
      if (mode === 'idle-websockets' && !ready) {
        answer += data.toString('latin1');
        if (answer.includes('\r\n\r\n')) {
          ready = answer.startsWith('HTTP/1.1 101');
          if (!ready) socket.destroy();
          resolve(ready);
        }
      }
      // Anything later (the server's pings) is read and dropped: the socket stays idle.
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      if (!ready) {
        resolve(false);
      } else if (!socket.closingOnPurpose) {
        closedEarly += 1;
        closedAfterMs.push(Date.now() - openedAt);
      }
    });
    sockets.push(socket);
  });
}

// A few hundred at a time, as a crowd arrives: the server's accept queue takes them all.
const BATCH = 250;
for (let i = 0; i < n; i += BATCH) {
  const batch = await Promise.all(Array.from({ length: Math.min(BATCH, n - i) }, open));
  failed += batch.filter((ok) => !ok).length;
}
console.log(JSON.stringify({ ready: n - failed, failed, open_s: (Date.now() - started) / 1000 }));

const readyAt = Date.now();
await new Promise((resolve) => {
  const timer = setTimeout(resolve, holdMs);
  process.on('SIGTERM', () => {
    clearTimeout(timer);
    resolve();
  });
  if (mode === 'slow-headers') {
    const every = setInterval(() => {
      if (closedEarly >= n - failed) {
        clearInterval(every);
        clearTimeout(timer);
        resolve();
      }
    }, 50);
  }
});

closedAfterMs.sort((a, b) => a - b);
const at = (p) => (closedAfterMs.length ? closedAfterMs[Math.min(closedAfterMs.length - 1, Math.floor(p * closedAfterMs.length))] / 1000 : null);
console.log(
  JSON.stringify({
    mode,
    connections: n,
    failed,
    closed_by_server: closedEarly,
    still_open: n - failed - closedEarly,
    closed_after_s: { min: at(0), p50: at(0.5), max: closedAfterMs.length ? closedAfterMs.at(-1) / 1000 : null },
    held_s: (Date.now() - readyAt) / 1000,
  }),
);
for (const socket of sockets) {
  socket.closingOnPurpose = true;
  socket.destroy();
}
process.exit(0);
