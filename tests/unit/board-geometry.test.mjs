// The board's geometry: how the engine numbers holes (www/board/holes.js) and where the board
// draws them (www/board/board.js's layouts). What a player relies on: every hole has a tap target
// of its own around it, South's row is theirs at the bottom (North's when the board is seen from
// North), sowing runs counterclockwise, and the board fits the room it is given.

import { test } from "node:test";
import assert from "node:assert/strict";
import { HOLES, ROW, holeIndex, numberOf, reserveIndex, rowOf, sideOf } from "../../www/board/holes.js";
import { MIN_BOARD_WIDTH, fitBoard, layoutBoard, layoutPortrait, turnAround } from "../../www/board/board.js";

test("holes are numbered as the engine's track: South's 1–7 then North's 1–7, each from its owner's left", () => {
  assert.equal(HOLES, 14);
  assert.equal(ROW, 7);
  assert.deepEqual(rowOf("south"), [0, 1, 2, 3, 4, 5, 6]);
  assert.deepEqual(rowOf("north"), [7, 8, 9, 10, 11, 12, 13]);
  for (let hole = 0; hole < HOLES; hole++) {
    assert.equal(holeIndex(sideOf(hole), numberOf(hole)), hole, `hole ${hole} and back`);
    assert.ok(numberOf(hole) >= 1 && numberOf(hole) <= 7);
  }
  assert.equal(sideOf(6), "south");
  assert.equal(sideOf(7), "north");
  assert.equal(reserveIndex("south"), 0);
  assert.equal(reserveIndex("north"), 1);
});

/** Whether two boxes overlap (more than along an edge, give or take rounding). */
const E = 1e-6;
const overlap = (a, b) => a.x < b.x + b.w - E && b.x < a.x + a.w - E && a.y < b.y + b.h - E && b.y < a.y + a.h - E;
const inside = (point, box) => point.x >= box.x && point.x <= box.x + box.w && point.y >= box.y && point.y <= box.y + box.h;

/** What every layout must hold, whatever its shape: each hole tappable in a cell of its own, all on the board. */
function assertPlayable(layout, what) {
  assert.equal(layout.holes.length, HOLES, what);
  layout.holes.forEach((hole, index) => {
    assert.equal(hole.index, index, `${what}: holes by track index`);
    assert.equal(hole.owner, sideOf(index));
    assert.equal(hole.label, numberOf(index));
    assert.ok(inside(hole, hole.cell), `${what}: hole ${index}'s centre is in its own cell`);
    assert.ok(hole.r > 0 && hole.r * 2 <= Math.min(hole.cell.w, hole.cell.h) + 1e-9, `${what}: hole ${index} fits its cell`);
    for (const point of [hole, hole.numberAt]) {
      assert.ok(point.x >= 0 && point.x <= layout.width && point.y >= 0 && point.y <= layout.height, `${what}: hole ${index} on the board`);
    }
  });
  for (let a = 0; a < HOLES; a++) {
    for (let b = a + 1; b < HOLES; b++) {
      assert.ok(!overlap(layout.holes[a].cell, layout.holes[b].cell), `${what}: the cells of holes ${a} and ${b} overlap`);
    }
  }
  for (const side of ["south", "north"]) {
    const box = layout.reserves[side];
    assert.ok(box.x >= 0 && box.y >= 0 && box.x + box.w <= layout.width + 1e-9 && box.y + box.h <= layout.height + 1e-9,
      `${what}: ${side}'s reserve on the board`);
  }
}

/** The angle of a point around the board's centre, counterclockwise on the screen (y down). */
const angleOf = (layout, { x, y }) => Math.atan2(-(y - layout.height / 2), x - layout.width / 2);

/** Whether walking the track 0 → 13 → 0 turns counterclockwise on the screen, once round. */
function turnsCounterclockwise(layout) {
  let total = 0;
  for (let i = 0; i < HOLES; i++) {
    let step = angleOf(layout, layout.holes[(i + 1) % HOLES]) - angleOf(layout, layout.holes[i]);
    if (step > Math.PI) step -= 2 * Math.PI;
    if (step < -Math.PI) step += 2 * Math.PI;
    total += step;
  }
  return Math.abs(total - 2 * Math.PI) < 1e-6;
}

