// Drawing the board on a <canvas>.
//
// Track order (the engine's): holes 0..6 are South's row from South's left to right, drawn on the
// bottom row left to right; holes 7..13 are North's row from North's left, drawn on the top row
// from right to left (hole 7 top-right, hole 13 top-left). Sowing runs counterclockwise.
// North's reserve sits at the left end of the board, South's at the right end.

export const HOLES_PER_ROW = 7;
export const TRACK_LENGTH = 2 * HOLES_PER_ROW;

const COLORS = {
  woodLight: "#6b4226",
  woodDark: "#3b2212",
  woodEdge: "#24140a",
  grain: "rgba(20, 10, 4, 0.18)",
  holeInner: "#140b05",
  holeOuter: "#3a2211",
  holeRim: "rgba(255, 225, 180, 0.10)",
  legalRim: "rgba(255, 206, 120, 0.75)",
  seed: "#c81d25",
  seedShade: "#7a0d12",
  seedShine: "rgba(255, 255, 255, 0.55)",
  count: "#f6e7cf",
  countEmpty: "rgba(246, 231, 207, 0.35)",
  outOfPlay: "rgba(0, 0, 0, 0.55)",
  label: "#3b2a1d",
  labelMuted: "#7a6552",
  turn: "#2b1a0e",
};

/** Board geometry in CSS pixels for a canvas `width` pixels wide. */
export function layoutBoard(width) {
  // Widths in units of one hole: pad, reserve, gap, 7 holes, gap, reserve, pad.
  const u = width / 9.8;
  const labelBand = Math.max(0.42 * u, 18);
  const woodTop = labelBand;
  const woodHeight = 2.55 * u;
  const woodLeft = 0;
  const woodWidth = width;
  const rowGap = 0.15 * u;
  const holeRadius = 0.43 * u;
  const topRowY = woodTop + 0.2 * u + 0.5 * u;
  const bottomRowY = topRowY + u + rowGap;
  const firstHoleX = 0.2 * u + 1.1 * u + 0.1 * u + 0.5 * u;

  const holes = [];
  for (let i = 0; i < TRACK_LENGTH; i++) {
    const south = i < HOLES_PER_ROW;
    const column = south ? i : TRACK_LENGTH - 1 - i; // North's row runs right to left.
    holes.push({
      index: i,
      x: firstHoleX + column * u,
      y: south ? bottomRowY : topRowY,
      r: holeRadius,
      // The hole's number in move notation: 1..7 from its owner's left.
      label: (i % HOLES_PER_ROW) + 1,
      owner: south ? "south" : "north",
    });
  }

  const reserveWidth = 1.0 * u;
  const reserveHeight = 2.0 * u + rowGap;
  const reserveTop = topRowY - 0.5 * u;
  const reserves = {
    north: { x: 0.25 * u, y: reserveTop, w: reserveWidth, h: reserveHeight },
    south: { x: width - 0.25 * u - reserveWidth, y: reserveTop, w: reserveWidth, h: reserveHeight },
  };

  const woodBottom = woodTop + woodHeight;
  const turnY = woodBottom + labelBand + Math.max(0.42 * u, 18);
  const height = Math.ceil(turnY + Math.max(0.25 * u, 10));

  return {
    width, height, u, holes, reserves, labelBand,
    wood: { x: woodLeft, y: woodTop, w: woodWidth, h: woodHeight },
    turnY,
  };
}

/** The track index of the hole at CSS-pixel point (x, y), or -1. For later click handling. */
export function holeAt(layout, x, y) {
  for (const hole of layout.holes) {
    if (Math.hypot(x - hole.x, y - hole.y) <= hole.r) return hole.index;
  }
  return -1;
}

