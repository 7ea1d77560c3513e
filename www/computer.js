// The computer player, behind a promise so that where it thinks (here, or later in a worker) does
// not matter to the page. A request can be cancelled; a cancelled answer is never played.

export class Computer {
  constructor(Game) {
    this.Game = Game;
    this.pending = null;
  }

  /**
   * Chooses a move for the player to move after `record` with `options`. Resolves with the hole
   * number (1–7), or null if cancelled.
   */
  choose(record, options) {
    this.cancel();
    const request = { cancelled: false };
    this.pending = request;
    return new Promise((resolve) => {
      // Yield first, so the page can show that the computer is thinking.
      setTimeout(() => {
        if (request.cancelled) return resolve(null);
        const game = this.Game.fromRecord(record, options);
        try {
          resolve(game.computerMove((Math.random() * 2 ** 32) >>> 0) ?? null);
        } finally {
          game.free();
          if (this.pending === request) this.pending = null;
        }
      }, 0);
    });
  }

  cancel() {
    if (this.pending) this.pending.cancelled = true;
    this.pending = null;
  }
}
