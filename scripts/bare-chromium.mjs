// Chromium driven over the DevTools protocol alone, for the phone profile of measure-page.mjs:
// a pipe to the browser (--remote-debugging-pipe) and the few commands a measurement needs, and
// nothing else attached to the page. Playwright, by contrast, instruments every page it drives
// (its own script world, bindings and event reports in each new document), and on the profile's
// slowed CPU that cost the page about a quarter of a second at every navigation: work no player's
// browser does (docs/measurements.md, "Measured without a driver's own work").

import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Starts headless Chromium (`executablePath`, with `args`) in a fresh profile, driven over a pipe.
 * Resolves with `send(method, params, sessionId)` (a command; resolves with its result), `on(listener)`
 * (every event, `{method, params, sessionId}`; returns a way to stop listening), `version`,
 * `userAgent` and `close()`.
 * @param {{executablePath: string, args?: string[]}} options
 */
export async function launchBareChromium({ executablePath, args = [] }) {
  const profile = mkdtempSync(join(tmpdir(), "walak-chromium-"));
  const child = spawn(executablePath, ["--headless", "--remote-debugging-pipe", `--user-data-dir=${profile}`, ...args, "about:blank"], {
    stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"],
  });
  const toBrowser = /** @type {import("node:stream").Writable} */ (child.stdio[3]);
  const fromBrowser = /** @type {import("node:stream").Readable} */ (child.stdio[4]);
  /** @type {Map<number, {resolve: (result: any) => void, reject: (error: Error) => void, method: string}>} */
  const waiting = new Map();
  /** @type {Set<(event: {method: string, params: any, sessionId?: string}) => void>} */
  const listeners = new Set();
  let nextId = 1;
  let ended = null;
  const endAll = (/** @type {Error} */ error) => {
    ended = error;
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  child.on("exit", (code) => endAll(new Error(`Chromium ended (${code})`)));
  child.on("error", (error) => endAll(error));
  // Messages are JSON, each ended by a NUL byte.
  let pending = "";
  fromBrowser.setEncoding("utf8");
  fromBrowser.on("data", (chunk) => {
    pending += chunk;
    let end;
    while ((end = pending.indexOf("\0")) >= 0) {
      const message = JSON.parse(pending.slice(0, end));
      pending = pending.slice(end + 1);
      const asked = message.id === undefined ? undefined : waiting.get(message.id);
      if (asked) {
        waiting.delete(message.id);
        if (message.error) asked.reject(new Error(`${asked.method}: ${message.error.message}`));
        else asked.resolve(message.result);
      } else if (message.method) {
        for (const listener of listeners) listener(message);
      }
    }
  });
  /**
   * @param {string} method
   * @param {object} [params]
   * @param {string} [sessionId]
   * @returns {Promise<any>}
   */
  const send = (method, params = {}, sessionId = undefined) => {
    if (ended) return Promise.reject(ended);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject, method });
      toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });
  };
  const { product, userAgent } = await send("Browser.getVersion");
  return {
    version: String(product).replace(/^[^/]*\//, ""),
    userAgent,
    send,
    /** @param {(event: {method: string, params: any, sessionId?: string}) => void} listener */
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      const exited = child.exitCode !== null ? Promise.resolve() : new Promise((resolve) => child.once("exit", resolve));
      await send("Browser.close").catch(() => {});
      const stuck = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(stuck);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