function font(px, weight = 600) {
  return `${weight} ${Math.round(px)}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
}

function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}

function drawWood(ctx, { x, y, w, h }, u) {
  const gradient = ctx.createLinearGradient(0, y, 0, y + h);
  gradient.addColorStop(0, COLORS.woodLight);
  gradient.addColorStop(1, COLORS.woodDark);
  roundRect(ctx, x + 1, y + 1, w - 2, h - 2, 0.3 * u);
  ctx.fillStyle = gradient;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = COLORS.woodEdge;
  ctx.stroke();

  // A few gentle grain lines, the same on every draw.
  ctx.save();
  ctx.clip();
  ctx.strokeStyle = COLORS.grain;
  ctx.lineWidth = Math.max(1, 0.02 * u);
  for (let k = 1; k < 9; k++) {
    const gy = y + (k * h) / 9;
    ctx.beginPath();
    ctx.moveTo(x, gy);
    for (let s = 0; s <= 24; s++) {
      const gx = x + (s * w) / 24;
      ctx.lineTo(gx, gy + Math.sin(s * 0.9 + k * 1.7) * 0.04 * u);
    }
    ctx.stroke();
  }
  ctx.restore();
}

function drawCavity(ctx, path, cx, cy, radius) {
  const gradient = ctx.createRadialGradient(cx, cy - radius * 0.25, radius * 0.1, cx, cy, radius);
  gradient.addColorStop(0, COLORS.holeInner);
  gradient.addColorStop(1, COLORS.holeOuter);
  path();
  ctx.fillStyle = gradient;
  ctx.fill();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = COLORS.holeRim;
  ctx.stroke();
}

function drawSeed(ctx, x, y, r) {
  const gradient = ctx.createRadialGradient(x - r * 0.35, y - r * 0.35, r * 0.1, x, y, r);
  gradient.addColorStop(0, COLORS.seed);
  gradient.addColorStop(1, COLORS.seedShade);
  ctx.beginPath();
  ctx.arc(x, y, r, 0, 2 * Math.PI);
  ctx.fillStyle = gradient;
  ctx.fill();
  ctx.beginPath();
  ctx.arc(x - r * 0.35, y - r * 0.35, r * 0.28, 0, 2 * Math.PI);
  ctx.fillStyle = COLORS.seedShine;
  ctx.fill();
}

// Seeds sit on a ring around the count; beyond `max` the number tells the rest.
function drawSeedRing(ctx, cx, cy, count, ringRadius, seedRadius, max) {
  const shown = Math.min(count, max);
  for (let k = 0; k < shown; k++) {
    const angle = -Math.PI / 2 + (k * 2 * Math.PI) / Math.max(shown, 1) + Math.PI / 4;
    drawSeed(ctx, cx + ringRadius * Math.cos(angle), cy + ringRadius * Math.sin(angle), seedRadius);
  }
}

function drawCount(ctx, x, y, count, px, dim) {
  ctx.font = font(px, 700);
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillStyle = dim ? COLORS.countEmpty : COLORS.count;
  ctx.fillText(String(count), x, y + px * 0.05);
}

function drawHole(ctx, hole, count, { inPlay, legal, u }) {
  drawCavity(ctx, () => {
    ctx.beginPath();
    ctx.arc(hole.x, hole.y, hole.r, 0, 2 * Math.PI);
  }, hole.x, hole.y, hole.r);

  if (!inPlay) {
    // Out of play for this round (match mode): shaded, no count.
    ctx.beginPath();
    ctx.arc(hole.x, hole.y, hole.r, 0, 2 * Math.PI);
    ctx.fillStyle = COLORS.outOfPlay;
    ctx.fill();
    return;
  }
  if (legal) {
    ctx.beginPath();
    ctx.arc(hole.x, hole.y, hole.r - 1, 0, 2 * Math.PI);
    ctx.lineWidth = Math.max(1.5, 0.035 * u);
    ctx.strokeStyle = COLORS.legalRim;
    ctx.stroke();
  }
  drawSeedRing(ctx, hole.x, hole.y, count, 0.29 * u, Math.max(2, 0.07 * u), 12);
  drawCount(ctx, hole.x, hole.y, count, Math.max(11, 0.26 * u), count === 0);
}

function drawReserve(ctx, box, count, u) {
  const r = Math.min(box.w, box.h) / 2;
  drawCavity(ctx, () => roundRect(ctx, box.x, box.y, box.w, box.h, r), box.x + box.w / 2,
    box.y + box.h / 2, Math.max(box.w, box.h) / 2);
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  // A few seeds for the look; the number is the truth.
  const shown = Math.min(count, 10);
  for (let k = 0; k < shown; k++) {
    const col = k % 2;
    const row = Math.floor(k / 2);
    drawSeed(ctx, cx + (col ? 0.18 : -0.18) * u, box.y + 0.28 * u + row * 0.17 * u,
      Math.max(2, 0.07 * u));
  }
  drawCount(ctx, cx, cy + 0.62 * u, count, Math.max(12, 0.32 * u), count === 0);
}

function drawLabels(ctx, layout, toMove) {
  const { u, holes, wood, labelBand } = layout;
  const px = Math.max(10, 0.2 * u);
  ctx.font = font(px, 500);
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillStyle = COLORS.labelMuted;
  for (const hole of holes) {
    const y = hole.owner === "south" ? wood.y + wood.h + labelBand / 2 : labelBand / 2;
    ctx.fillText(String(hole.label), hole.x, y);
  }

  const namePx = Math.max(11, 0.24 * u);
  const nameFor = (player) => (player === toMove ? font(namePx, 700) : font(namePx, 500));
  ctx.fillStyle = COLORS.label;
  ctx.textAlign = "left";
  ctx.font = nameFor("north");
  ctx.fillText("North", layout.reserves.north.x, labelBand / 2);
  ctx.textAlign = "right";
  ctx.font = nameFor("south");
  ctx.fillText("South", layout.reserves.south.x + layout.reserves.south.w,
    wood.y + wood.h + labelBand / 2);
}

/** A short description of the game's situation, e.g. "South to move". */
export function describeTurn(state) {
  const name = (p) => p.charAt(0).toUpperCase() + p.slice(1);
  if (state.status === "game_over") {
    return state.winner === "draw" || !state.winner ? "Game over: a draw" : `Game over: ${name(state.winner)} wins`;
  }
  return `${name(state.to_move)} to move`;
}

/**
 * Draws `state` (the engine's `game.state()`) onto `canvas`, sized to the canvas's CSS width and
 * the device pixel ratio so it stays crisp. Returns the layout used.
 */
export function drawBoard(canvas, state) {
  const cssWidth = Math.max(280, Math.round(canvas.clientWidth || canvas.parentElement.clientWidth));
  const layout = layoutBoard(cssWidth);
  const dpr = window.devicePixelRatio || 1;

  canvas.style.height = `${layout.height}px`;
  const pixelWidth = Math.round(cssWidth * dpr);
  const pixelHeight = Math.round(layout.height * dpr);
  if (canvas.width !== pixelWidth) canvas.width = pixelWidth;
  if (canvas.height !== pixelHeight) canvas.height = pixelHeight;

  const ctx = canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, cssWidth, layout.height);

  drawWood(ctx, layout.wood, layout.u);
  const moverHoles = new Set(
    state.status === "playing"
      ? state.legal.map((n) => (state.to_move === "south" ? n - 1 : HOLES_PER_ROW + n - 1))
      : [],
  );
  for (const hole of layout.holes) {
    drawHole(ctx, hole, state.board[hole.index], {
      inPlay: state.in_play ? state.in_play[hole.index] !== false : true,
      legal: moverHoles.has(hole.index),
      u: layout.u,
    });
  }
  drawReserve(ctx, layout.reserves.north, state.reserves[1], layout.u);
  drawReserve(ctx, layout.reserves.south, state.reserves[0], layout.u);
  drawLabels(ctx, layout, state.status === "playing" ? state.to_move : null);

  ctx.font = font(Math.max(14, 0.3 * layout.u), 700);
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillStyle = COLORS.turn;
  ctx.fillText(describeTurn(state), cssWidth / 2, layout.turnY);

  return layout;
}
