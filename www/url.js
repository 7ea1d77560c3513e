// Set-up from the address: ?mode=two|computer&side=south|north&rounds=1|0&first=south|north
// &level=beginner|casual|club|strong|master&speed=slow|normal|fast|instant. A bad value is reported, never guessed at.

const CHOICES = {
  mode: ["two", "computer"],
  side: ["south", "north"],
  first: ["south", "north"],
  rounds: ["1", "0", "true", "false"],
  speed: ["slow", "normal", "fast", "instant"],
  level: ["beginner", "casual", "club", "strong", "master"],
};

/** `{setup, speed, problems}`: `setup` is null unless the address asks for a new game. */
export function readQuery(search) {
  const params = new URLSearchParams(search);
  const problems = [];
  const value = (name) => {
    const v = params.get(name);
    if (v === null) return null;
    if (!CHOICES[name].includes(v)) {
      problems.push(`"${name}=${v}" is not understood (use ${CHOICES[name].join(" or ")})`);
      return null;
    }
    return v;
  };
  const mode = value("mode");
  const side = value("side");
  const rounds = value("rounds");
  const first = value("first");
  const speed = value("speed");
  const level = value("level");
  const asked = [mode, side, rounds, first, level].some((v) => v !== null);
  const setup = asked
    ? {
        mode: mode ?? (side || level ? "computer" : "two"),
        side: side ?? "south",
        rounds: rounds === "1" || rounds === "true",
        first: first ?? "south",
        ...(level ? { level } : {}),
      }
    : null;
  return { setup, speed, problems };
}

/** Removes the set-up from the address, so that a reload restores the saved game. */
export function forgetSetupInAddress() {
  const url = new URL(location.href);
  for (const name of ["mode", "side", "rounds", "first", "level"]) url.searchParams.delete(name);
  history.replaceState(null, "", url);
}
