// Positions set up by hand: the editor checks them with the engine, a game goes on from them, and
// they travel in links and saved games like any other game. On a phone they are tapped in: a tap
// on a hole adds a seed, its − or a hold takes one, and the rest goes into a reserve at a tap.
import {
  test, expect, openPage, readBoard, playMove, savedGame, expectMatchesEngine, seedSavedGame, UNREADABLE_KEY,
  phonePage, ARTIFACTS, hold, closeDialog, pageTimePasses, pause, settled, budget, tap,
} from "./helpers.mjs";
import { LANGUAGES } from "../../www/i18n/index.js";

const TABLES = Object.fromEntries(
  await Promise.all(LANGUAGES.map(async ({ code }) => [code, (await import(`../../www/i18n/${code}.js`)).default])),
);

/** The message `key` of language `code` with `params` filled in (a side is named in that language). */
function words(code, key, params = {}) {
  const table = TABLES[code];
  return table[key].replace(/\{(\w+)\}/g, (whole, name) => {
    const value = params[name];
    if (value === "south" || value === "north") return table[`side.${value}`];
    return value === undefined ? whole : String(value);
  });
}

// South to move; South's hole 7 (7 seeds) relays round and ends in a capture.
const NECKLACE = {
  board: [0, 0, 3, 0, 1, 0, 7, 2, 0, 0, 1, 0, 0, 5],
  reserves: [20, 17],
  to_move: "south",
};
const BOARD_PARAM = NECKLACE.board.join(".");

async function openEditor(page) {
  await page.click("#new-game");
  await page.click("#new-game-position");
  await expect(page.locator("#position-dialog")).toBeVisible();
}

/**
 * Plays the position in the editor (`how` presses its Play button) and waits until its game is on
 * the board: the editor hands it over as it closes, and the board shows the game it replaces until then.
 */
async function playPosition(page, { board }, how = () => page.click("#position-play"), expected = {}) {
  await closeDialog(page, "position-dialog", how);
  await expect(page.locator("#position-dialog")).toBeHidden();
  await settled(page, { board: board.join(","), record: "", ...expected });
}

async function typePosition(page, { board, reserves, to_move: toMove }) {
  for (const [hole, seeds] of board.entries()) await page.fill(`#position-dialog input[data-hole="${hole}"]`, String(seeds));
  await page.fill("#position-reserve-south", String(reserves[0]));
  await page.fill("#position-reserve-north", String(reserves[1]));
  await page.check(`#position-dialog input[name=turn][value=${toMove}]`);
}

test("a position typed into the editor is played on, saved, and shared as a link", async ({ page, browser, baseURL }) => {
  await openPage(page);
  await openEditor(page);
  // The editor starts from the board shown, the opening here.
  await expect(page.locator('#position-dialog input[data-hole="3"]')).toHaveValue("4");
  await typePosition(page, NECKLACE);
  await expect(page.locator("#position-said")).toHaveText("56 seeds in all: South to move.");
  await playPosition(page, NECKLACE);

  const shown = await readBoard(page);
  expect(shown.board).toEqual(NECKLACE.board);
  expect(shown.reserves).toEqual(NECKLACE.reserves);
  expect(shown.to_move).toBe("south");
  await playMove(page, 7, "digit");
  const after = await readBoard(page);
  expect(after.record).toBe("7");
  expect((await savedGame(page)).start.board).toEqual(NECKLACE.board);

  // A reload restores the game from its position, not from the opening.
  await page.reload();
  await settled(page, { record: "7" });
  expect(await readBoard(page)).toMatchObject({ board: after.board, record: "7" });

  // The whole game (position and move) and the bare position both travel by link.
  await page.click("#share");
  await expect(page.locator("#share-dialog")).toBeVisible();
  const gameLink = await page.inputValue("#share-link");
  expect(gameLink).toContain(`board=${BOARD_PARAM}`);
  expect(gameLink).toContain("moves=7");
  await page.check("#share-position-only");
  const positionLink = await page.inputValue("#share-link");
  expect(positionLink).toContain(`board=${after.board.join(".")}`);
  expect(positionLink).not.toContain("moves=");
  await page.click("#share-dialog button[type=submit]");

  const other = await browser.newContext({ baseURL });
  const friend = await other.newPage();
  await friend.goto(gameLink);
  await settled(friend, { record: "7" });
  expect(await readBoard(friend)).toMatchObject({ board: after.board, reserves: after.reserves, record: "7" });
  // Undo goes back to the position the game began from, never to the opening.
  await friend.click("#undo");
  await settled(friend, { record: "" });
  expect(await readBoard(friend)).toMatchObject({ board: NECKLACE.board, record: "" });
  await friend.goto("about:blank");
  await friend.goto(positionLink);
  await settled(friend, { record: "" });
  expect(await readBoard(friend)).toMatchObject({ board: after.board, reserves: after.reserves, record: "" });
  await other.close();
});

