// End-to-end tests of the built page (dist/) in Debian's headless Chromium.
// Build first: scripts/test.sh does (trunk build --release), or run `trunk build --release`.
// Never run `playwright install`: the browser comes from the system (apt package chromium).
import { defineConfig } from "@playwright/test";
import { availableParallelism, loadavg } from "node:os";

// Another checkout can test side by side on its own port.
const PORT = Number(process.env.WALAK_E2E_PORT || 8099);
// Live play needs the project's own server (`walak serve`, built by the test script's native
// stage): on the next port, used by the live specs alone; every other spec runs against the
// static server, as any static host would serve the page.
const LIVE_PORT = PORT + 1;

// Four tests at a time, each in a fresh context: much of a test is waiting (for an animation's
// frames, a timer, a socket), which another test's browser fills. Measured on two cores, the whole
// suite one after another: 655 s with two at a time, 577 s with three, 558 s with four, when a
// spec file's tests ran in order in one worker; now that any worker takes the next test (so that
// a long file does not run on alone at the end), 559 s with three and 530 s with four.
// WALAK_E2E_WORKERS=1 runs them one at a time, for a machine busy with other work.
const WORKERS = Number(process.env.WALAK_E2E_WORKERS || 4);

// Time budgets end a test that hangs; they measure no speed (no test asserts how fast the page
// is). A machine busy with other work, or with the busy loops of WALAK_STRESS, gives each browser
// less of a core, and every test takes longer: the budgets grow with the work the machine has as
// the run starts (its load, the loops asked for and the browsers of this run, per core), up to
// four times those of a quiet machine. Worked out once and handed to the workers (helpers.mjs
// reads it for its own waits and the tests' own budgets).
process.env.WALAK_E2E_SLOWER ??= String(
  Math.min(4, Math.max(1, (loadavg()[0] + Number(process.env.WALAK_STRESS || 0) + WORKERS) / availableParallelism())),
);
const SLOWER = Number(process.env.WALAK_E2E_SLOWER);

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  timeout: 30_000 * SLOWER,
  expect: { timeout: 10_000 * SLOWER },
  fullyParallel: true,
  workers: WORKERS,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}/`,
    browserName: "chromium",
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        // Without these Chromium keeps trying to reach the internet.
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    // Every test's fresh context would otherwise install the page's service worker, which fetches
    // and stores the whole build beside the test: offline.spec.mjs (and the embed test that checks
    // that an embed installs none) allow it where it is the subject.
    serviceWorkers: "block",
    // A failed test keeps a screenshot and its page's snapshot (error-context.md). No trace: even
    // kept only on failure, recording one in every test made the run a third longer. Run a failing
    // test again with `--trace on` for its actions, DOM snapshots, console and network.
    trace: "off",
    screenshot: "only-on-failure",
  },
  webServer: [
    {
      command: `python3 -m http.server ${PORT} --bind 127.0.0.1 --directory dist`,
      url: `http://127.0.0.1:${PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "ignore",
    },
    {
      // Every test's browsers come from this machine's one address, which opens and joins far more
      // rooms than a player would: the limits per address are raised, not tested, here
      // (tests/serve.rs tests them).
      command: `target/release-tests/walak serve --port ${LIVE_PORT} --dist dist --open-rooms 100000 --entries-per-minute 100000`,
      url: `http://127.0.0.1:${LIVE_PORT}/live`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "ignore",
    },
  ],
});
