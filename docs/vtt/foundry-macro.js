// armourpen: shoot the targeted tokens and post the outcome to chat.
// A Foundry VTT macro of type "script" (docs/vtt.md). It posts a GURPS scenario to the GM's own
// `armourpen serve --cors ORIGIN` (ORIGIN: this Foundry's address, as the browser's bar shows it)
// and writes each target's injury and effects to chat, with the seed that replays the roll.

const SERVER = "http://127.0.0.1:8000";  // where `armourpen serve` listens (on the GM's machine)
const ATTACK = {damage: "7d(2) pi-"};      // the attack, as a scenario file's `attack` holds it

// A token's figures as a scenario's GURPS target: the GM's own (the token's flags
// `armourpen`, e.g. {"hp": 12, "dr": 8}), else the GURPS Game Aid system's HP; the name is the
// token's. Change this function for another game system.
function figuresOf(token) {
  const own = token.document?.flags?.armourpen ?? {};
  const hp = token.actor?.system?.HP?.max;
  return {...(hp === undefined ? {} : {hp}), ...own, target: token.name};
}

// The line of fire runs from the shooter outward: the targets nearest the selected token (the
// shooter) first; with no token selected, in the order they were targeted.
function inLine(targets) {
  const shooter = globalThis.canvas?.tokens?.controlled?.[0];
  if (!shooter) return targets;
  const away = (t) => Math.hypot(t.center.x - shooter.center.x, t.center.y - shooter.center.y);
  return [...targets].sort((a, b) => away(a) - away(b));
}

const escaped = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const words = (key) => key.replaceAll("_", " ");

// One line a target: "Agent Gray (torso): injury 15, shock -4, major wound; goes through".
function line(t) {
  if (!t.reached) return `${escaped(t.name)}: not reached`;
  if (!t.hit) return `${escaped(t.name)}: not hit`;
  const parts = [`injury ${t.injury}`];
  for (const effect of t.effects) {
    parts.push(effect === "shock" ? `shock ${t.shock}` : words(effect));
  }
  return `${escaped(t.name)} (${escaped(words(t.location))}): ${parts.join(", ")}`
    + (t.overpenetrates ? "; goes through" : "");
}

const targets = inLine([...game.user.targets]);
if (targets.length === 0) {
  ui.notifications.warn("armourpen: target the tokens in the line of fire first (T)");
} else {
  const scenario = {rules: "gurps", attack: ATTACK, line: targets.map(figuresOf)};
  let answer;
  try {
    // application/json, which the server alone reads: a CORS request the server must allow
    // (--cors ORIGIN), preflighted first; a no-cors text/plain post would be refused (415)
    const response = await fetch(`${SERVER}/api/resolve`, {
      method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify(scenario),
    });
    answer = {status: response.status, body: await response.json()};
  } catch (error) {
    ui.notifications.error(`armourpen: no answer from ${SERVER} (${error.message}): is `
      + "`armourpen serve --cors ORIGIN` running with this Foundry's origin, and has the browser "
      + "been allowed to reach the local network? (docs/vtt.md)");
  }
  if (answer && answer.status !== 200) {
    ui.notifications.error(`armourpen: ${answer.body.error}`);
  } else if (answer) {
    const a = answer.body.attack;
    const head = `<b>armourpen</b>: ${escaped(a.damage)} rolled ${a.roll}`
      + (a.seed === null ? "" : ` (seed ${a.seed})`);
    const rows = answer.body.targets.map((t) => `<li>${line(t)}</li>`).join("");
    await ChatMessage.create({content: `<p>${head}</p><ul>${rows}</ul>`,
                              speaker: ChatMessage.getSpeaker()});
  }
}