test("a position of Parker's rules is set up with its direction, played by them, and shared with it", async ({ page }) => {
  await openPage(page);
  await page.click("#new-game");
  await page.check('#new-game-dialog input[name="rules"][value="parker-walak"]');
  await page.click("#new-game-position");
  await expect(page.locator("#position-dialog")).toBeVisible();
  // Today's game is shown: no direction of its own to keep, so the next move would choose it.
  await expect(page.locator("#position-direction")).toBeVisible();
  await expect(page.locator('#position-direction input[value=""]')).toBeChecked();
  await typePosition(page, NECKLACE);
  await page.check('#position-direction input[value="-"]');
  await expect(page.locator("#position-said")).toHaveText("56 seeds in all: South to move.");
  await playPosition(page, NECKLACE, undefined, { rules: "parker-walak", direction: "-" });
  // Hole 7 is sown clockwise, by Parker's rules: the board is the engine's for that, not for the
  // other way round.
  await playMove(page, 7, "digit");
  await settled(page, { rules: "parker-walak", record: "7" });
  const after = (direction) => page.evaluate(([position, direction]) => {
    const game = window.wasmBindings.Game.fromPosition({ ...position, rules: "parker-walak", direction }, "7");
    try {
      return game.state().board.join(",");
    } finally {
      game.free();
    }
  }, [NECKLACE, direction]);
  const clockwise = await after("-");
  expect(clockwise).not.toBe(await after("+"));
  await expect(page.locator("#board")).toHaveAttribute("data-board", clockwise);
  const saved = await savedGame(page);
  expect(saved.start).toMatchObject({ board: NECKLACE.board, direction: "-" });
  expect(saved.options.rules).toBe("parker-walak");
  await page.click("#share");
  // The link is written once the dialog has opened.
  await expect(page.locator("#share-link")).toHaveValue(/direction=-.*rules=parker-walak/);
  await page.click("#share-dialog button[type=submit]");
  // Back to today's rules, the choice of a direction is gone; a bad direction in a link is said.
  await page.click("#new-game");
  await page.check('#new-game-dialog input[name="rules"][value="mancala-world"]');
  await page.click("#new-game-position");
  await expect(page.locator("#position-direction")).toBeHidden();
  await page.keyboard.press("Escape");
  // A fresh load: a hash-only change while the page still writes its own address can be aborted.
  await page.goto("about:blank");
  await page.goto(`./#walak=1&board=${BOARD_PARAM}&reserves=20.17&turn=south&direction=x&rules=parker-walak`);
  await expect(page.locator("#notice-text")).toContainText('its direction "x" is not + or - of a position by Parker\'s rules');
});

test("the editor refuses an impossible position and says why", async ({ page }) => {
  await openPage(page);
  await openEditor(page);
  await page.fill('#position-dialog input[data-hole="0"]', "5");
  await expect(page.locator("#position-said")).toHaveText(/cannot be played: the board and reserves hold 57 seeds, but a game has exactly 56/);
  await expect(page.locator("#position-play")).toBeDisabled();
  await page.click("#position-clear");
  await expect(page.locator("#position-said")).toHaveText(/cannot be played/);
  await page.click("#position-opening");
  await expect(page.locator("#position-said")).toHaveText("56 seeds in all: South to move.");
  await page.fill("#position-reserve-north", "");
  await expect(page.locator("#position-said")).toHaveText(/every hole and reserve needs a number/);
  // Cancel keeps the game as it was.
  await closeDialog(page, "position-dialog", () => page.click('#position-dialog button[value="cancel"]'));
  await settled(page);
  expect((await readBoard(page)).board).toEqual(Array(14).fill(4));
});

