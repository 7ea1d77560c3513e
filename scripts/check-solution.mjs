// Checks the solver's values for consistency beyond the reach of the simple solver in the tests:
// the value of a position must equal the best of its moves' values, where each move's value is
// the negated value of the position after it, solved on its own (a separate `walak solve` process,
// so a fresh table) from its record, with the same history. Run by scripts/check-solution.sh.
//
//   node scripts/check-solution.mjs WALAK [--games N] [--max-seeds S] [RECORD...]
import { execFileSync } from "node:child_process";

const [walak, ...rest] = process.argv.slice(2);
let games = 4;
let maxSeeds = 36;
const records = [];
for (let i = 0; i < rest.length; i++) {
  if (rest[i] === "--games") games = Number(rest[++i]);
  else if (rest[i] === "--max-seeds") maxSeeds = Number(rest[++i]);
  else records.push(rest[i]);
}

const run = (args) => JSON.parse(execFileSync(walak, args, { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }));
const state = (record) => run(["state", record]);
const seedsOf = (s) => s.board.reduce((a, b) => a + b, 0);

// Positions from real play: games between two levels from a few different openings, sampled at
// the first position with at most `maxSeeds` seeds on the board and at a later one.
function sampleFromGames() {
  const levels = ["club", "strong"];
  const found = [];
  for (let g = 0; g < games; g++) {
    let record = String((g % 7) + 1);
    const picked = [];
    for (let ply = 0; ply < 200; ply++) {
      const s = state(record);
      if (s.status !== "playing") break;
      const seeds = seedsOf(s);
      if (seeds <= maxSeeds && (picked.length === 0 || seeds <= seedsOf(state(picked[0])) - 10)) picked.push(record);
      if (picked.length === 2) break;
      const level = levels[(ply + g) % 2];
      const move = run(["bestmove", record, "--level", level, "--seed", String(g + 1)]).move;
      record += String(move);
    }
    found.push(...picked);
  }
  return found;
}

const positions = records.length ? records : ["", ...sampleFromGames()];
let failures = 0;
console.log("| record | seeds | value | best of the moves, each solved alone | nodes | seconds | check |");
console.log("|---|---|---|---|---|---|---|");
for (const record of positions) {
  const parent = run(["solve", ...(record ? [record] : []), "--no-move-values"]);
  const legal = state(record).legal;
  let nodes = parent.nodes;
  let seconds = parent.seconds;
  const values = legal.map((hole) => {
    const child = run(["solve", record + hole, "--no-move-values"]);
    nodes += child.nodes;
    seconds += child.seconds;
    return [hole, -child.value];
  });
  const best = Math.max(...values.map(([, v]) => v));
  const bestMoves = values.filter(([, v]) => v === best).map(([h]) => h);
  const ok = best === parent.value && JSON.stringify(bestMoves) === JSON.stringify(parent.best);
  if (!ok) failures++;
  const shown = values.map(([h, v]) => `${h}:${v}`).join(" ");
  console.log(
    `| \`${record || "(start)"}\` | ${seedsOf(state(record))} | ${parent.value} | ${best} (${shown}) | ${nodes.toLocaleString("en")} | ${seconds.toFixed(1)} | ${ok ? "ok" : "MISMATCH"} |`,
  );
}
console.log(`\n${positions.length - failures} of ${positions.length} positions consistent`);
process.exit(failures ? 1 : 0);