test("the long board: South's row along the bottom, from its left, sowing counterclockwise", () => {
  for (const width of [MIN_BOARD_WIDTH, 320, 700, 1400]) {
    const layout = layoutBoard(width);
    assertPlayable(layout, `long board ${width} px`);
    assert.equal(layout.portrait, false);
    assert.equal(layout.width, width);
    const [south1, north1] = [layout.holes[holeIndex("south", 1)], layout.holes[holeIndex("north", 1)]];
    assert.ok(south1.y > north1.y, "South's row below North's");
    assert.ok(layout.holes[holeIndex("south", 7)].x > south1.x, "South's holes run left to right");
    assert.ok(north1.x > layout.holes[holeIndex("north", 7)].x, "North's run right to left, from North's own left");
    assert.ok(layout.reserves.south.x > layout.reserves.north.x, "South's reserve at the right end, North's at the left");
    assert.ok(turnsCounterclockwise(layout), `${width} px: counterclockwise`);
  }
});

test("the board turned a quarter: South's row up the right-hand side, still counterclockwise", () => {
  for (const u of [10, 40, 90]) {
    const layout = layoutPortrait(u);
    assertPlayable(layout, `upright board, holes ${u} px apart`);
    assert.equal(layout.portrait, true);
    const south = rowOf("south").map((i) => layout.holes[i]);
    assert.ok(south.every((hole) => hole.x > layout.width / 2), "South's row on the right");
    assert.ok(south[6].y < south[0].y, "South's hole 1 at the bottom, near a right thumb");
    assert.ok(layout.reserves.south.y < layout.reserves.north.y, "South's reserve at the top");
    assert.ok(turnsCounterclockwise(layout));
  }
});

test("seen from North, every place turns half round and North's row comes to the bottom", () => {
  for (const layout of [layoutBoard(700), layoutPortrait(50)]) {
    const turned = turnAround(layout);
    assert.equal(turned.flipped, true);
    assertPlayable(turned, "the board seen from North");
    assert.ok(turnsCounterclockwise(turned), "half a turn keeps the sowing counterclockwise");
    const north1 = turned.holes[holeIndex("north", 1)];
    const south1 = turned.holes[holeIndex("south", 1)];
    if (!layout.portrait) assert.ok(north1.y > south1.y, "North's row at the bottom");
    // Turned twice, it is the board as it was.
    const back = turnAround(turned);
    layout.holes.forEach((hole, i) => {
      assert.ok(Math.abs(back.holes[i].x - hole.x) < 1e-9 && Math.abs(back.holes[i].y - hole.y) < 1e-9);
      assert.deepEqual(Object.keys(back.holes[i].cell), ["x", "y", "w", "h"]);
    });
    for (const side of ["south", "north"]) {
      const [a, b] = [layout.reserves[side], back.reserves[side]];
      assert.ok(Math.abs(a.x - b.x) < 1e-9 && Math.abs(a.y - b.y) < 1e-9 && a.w === b.w && a.h === b.h);
    }
  }
});

test("the board fits the room given it: long in a wide box, turned in a tall one", () => {
  const boxes = [[1200, 600], [700, 400], [360, 700], [390, 844], [200, 150], [800, 2000]];
  for (const [width, height] of boxes) {
    const layout = fitBoard(width, height);
    assertPlayable(layout, `fitted to ${width}×${height}`);
    assert.ok(layout.width <= width && layout.height <= height, `${width}×${height}: the board (${layout.width}×${layout.height}) fits`);
  }
  assert.equal(fitBoard(1200, 600).portrait, false, "a wide box takes the long board");
  assert.equal(fitBoard(390, 844).portrait, true, "a phone held upright takes the board turned a quarter");
  // The bigger the room, the bigger the holes.
  assert.ok(fitBoard(1200, 600).u > fitBoard(700, 400).u);
  // And as big as fits: a pixel more width for the long board, or a hundredth of a pixel more
  // between the turned board's holes, would not.
  for (let width = 120; width <= 1400; width += 7) {
    for (const height of [90, 150, 233, 400, 701, 1200]) {
      const layout = fitBoard(width, height);
      assert.ok(layout.width <= width && layout.height <= height, `${width}×${height}`);
      if (layout.portrait) {
        const bigger = layoutPortrait(layout.u + 0.01);
        assert.ok(bigger.width > width || bigger.height > height, `${width}×${height}: the turned board is as big as fits`);
      } else if (layout.width < width) {
        assert.ok(layoutBoard(layout.width + 1).height > height, `${width}×${height}: the long board is as big as fits`);
      }
    }
  }
});