test("the computer plays from a position set up by hand", async ({ page }) => {
  await openPage(page, "?mode=computer&side=north&level=beginner&speed=instant");
  await openEditor(page);
  await typePosition(page, NECKLACE);
  await closeDialog(page, "position-dialog", () => page.click("#position-play"));
  // The computer is South and moves first; it can only move from this position.
  await settled(page, { moves: 1, person: "north" });
  expect((await readBoard(page)).record).toHaveLength(1);
  await expectMatchesEngine(page, { person: "north", start: NECKLACE });
});

const BAD_POSITION_LINKS = [
  [`#walak=1&board=4.4.4&turn=south`, /its board must list the seeds of 14 holes/],
  [`#walak=1&board=${BOARD_PARAM}`, /its "turn" must be south or north/],
  [`#walak=1&board=${BOARD_PARAM}&reserves=20&turn=south`, /its reserves must be two numbers/],
  [`#walak=1&board=${BOARD_PARAM}&reserves=20.18&turn=south`, /describes a position that cannot be played: the board and reserves hold 57 seeds/],
  [`#walak=1&turn=north`, /has turn but no board/],
  [`#walak=1&board=${BOARD_PARAM}&reserves=20.17&turn=south&round=2`, /not played in rounds/],
  [`#walak=1&board=${BOARD_PARAM}&reserves=20.17&turn=south&moves=1`, /move 1 of the record is illegal/],
];

test("a bad position link says what is wrong and keeps the saved game", async ({ page }) => {
  await openPage(page);
  await playMove(page, 3, "digit");
  for (const [hash, message] of BAD_POSITION_LINKS) {
    await page.goto("about:blank");
    await page.goto(`./${hash}`);
    await settled(page, { record: "3" });
    await expect(page.locator("#notice-text"), hash).toHaveText(message);
    expect((await readBoard(page)).record, hash).toBe("3");
    expect((await savedGame(page)).record, hash).toBe("3");
  }
});

// Positions the engine refuses, one of each kind a link can carry, each opened in another language.
const UNPLAYABLE_POSITIONS = [
  ["sl", `board=${BOARD_PARAM}&reserves=20.18&turn=south`, "cause.seedCount", { found: 57 }],
  ["si", "board=4.4.4.4.4.4.0.4.4.4.4.4.4.4&reserves=4.0&turn=south&rounds=1&inplay=11111101111111", "cause.outOfPlayInFirstRound", {}],
  ["ur", "board=4.4.4.4.4.4.4.4.4.4.4.4.4.0&reserves=4.0&turn=south&rounds=1&round=2&inplay=11111101111111", "cause.seedsOutOfPlay", { side: "south", hole: 7 }],
  ["ml", "board=4.4.4.4.4.4.4.4.4.4.4.4.4.4&reserves=0.0&turn=north&rounds=1&round=3&inplay=11111111111110", "cause.seedsOutOfPlay", { side: "north", hole: 7 }],
  ["th", "board=4.0.4.4.4.4.4.4.4.4.4.4.4.4&reserves=4.0&turn=south&rounds=1&round=2&inplay=10111111111111", "cause.inPlayNotFromLeft", { side: "south" }],
  ["pa", "board=4.4.4.4.4.4.4.0.0.0.0.0.0.0&reserves=0.28&turn=south&rounds=1&round=2&inplay=11111110000000", "cause.noHoleInPlay", { side: "north" }],
];

test("a link with an impossible position is refused in the page's language, with no English left, and loses nothing", async ({ page }) => {
  await openPage(page);
  await playMove(page, 3, "digit");
  for (const [code, parts, cause, params] of UNPLAYABLE_POSITIONS) {
    await page.goto("about:blank");
    await page.goto(`./?lang=${code}#walak=1&${parts}`);
    await settled(page, { record: "3" });
    await expect(page.locator("html"), parts).toHaveAttribute("lang", code);
    const reason = words(code, "link.unplayablePosition", { reason: words(code, cause, params) });
    await expect(page.locator("#notice-text"), parts).toHaveText(words(code, "notice.badLink", { reason }));
    await expect(page.locator("#notice-text"), parts).not.toContainText(words("en", cause, params));
    expect((await readBoard(page)).record, parts).toBe("3");
    expect((await savedGame(page)).record, parts).toBe("3");
  }
});

