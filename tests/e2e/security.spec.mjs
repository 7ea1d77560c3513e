// Hardening of the page: it ships a strict Content Security Policy and runs under it (every test
// also fails on the console error a violation logs), and a trap in the engine leaves the page
// usable, with the saved game intact.
import { readFileSync } from "node:fs";
import { test, expect, openPage, readBoard, playMove, savedGame, settled, watchErrors } from "./helpers.mjs";

test("the page ships a strict Content Security Policy with no inline script", async ({ browser, baseURL }) => {
  const html = readFileSync("dist/index.html", "utf8");
  expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
  // Its own context: the refusal below logs the console error every other test fails on.
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await openPage(page);
  const policy = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', "content");
  expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(policy).toContain("default-src 'self'");
  expect(policy).not.toContain("unsafe-inline");
  // An inline script smuggled in is refused.
  const refused = await page.evaluate(
    () =>
      new Promise((resolve) => {
        document.addEventListener("securitypolicyviolation", (e) => resolve(e.violatedDirective), { once: true });
        const script = document.createElement("script");
        script.textContent = "window.smuggled = true";
        document.body.append(script);
        setTimeout(() => resolve(null), 2000);
      }),
  );
  expect(refused).toMatch(/^script-src/);
  expect(await page.evaluate(() => window.smuggled ?? false)).toBe(false);
  expect(errors.filter((e) => !/Content Security Policy/.test(e))).toEqual([]);
  await context.close();
});

test("a trap in the engine says so, keeps the saved game, and a reload goes on from it", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await openPage(page);
  await playMove(page, 3, "digit");
  const before = await readBoard(page);
  // What a panic looks like from JavaScript: the wasm call traps.
  await page.evaluate(() => {
    window.wasmBindings.Game.prototype.play = () => {
      throw new WebAssembly.RuntimeError("unreachable");
    };
  });
  await page.keyboard.press(String(before.legal[0]));
  await expect(page.locator("#crash-dialog")).toBeVisible();
  await expect(page.locator("#crash-text")).toContainText("unreachable");
  await page.keyboard.press("Escape");
  await expect(page.locator("#crash-dialog")).toBeVisible();
  expect((await savedGame(page)).record).toBe(before.record);
  await page.click("#crash-reload");
  await settled(page, { record: before.record });
  await playMove(page, (await readBoard(page)).legal[0], "digit");
  // The trap is the only error the page met.
  expect(errors.filter((e) => !/unreachable/.test(e))).toEqual([]);
  await context.close();
});

test("a trap in the computer's engine says so, and the game goes on with a fresh one", async ({ browser, baseURL }) => {
  // No service worker: it would serve the computer's script from its cache, past the route below.
  const context = await browser.newContext({ baseURL, serviceWorkers: "block" });
  const page = await context.newPage();
  const errors = watchErrors(page);
  // The worker's engine traps when it thinks after the record "3", as a panic would: the wasm's
  // exported `thinker_choose` is wrapped before the worker's own script runs.
  const trap = () => {
    let record = null;
    self.addEventListener("message", ({ data }) => {
      if (data?.type === "think") record = data.record;
    });
    const trapping = (result) => {
      // The instance's exports are frozen: the engine gets a copy with one function wrapped.
      const exports = { ...result.instance.exports };
      const choose = exports.thinker_choose;
      exports.thinker_choose = (...args) => {
        if (record === "3") throw new WebAssembly.RuntimeError("unreachable");
        return choose(...args);
      };
      return { instance: { exports }, module: result.module };
    };
    const streaming = WebAssembly.instantiateStreaming;
    WebAssembly.instantiateStreaming = async (...args) => trapping(await streaming(...args));
  };
  await page.route("**/computer-worker-*.js", async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: `(${trap})();\n${await response.text()}` });
  });
  await openPage(page, "?mode=computer&side=south&level=club&speed=instant");
  await playMove(page, 3, "digit");
  await expect(page.locator("#notice")).toContainText("The computer player could not move (unreachable)");
  expect((await savedGame(page)).record).toBe("3");
  // Undo, and another move: the computer answers from a fresh engine.
  await page.click("#undo");
  await settled(page, { record: "", person: "south" });
  await page.keyboard.press("1");
  await settled(page, { moves: 2, person: "south" }, 20_000);
  // The computer moving again ends the notice that it could not.
  await expect(page.locator("#notice")).toBeHidden();
  expect(errors).toEqual([]);
  await context.close();
});