test("a saved game from an impossible position is explained in the page's language and kept aside", async ({ page }) => {
  // A single game cannot be in round 3: only a saved game can say so (a link's round needs rounds).
  const value = JSON.stringify({
    version: 1, options: { rounds: false, first: "south" }, mode: "two", side: "south", record: "", redo: "",
    start: { board: Array(14).fill(4), reserves: [0, 0], to_move: "south", round: 3 },
  });
  await seedSavedGame(page, value);
  await page.goto("./?lang=si&speed=instant");
  await expect(page.locator("#notice")).toBeVisible();
  const reason = words("si", "saved.refused", { reason: words("si", "cause.roundInSingleGame", { round: 3 }) });
  await expect(page.locator("#notice-text")).toContainText(words("si", "notice.unreadable", { reason }));
  await expect(page.locator("#notice-text")).not.toContainText("single game");
  expect(await page.evaluate((key) => localStorage.getItem(key), UNREADABLE_KEY)).toBe(value);
});

test("the editor says in the page's language why a position cannot be played", async ({ page }) => {
  await openPage(page, "?lang=si&mode=two&speed=instant");
  await openEditor(page);
  await page.fill('#position-dialog input[data-hole="0"]', "5");
  const refused = words("si", "position.refused", { reason: words("si", "cause.seedCount", { found: 57 }) });
  await expect(page.locator("#position-said")).toHaveText(refused);
  await expect(page.locator("#position-said")).not.toContainText("seeds");
  await expect(page.locator("#position-play")).toBeDisabled();
});

test("the editor's rows are named on screen by side and numbered from each side's left, on a phone and in Urdu", async ({ page }) => {
  for (const { code, viewport } of [
    { code: "en", viewport: { width: 1280, height: 800 } },
    { code: "ur", viewport: { width: 390, height: 844 } },
  ]) {
    await page.setViewportSize(viewport);
    await openPage(page, `?lang=${code}&mode=two&speed=instant`);
    await openEditor(page);
    const north = page.locator("#position-north-caption");
    const south = page.locator("#position-south-caption");
    await expect(north).toBeVisible();
    await expect(south).toBeVisible();
    await expect(north).toHaveText(words(code, "position.northRow"));
    await expect(south).toHaveText(words(code, "position.southRow"));
    await expect(north).toContainText(TABLES[code]["side.north"]);
    await expect(south).toContainText(TABLES[code]["side.south"]);
    // The captions name the rows for a screen reader too.
    await expect(page.locator("#position-north")).toHaveAccessibleName(words(code, "position.northRow"));
    await expect(page.locator("#position-south")).toHaveAccessibleName(words(code, "position.southRow"));

    // As on the board, whatever the language: North's caption, its numbers 7 … 1 and its row on
    // top; South's row, its numbers 1 … 7 and its caption below; each number over or under its hole.
    const layout = await page.evaluate(() => {
      const box = (el) => el.getBoundingClientRect().toJSON();
      const dialog = document.getElementById("position-dialog").getBoundingClientRect();
      const line = (id) => [...document.getElementById(id).children].map((el) => ({ text: el.textContent, ...box(el) }));
      return {
        dialog: { left: dialog.left, right: dialog.right },
        captions: ["position-north-caption", "position-south-caption"].map((id) => box(document.getElementById(id))),
        northNumbers: line("position-north-numbers"),
        northHoles: line("position-north"),
        southHoles: line("position-south"),
        southNumbers: line("position-south-numbers"),
      };
    });
    const { captions, northNumbers, northHoles, southHoles, southNumbers } = layout;
    expect(northNumbers.map((n) => n.text)).toEqual(["7", "6", "5", "4", "3", "2", "1"]);
    expect(southNumbers.map((n) => n.text)).toEqual(["1", "2", "3", "4", "5", "6", "7"]);
    const centre = (b) => b.x + b.width / 2;
    for (const [numbers, holes] of [[northNumbers, northHoles], [southNumbers, southHoles]]) {
      numbers.forEach((n, i) => expect(Math.abs(centre(n) - centre(holes[i])), `number ${n.text} over its hole`).toBeLessThan(2));
    }
    expect(captions[0].bottom).toBeLessThanOrEqual(northNumbers[0].top + 1);
    expect(northNumbers[0].bottom).toBeLessThanOrEqual(northHoles[0].top + 1);
    expect(northHoles[0].bottom).toBeLessThanOrEqual(southHoles[0].top);
    expect(southHoles[0].bottom).toBeLessThanOrEqual(southNumbers[0].top + 1);
    expect(southNumbers[0].bottom).toBeLessThanOrEqual(captions[1].top + 1);
    // Nothing sticks out of the dialog, on a phone either.
    for (const b of [...captions, ...northHoles, ...southHoles]) {
      expect(b.left).toBeGreaterThanOrEqual(layout.dialog.left);
      expect(b.right).toBeLessThanOrEqual(layout.dialog.right);
    }
    await page.click('#position-dialog button[value="cancel"]');
  }
});

// ── Setting a position up by tapping ────────────────────────────────────────────────────────────

/** The editor's tap buttons, found by their spoken names in English. */
const addButton = (page, side, hole) =>
  page.getByRole("button", { name: hole ? `Add a seed to ${side}'s hole ${hole}` : `Add a seed to ${side}'s reserve`, exact: true });
const takeButton = (page, side, hole) =>
  page.getByRole("button", { name: hole ? `Take a seed from ${side}'s hole ${hole}` : `Take a seed from ${side}'s reserve`, exact: true });
const holeField = (page, index) => page.locator(`#position-dialog input[data-hole="${index}"]`);

/** Taps `locator` `times` times. */
async function tapTimes(locator, times) {
  for (let i = 0; i < times; i++) await tap(locator);
}


test("a position tapped in on a phone is the one played", async ({ browser }) => {
  const { context, page, errors } = await phonePage(browser, [360, 640]);
  await openPage(page);
  await openEditor(page);
  await page.locator("#position-clear").tap();
  // The necklace position, seed by seed: each tap on a hole adds one.
  for (const [index, seeds] of NECKLACE.board.entries()) {
    await tapTimes(addButton(page, index < 7 ? "South" : "North", (index % 7) + 1), seeds);
  }
  await tapTimes(addButton(page, "North"), NECKLACE.reserves[1]);
  expect(await page.locator("#position-dialog input.position-hole").evaluateAll((inputs) =>
    inputs.map((input) => [Number(input.dataset.hole), Number(input.value)]).sort((a, b) => a[0] - b[0]).map(([, n]) => n),
  )).toEqual(NECKLACE.board);
  await expect(page.locator("#position-reserve-north")).toHaveValue(String(NECKLACE.reserves[1]));
  await expect(page.locator("#position-said")).toContainText("36 seeds, but a game has exactly 56");
  await expect(page.locator("#position-play")).toBeDisabled();
  // The seeds still missing go into South's reserve.
  await page.locator("#position-rest-south").tap();
  await expect(page.locator("#position-reserve-south")).toHaveValue(String(NECKLACE.reserves[0]));
  await expect(page.locator("#position-said")).toHaveText("56 seeds in all: South to move.");
  await expect(page.locator("#position-rest-south")).toBeDisabled();
  await expect(page.locator("#position-rest-north")).toBeDisabled();
  await playPosition(page, NECKLACE, () => page.locator("#position-play").tap());
  expect(await readBoard(page)).toMatchObject({ board: NECKLACE.board, reserves: NECKLACE.reserves, to_move: "south", record: "" });
  await playMove(page, 7);
  await expectMatchesEngine(page, { start: NECKLACE });
  expect(errors).toEqual([]);
  await context.close();
});

test("a seed is taken away by a hole's − or by holding the hole, never added by the hold", async ({ browser }) => {
  const { context, page, errors } = await phonePage(browser, [390, 844]);
  await openPage(page);
  await openEditor(page);
  const north2 = holeField(page, 8);
  await expect(north2).toHaveValue("4");
  await tap(takeButton(page, "North", 2));
  await expect(north2).toHaveValue("3");
  await hold(page, addButton(page, "North", 2), 700);
  await expect(north2).toHaveValue("2");
  // Deliberately a moment of nothing: the click that ends a hold would have added a seed by now.
  await pause(page, 200);
  await expect(north2, "the finger lifted after a hold adds nothing").toHaveValue("2");
  // A short touch still adds.
  await tap(addButton(page, "North", 2));
  await expect(north2).toHaveValue("3");
  await tapTimes(takeButton(page, "North", 2), 3);
  await expect(north2).toHaveValue("0");
  // At 0 the − is off, and a hold leaves the hole empty.
  await expect(takeButton(page, "North", 2)).toBeDisabled();
  await hold(page, addButton(page, "North", 2), 700);
  await expect(north2).toHaveValue("0");
  // A reserve's − and hold take from it as well.
  await tapTimes(addButton(page, "South"), 3);
  await tap(takeButton(page, "South"));
  await hold(page, addButton(page, "South"), 700);
  await expect(page.locator("#position-reserve-south")).toHaveValue("1");
  await expect(page.locator("#position-said")).toContainText("53 seeds");
  await page.locator("#position-rest-north").tap();
  await expect(page.locator("#position-reserve-north")).toHaveValue("3");
  const board = [...Array(14).fill(4)];
  board[8] = 0;
  await playPosition(page, { board }, () => page.locator("#position-play").tap());
  expect(await readBoard(page)).toMatchObject({ board, reserves: [1, 3], to_move: "south" });
  expect(errors).toEqual([]);
  await context.close();
});

test("with a mouse a click adds a seed and a long press takes one; keys keep the number fields", async ({ page }) => {
  await openPage(page);
  await openEditor(page);
  const south3 = holeField(page, 2);
  await addButton(page, "South", 3).click();
  await expect(south3).toHaveValue("5");
  await expect(page.locator("#position-said")).toHaveText(/57 seeds, but a game has exactly 56/);
  // Too many seeds: nothing is missing, so nothing can be put into a reserve.
  await expect(page.locator("#position-rest-south")).toBeDisabled();
  await expect(page.locator("#position-rest-north")).toBeDisabled();
  await expect(page.locator("#position-play")).toBeDisabled();
  const box = await addButton(page, "South", 3).boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await pageTimePasses(page, 700);
  await page.mouse.up();
  await expect(south3).toHaveValue("4");
  await page.mouse.down();
  await pageTimePasses(page, 700);
  await page.mouse.up();
  await expect(south3).toHaveValue("3");
  await expect(page.locator("#position-rest-north")).toBeEnabled();
  await page.click("#position-rest-north");
  await expect(page.locator("#position-reserve-north")).toHaveValue("1");
  // Tab goes from number field to number field (the tap buttons are for pointers and screen
  // readers); the arrows count, typing still works.
  await south3.focus();
  await page.keyboard.press("Tab");
  await expect(holeField(page, 3)).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(holeField(page, 3)).toHaveValue("5");
  await page.keyboard.press("Shift+Tab");
  await expect(south3).toBeFocused();
  await page.fill('#position-dialog input[data-hole="2"]', "2");
  await expect(page.locator("#position-said")).toHaveText("56 seeds in all: South to move.");
  // "Four in every hole" sets the opening again.
  await page.click("#position-opening");
  await expect(page.locator("#position-opening")).toHaveText("Four in every hole");
  for (let index = 0; index < 14; index++) await expect(holeField(page, index)).toHaveValue("4");
  await expect(page.locator("#position-reserve-north")).toHaveValue("0");
  await expect(page.locator("#position-said")).toHaveText("56 seeds in all: South to move.");
  await playPosition(page, { board: Array(14).fill(4) });
  expect(await readBoard(page)).toMatchObject({ board: Array(14).fill(4), reserves: [0, 0], record: "" });
});

test("the tap buttons are named in the page's language, and the number fields still are", async ({ page }) => {
  for (const code of ["ur", "th", "sl"]) {
    await openPage(page, `?lang=${code}&mode=two&speed=instant`);
    await openEditor(page);
    const name = (key, side, hole) => words(code, key, { side, hole });
    await expect(page.getByRole("button", { name: name("position.addHole", "south", 3), exact: true })).toHaveCount(1);
    await expect(page.getByRole("button", { name: name("position.takeHole", "north", 7), exact: true })).toHaveCount(1);
    await expect(page.getByRole("button", { name: name("position.addReserve", "north"), exact: true })).toHaveCount(1);
    await expect(page.getByRole("button", { name: name("position.takeReserve", "south"), exact: true })).toHaveCount(1);
    await expect(page.getByRole("spinbutton", { name: name("position.hole", "south", 3), exact: true })).toHaveValue("4");
    await expect(page.locator("#position-reserve-north")).toHaveAccessibleName(words(code, "position.northReserve"));
    await expect(page.locator("#position-rest-south")).toHaveText(words(code, "position.restSouth"));
    await expect(page.locator("#position-rest-north")).toHaveText(words(code, "position.restNorth"));
    await expect(page.locator("#position-opening")).toHaveText(words(code, "position.opening"));
    // A tap on a named button counts, in any language.
    await page.getByRole("button", { name: name("position.addHole", "south", 3), exact: true }).click();
    await expect(holeField(page, 2)).toHaveValue("5");
    await page.click('#position-dialog button[value="cancel"]');
  }
});

/** How the editor sits in the window, and the sizes of its tap targets. */
function measureEditor(page) {
  return page.evaluate(() => {
    const dialog = document.getElementById("position-dialog");
    const rects = (selector) => [...dialog.querySelectorAll(selector)].map((el) => el.getBoundingClientRect().toJSON());
    return {
      page: document.documentElement.scrollWidth,
      dialog: [dialog.scrollWidth, dialog.clientWidth],
      adds: rects(".position-add"),
      takes: rects(".position-take"),
      rests: rects(".position-rest"),
    };
  });
}

test("the tap editor fits a phone, with big enough targets, in English, Urdu and Thai", async ({ browser, page: desktop }) => {
  test.setTimeout(budget(90_000));
  await desktop.setViewportSize({ width: 1280, height: 800 });
  const phones = await Promise.all([[360, 640], [390, 844]].map((size) => phonePage(browser, size)));
  const pages = [["desktop", desktop], ["phone-360", phones[0].page], ["phone-390", phones[1].page]];
  for (const [name, page] of pages) {
    const { width } = page.viewportSize();
    for (const code of ["en", "ur", "th"]) {
      await openPage(page, `?lang=${code}&mode=two&speed=instant`);
      await openEditor(page);
      const m = await measureEditor(page);
      const label = `${code} ${name}`;
      expect(m.page, `${label}: no sideways scrolling`).toBeLessThanOrEqual(width);
      expect(m.dialog[0], `${label}: nothing sticks out of the editor`).toBeLessThanOrEqual(m.dialog[1]);
      expect(m.adds).toHaveLength(16);
      expect(m.takes).toHaveLength(16);
      for (const r of m.adds) expect(Math.min(r.width, r.height), `${label}: a hole's tap target`).toBeGreaterThanOrEqual(44);
      for (const r of m.takes) {
        expect(r.width, `${label}: a −'s width`).toBeGreaterThanOrEqual(44);
        expect(r.height, `${label}: a −'s height`).toBeGreaterThanOrEqual(40);
      }
      for (const r of m.rests) expect(r.height, `${label}: a Rest button`).toBeGreaterThanOrEqual(44);
      // Screenshots of the editor's top and foot, but not at 360 × 640, measured only.
      if (name !== "phone-360") {
        await page.screenshot({ path: `${ARTIFACTS}position-editor-${code}-${name}.png` });
        await page.locator("#position-dialog").evaluate((dialog) => dialog.scrollTo(0, dialog.scrollHeight));
        await page.screenshot({ path: `${ARTIFACTS}position-editor-${code}-${name}-foot.png` });
      }
      await page.click('#position-dialog button[value="cancel"]');
    }
  }
  for (const { context, errors } of phones) {
    expect(errors).toEqual([]);
    await context.close();
  }
});
