// The calculator: the form is read into a scenario (exactly a scenario file's JSON), kept in the
// address (?s=...), and sent, debounced, to /ui/outcome, which answers the outcome band as HTML,
// the hints beside the fields, and each error with the field it names (the CLI's words).
"use strict";

(() => {
  const DEBOUNCE_MS = 150;
  const SEARCH_MS = 120;
  const TITLES = {
    "penav-cover": "Cover", person: "Person", vehicle: "Vehicle", target: "Target",
    "gurps-cover": "Cover",
  };

  let form, cards, outcome, pageData;
  let timer = 0;
  let seq = 0;
  let controller = null;
  const memory = {};

  function bind() {
    form = document.getElementById("calc");
    cards = document.getElementById("cards");
    outcome = document.getElementById("outcome");
    pageData = JSON.parse(document.getElementById("page-data").textContent);
  }

  // --- reading the form --------------------------------------------------------------------

  function num(text) {
    if (/^[+-]?\d+$/.test(text)) return parseInt(text, 10);
    if (/^[+-]?(\d+\.\d*|\.\d+)$/.test(text)) return parseFloat(text);
    return text;
  }

  function owner(el) {
    return el.closest(".item, .blast-cover, [data-item], .card, .attack");
  }

  function own(root, key) {
    for (const el of root.querySelectorAll(`[data-key="${key}"]`)) {
      if (owner(el) === root) return el;
    }
    return null;
  }

  function read(root, key) {
    const el = own(root, key);
    if (!el) return "";
    if (el.type === "checkbox") return el.checked;
    return el.value.trim();
  }

  function extra(el) {
    try {
      const value = JSON.parse(el.dataset.extra || "{}");
      return value && typeof value === "object" && !Array.isArray(value) ? value : {};
    } catch (_) {
      return {};
    }
  }

  function put(obj, key, value, numeric) {
    if (value === "" || value === undefined || value === null) return;
    obj[key] = numeric ? num(value) : value;
  }

  function named(row, fallback) {
    // A catalog name, or {name, av} when a value is typed (extra keys kept, e.g. rigid).
    const name = read(row, "name");
    const value = read(row, "value");
    const ex = extra(row);
    if (value === "" && Object.keys(ex).length === 0) return name;
    const out = { name: name || fallback, ...ex };
    if (value !== "") out.av = num(value);
    return out;
  }

  function checked(name) {
    const el = form.querySelector(`input[name="${name}"]:checked`);
    return el ? el.value : "";
  }

  function penavAttack(root) {
    const a = {};
    if (checked("attack-mode") === "inline") {
      put(a, "name", read(root, "name"));
      put(a, "pen", read(root, "pen"), true);
      put(a, "range_column", read(root, "range_column"));
      put(a, "dc", read(root, "dc"), true);
      if (read(root, "high_velocity") === true) a.high_velocity = true;
    } else {
      a.weapon = read(root, "weapon");
    }
    put(a, "ammo", read(root, "ammo"));
    if (read(root, "contact") === true) a.contact = true;
    else a.range = read(root, "range");
    a.from = checked("from") || "front";
    put(a, "elevation", read(root, "elevation"), true);
    put(a, "azimuth", read(root, "azimuth"), true);
    return { ...a, ...extra(root) };
  }

  function gurpsAttack(root, forAddress) {
    const a = {};
    const weapon = root.querySelector("[data-gcs-weapon]");
    let burst = false;
    if (root.dataset.gcsName && weapon && weapon.value) {
      const option = weapon.selectedOptions[0];
      const w = option && option.dataset.weapon ? JSON.parse(option.dataset.weapon) : {};
      burst = !/^\s*1?\s*!?\s*$/.test(w.rate_of_fire || ""); // a RoF above 1 (GU-19, GU-20)
      // an attack from the shooter's sheet (issue 23): the file's JSON and its name, the weapon
      // by its id; a damage or skill typed overrides the sheet's. The address keeps the name.
      a.gcs = forAddress ? root.dataset.gcsName : JSON.parse(root.dataset.gcs);
      if (!forAddress) a.gcs_name = root.dataset.gcsName;
      a.weapon = weapon.value;
      put(a, "damage", read(root, "damage"));
    } else a.damage = read(root, "damage");
    const shots = read(root, "shots");
    if (shots !== "") burst = true; // any shots typed is a burst (GU-19), over the sheet's RoF
    if (checked("roll-mode") === "seed") put(a, "seed", read(root, "seed"), true);
    else if (burst) {
      // a burst: the dice typed are the first landed shot's, the seed box's seed rolls the
      // others (GU-19), so that they stay put while the GM types
      const roll = read(root, "roll");
      if (roll !== "") a.rolls = [num(roll)];
      put(a, "attack_roll", read(root, "attack_roll"), true);
      put(a, "seed", seedBox(), true);
    } else {
      put(a, "roll", read(root, "roll"), true);
      put(a, "attack_roll", read(root, "attack_roll"), true);
      // random hit locations beside a roll typed in: rolled with the seed box's seed, so that
      // they stay put while the GM types (GU-10); who is hit's further rolls with the seed typed,
      // if any (else the server draws them and shows its seed, GU-16). A seed beside a fixed roll
      // with nothing left to roll is an error, so none is sent then.
      if (randomLocations()) put(a, "seed", seedBox(), true);
      else if (read(root, "skill") !== "") put(a, "seed", read(root, "seed"), true);
    }
    put(a, "location", read(root, "location"));
    if (read(root, "ranged") === false) a.ranged = false;
    put(a, "half_damage_range", read(root, "half_damage_range"), true);
    put(a, "shots", read(root, "shots"), true); // a burst: 10, or "3x9" (GU-19, GU-20)
    put(a, "rcl", read(root, "rcl"), true);
    put(a, "fragments", read(root, "fragments")); // an explosion (GU-21, GU-22)
    put(a, "environment", read(root, "environment"));
    if (read(root, "airburst") === true) a.airburst = true;
    put(a, "skill", read(root, "skill"), true); // who is hit (GU-16)
    put(a, "aim", read(root, "aim"));
    return { ...a, ...extra(root) };
  }

  function randomLocations() {
    // a target whose random location the GM has not rolled: the seed box's seed rolls it
    return [...form.querySelectorAll('.card[data-kind="target"]')].some(
      (card) => randomAt(card) && !read(card, "location_roll"));
  }

  function randomAt(card) {
    // the card's own location, or the attack's where the card leaves it to the attack (GU-10)
    const own_ = read(card, "location");
    const attack = form.querySelector('.attack[data-for="gurps"] [data-key="location"]');
    return own_ === "random" || (own_ === "" && !!attack && attack.value === "random");
  }

  function seedBox() {
    const seed = form.querySelector("#g-seed");
    if (!seed.value) seed.value = String(Math.floor(Math.random() * 2 ** 31));
    return seed.value;
  }

  function wanting() {
    // what the form itself knows is still to be typed: the dice total, in "I rolled" mode
    if (rulesNow() !== "gurps" || checked("roll-mode") === "seed") return [];
    const roll = form.querySelector("#g-roll");
    if (roll.value.trim()) return [];
    return [{ field: "attack.roll", error: "attack.roll: type the total of the dice you rolled" }];
  }

  function gcsOf(card, forAddress) {
    // the character file's JSON for the server; only its name for the address (too big for it)
    if (card.dataset.gcs && !forAddress) {
      try {
        return JSON.parse(card.dataset.gcs);
      } catch (_) {
        return card.dataset.gcsName || "";
      }
    }
    return card.dataset.gcsName || undefined;
  }

  function drTable(card) {
    // DR by location (GU-3): the locations filled in; the others get the DR field's, if any
    const fields = [...card.querySelectorAll('[data-key^="dr."]')].filter((el) => owner(el) === card);
    const table = {};
    for (const el of fields) {
      if (el.value.trim() !== "") table[el.dataset.key.slice(3)] = num(el.value.trim());
    }
    if (!Object.keys(table).length) return null;
    const everywhere = read(card, "dr");
    if (everywhere !== "") {
      for (const el of fields) {
        const where = el.dataset.key.slice(3);
        if (!(where in table)) table[where] = num(everywhere);
      }
    }
    return table;
  }

  function readCard(card, forAddress) {
    const ex = extra(card);
    const kind = card.dataset.kind;
    if (kind === "penav-cover") {
      return { cover: named(card.querySelector("[data-item]"), "cover"), ...ex };
    }
    if (kind === "person") {
      const e = { target: read(card, "target") };
      const armour = [...card.querySelectorAll(".item")].map((row) => named(row, "armour"))
        .filter((a) => a !== "");
      if (armour.length) e.armour = armour;
      put(e, "body", read(card, "body"));
      return { ...e, ...ex };
    }
    if (kind === "vehicle") {
      const e = { target: read(card, "target"), vehicle: read(card, "vehicle") };
      put(e, "face", read(card, "face"));
      return { ...e, ...ex };
    }
    if (kind === "target") {
      const e = { target: read(card, "target") };
      const gcs = gcsOf(card, forAddress);
      if (gcs !== undefined) e.gcs = gcs;
      // the file's name beside its JSON, so that the steps name the file as the hint does
      if (gcs !== null && typeof gcs === "object" && card.dataset.gcsName) e.gcs_name = card.dataset.gcsName;
      for (const key of ["hp", "dr", "dr_back", "st", "range"]) put(e, key, read(card, key), true);
      const table = drTable(card);
      if (table) e.dr = table;
      put(e, "injury_tolerance", read(card, "injury_tolerance"));
      put(e, "hit_chance", read(card, "hit_chance"), true);
      put(e, "location", read(card, "location"));
      if (randomAt(card)) put(e, "location_roll", read(card, "location_roll"), true);
      for (const key of ["hardened", "vulnerability"]) put(e, key, read(card, key), true);
      put(e, "skill", read(card, "skill"), true); // who is hit (GU-16, GU-17)
      if (read(card, "obscures") === false) e.obscures = false;
      if (read(card, "immediately_behind") === true) e.immediately_behind = true;
      put(e, "inside", read(card, "inside"));
      // the card's defense and shield (GU-24, GU-25)
      if (read(card, "defense_kind")) {
        const d = { kind: read(card, "defense_kind") };
        put(d, "level", read(card, "defense_level"), true);
        put(d, "roll", read(card, "defense_roll"), true);
        e.defense = d;
      }
      if (read(card, "shield")) {
        const roll = read(card, "shield_location_roll");
        e.shield = roll === "" ? read(card, "shield") : { name: read(card, "shield"), location_roll: num(roll) };
      }
      // around an explosion (GU-21, GU-22): where it stands, and the cover between it and the blast
      put(e, "distance", read(card, "distance"), true);
      const covers = [...card.querySelectorAll(".blast-cover")].map((row) => {
        const c = { name: read(row, "name") || "cover" };
        put(c, "dr", read(row, "dr"), true);
        if (read(row, "slab") === true) c.slab = true;
        return { ...c, ...extra(row) };
      });
      if (covers.length) e.cover = covers;
      put(e, "posture", read(card, "posture"));
      put(e, "sm", read(card, "sm"), true);
      put(e, "situation", read(card, "situation"));
      for (const key of ["perfect_balance", "flexible", "groin_double_shock", "high_pain_threshold",
        "low_pain_threshold"]) {
        // a box: on, or not said; beside a GCS file, the file's traits: true, false or the file's
        const value = read(card, key);
        if (value === true || value === "true") e[key] = true;
        else if (value === "false") e[key] = false;
      }
      return { ...e, ...ex };
    }
    const { cover: exCover, ...rest } = ex;
    const c = { name: read(card, "name") };
    for (const key of ["dr", "dr_back", "hp"]) put(c, key, read(card, key), true);
    put(c, "injury_tolerance", read(card, "injury_tolerance"));
    put(c, "material", read(card, "material")); // cover by material (GU-18): its name if none
    if (c.material !== undefined && c.name === "") delete c.name;
    for (const key of ["inches", "dr_per_inch"]) put(c, key, read(card, key), true);
    put(c, "grade", read(card, "grade"));
    // a thin slab: said when ticked; cover by material is one unless it says slab = false
    if (c.material === undefined && read(card, "slab") === true) c.slab = true;
    if (c.material !== undefined && read(card, "slab") === false) c.slab = false;
    for (const key of ["occupants", "sm"]) put(c, key, read(card, key), true); // GU-17
    return { cover: { ...c, ...(exCover || {}) }, ...rest };
  }

  function rulesNow() {
    return checked("rules") || "penav";
  }

  function scenario(forAddress) {
    const rules = rulesNow();
    const root = form.querySelector(`.attack[data-for="${rules}"]`);
    const s = { rules };
    if (rules === "penav") {
      const optional = [...root.querySelectorAll('[data-field="optional_rules"]')]
        .filter((el) => el.checked).map((el) => el.dataset.key);
      if (optional.length) s.optional_rules = optional;
      s.attack = penavAttack(root);
    } else {
      s.attack = gurpsAttack(root, forAddress);
    }
    s.line = [...cards.children].map((card) => readCard(card, forAddress));
    if (rules === "gurps" && explosive()) withoutBlastRefused(s);
    return { ...s, ...extra(form) };
  }

  // --- an explosion (GU-21, GU-22): what it refuses is hidden, and not sent -------------------

  // the attack's keys and a target card's an explosion refuses (the blast reaches every target
  // at its distance, GU-21): who is hit, range, location and the hit chance
  const BLAST_REFUSES = {
    attack: ["skill", "aim", "attack_roll", "half_damage_range", "location"],
    target: ["range", "hit_chance", "location", "location_roll", "skill", "obscures",
      "immediately_behind", "inside"],
  };

  function explosive() {
    // damage marked ex (outside the fragments' bracket), as the reader reads it
    const damage = form.querySelector('.attack[data-for="gurps"] [data-key="damage"]');
    return !!damage && /(^|[\s)])ex(\s|$)/i.test(damage.value.replace(/\[.*$/, " "));
  }

  function withoutBlastRefused(s) {
    for (const key of BLAST_REFUSES.attack) delete s.attack[key];
    for (const e of s.line) {
      if (e && typeof e === "object" && "target" in e) {
        for (const key of BLAST_REFUSES.target) delete e[key];
      }
    }
  }

  function blastMode() {
    // hide (and disable, for assistive technology) the fields an explosion refuses; open where
    // each target stands; the line's "+ Cover" gives way to each target's own cover
    const on = rulesNow() === "gurps" && explosive();
    form.classList.toggle("explosive", on);
    const attack = form.querySelector('.attack[data-for="gurps"]');
    const boxes = [];
    for (const key of BLAST_REFUSES.attack) {
      const el = own(attack, key);
      if (el) boxes.push(el.closest(".field"));
    }
    cards.querySelectorAll('.card[data-kind="target"]').forEach((card) => {
      for (const key of ["range", "hit_chance", "location"]) {
        const el = own(card, key);
        if (el) boxes.push(el.closest(".field"));
      }
      boxes.push(card.querySelector("details.who"));
      const blast = card.querySelector("details.blast");
      if (on && blast && !blast.dataset.opened) {
        blast.open = true;
        blast.dataset.opened = "true"; // once: the GM may close it again
      }
    });
    for (const box of boxes) {
      if (!box) continue;
      box.classList.toggle("blast-hidden", on);
      box.querySelectorAll("input, select").forEach((el) => { el.disabled = on; });
    }
    const details = attack.querySelector("details.explosion");
    if (on && details && !details.dataset.opened) {
      details.open = true;
      details.dataset.opened = "true";
    }
    const add = form.querySelector('.add[data-for="gurps"] [data-add="gurps-cover"]');
    if (add) {
      add.disabled = on;
      add.title = on ? "In an explosion each target lists its own cover: Around an explosion, + Cover in front" : "";
    }
    const note = document.getElementById("blast-cover-note");
    if (note) note.hidden = !on;
  }

  // --- naming the fields after the scenario's keys (errors find their field by it) ----------

  function renumber() {
    [...cards.children].forEach((card, i) => {
      card.querySelector(".card-no").textContent = String(i + 1);
      card.dataset.field = `line[${i}]`;
      const title = TITLES[card.dataset.kind] || "Card";
      const name = card.querySelector('[data-key="target"], [data-key="name"]');
      const who = `${title} ${i + 1}` + (name && name.value.trim() ? ` (${name.value.trim()})` : "");
      const whose = name && name.value.trim() ? name.value.trim() : `${title} ${i + 1}`;
      card.dataset.words = who;
      card.dataset.whose = whose;
      for (const [act, words] of [["up", "Move %s up"], ["down", "Move %s down"],
        ["remove", "Remove %s"]]) {
        const b = card.querySelector(`.tools [data-act="${act}"]`);
        b.setAttribute("aria-label", words.replace("%s", who));
      }
      card.querySelectorAll("[data-key]").forEach((el) => {
        const key = el.dataset.key;
        const item = el.closest(".item");
        const shield = el.closest(".blast-cover");
        let path;
        if (shield) { // a cover between the blast and this target (GU-21)
          const j = [...card.querySelectorAll(".blast-cover")].indexOf(shield);
          path = `line[${i}].cover[${j}].${key}`;
          el.id = `c${i}-b${j}-${key}`;
          const label = el.closest(".field").querySelector("label");
          if (key === "name") label.textContent = `Cover ${j + 1}`;
          el.dataset.words = (key === "name" ? "Cover" : key === "dr" ? "DR of cover" : "Thin slab of cover")
            + ` ${j + 1} of ${whose}`;
          shield.querySelector('[data-act="remove-blast-cover"]')
            .setAttribute("aria-label", `Remove cover ${j + 1} of ${who}`);
        } else if (item) {
          const j = [...card.querySelectorAll(".item")].indexOf(item);
          path = `line[${i}].armour[${j}]`;
          item.querySelector("label").textContent = `Armour ${j + 1}`;
          el.dataset.words = (key === "value" ? "AV of armour" : "Armour") + ` ${j + 1} of ${whose}`;
          const rm = item.querySelector('[data-act="remove-item"]');
          rm.setAttribute("aria-label", `Remove armour ${j + 1} of ${who}`);
          el.id = `c${i}-i${j}-${key}`;
        } else {
          el.id = `c${i}-${key}`;
          if (card.dataset.kind === "penav-cover") path = `line[${i}].cover`;
          else if (card.dataset.kind === "gurps-cover") path = `line[${i}].cover.${key}`;
          else path = `line[${i}].${key}`;
        }
        el.dataset.field = path;
        const label = el.closest(".field").querySelector("label");
        if (label) label.htmlFor = el.id;
        if (!item && !shield && label) {
          const what = key.startsWith("dr.") ? `DR at the ${label.textContent.toLowerCase()}`
            : card.dataset.kind === "penav-cover" ? (key === "value" ? "AV" : "Cover")
              : label.textContent;
          el.dataset.words = `${what} of ${whose}`;
        }
      });
    });
    [...cards.children].forEach((card, i) => {
      const file = card.querySelector("[data-gcs-file]");
      if (!file) return;
      file.id = `c${i}-gcs`;
      file.dataset.field = `line[${i}].gcs`;
      file.dataset.words = `GCS file of ${card.dataset.whose}`;
      file.closest(".field").querySelector("label").htmlFor = file.id;
    });
    form.querySelectorAll(".attack [data-field]").forEach((el) => {
      const box = el.closest(".field, fieldset");
      const label = box && box.querySelector("label, legend");
      if (label) el.dataset.words = label.textContent.trim();
    });
    // the box for the GM's location roll stands only where the location is random (GU-10)
    cards.querySelectorAll('.card[data-kind="target"]').forEach((card) => {
      const box = card.querySelector(".field.location-roll");
      if (box) box.hidden = !randomAt(card) || explosive(); // no location in a blast (GU-21)
    });
    const vehicle = cards.querySelector('[data-kind="vehicle"]');
    const angles = document.getElementById("angles");
    if (angles) angles.hidden = !vehicle;
    whoChoices();
    blastMode();
  }

  function offer(select, names) {
    // a list's options after its blank one: the names, and the value chosen when it is not
    // among them (the error then stands beside it); rebuilt only when they change
    const keep = select.value;
    const want = names.filter((n) => n);
    if (keep && !want.includes(keep)) want.push(keep);
    const have = [...select.options].slice(1).map((o) => o.value);
    if (have.length === want.length && have.every((v, i) => v === want[i])) return;
    select.replaceChildren(select.options[0], ...want.map((n) => new Option(n, n)));
    select.value = keep;
  }

  function whoChoices() {
    // who is hit (GU-16, GU-17): the attack aims at a target card; a target sits inside a cover
    // card before it (named as the cover is, or by its material, GU-18)
    const targets = [];
    const covers = [];
    for (const card of cards.children) {
      if (card.dataset.kind === "target") {
        targets.push(read(card, "target"));
        const inside = own(card, "inside");
        if (inside) offer(inside, covers);
      } else if (card.dataset.kind === "gurps-cover") {
        covers.push(read(card, "name") || read(card, "material").toLowerCase().split(/\s+/).join(" "));
      }
    }
    const aim = form.querySelector('[data-key="aim"]');
    if (aim) offer(aim, targets);
  }

  // --- errors beside their fields ------------------------------------------------------------

  function parentPath(path) {
    const m = path.match(/^(.*?)(\[\d+\]|\.[^.[\]]+)$/);
    return m ? m[1] : "";
  }

  function clearErrors() {
    form.querySelectorAll(".error").forEach((p) => {
      p.hidden = true;
      p.textContent = "";
    });
    form.querySelectorAll("[aria-invalid]").forEach((el) => {
      el.removeAttribute("aria-invalid");
      el.removeAttribute("aria-errormessage");
    });
  }

  function slotFor(el) {
    if (el.classList.contains("card")) return el.querySelector(".card-error");
    if (el.matches("p.error")) return el;
    const box = el.closest(".field, .switch");
    return box ? box.querySelector(".error") : null;
  }

  function fieldOf(field) {
    // the form's element a scenario path names, or the nearest one that holds it
    let path = String(field || "");
    let el = null;
    while (path && !el) {
      el = form.querySelector(`[data-field="${CSS.escape(path)}"]`);
      if (!el) path = parentPath(path);
    }
    return [el, path];
  }

  function worded(err) {
    // the message with its path (line[1].armour[0]) in the form's words (Armour 1 of Gray)
    const text = String(err.error || "");
    const field = String(err.field || "");
    const [el, path] = fieldOf(field);
    if (!text.startsWith(field + ":") || !field) return formPhrases(text);
    const rest = field.slice(path.length).replace(/^\./, "");
    let head;
    if (el && el.dataset.words) head = el.dataset.words + (rest ? `, ${pathWords(rest)}` : "");
    else if (field.startsWith("attack.")) head = "Attack: " + pathWords(field.slice(7));
    else head = pathWords(field);
    return head + formPhrases(text.slice(field.length));
  }

  // the keys of a path no field of the form holds (a cover's HP, a key kept from a file), in
  // the form's words: cover[0].hp -> "Cover 1: HP"
  const KEY_WORDS = {
    hp: "HP", dr: "DR", dr_back: "DR back", st: "ST", sm: "SM", av: "AV", sav: "SAV",
    slab: "thin slab", hit_chance: "hit chance", attack_roll: "attack roll",
    half_damage_range: "1/2D", dr_per_inch: "DR per inch", injury_tolerance: "injury tolerance",
    location_roll: "location roll", line: "The line of fire",
  };

  function pathWords(path) {
    const parts = [];
    for (const m of String(path).matchAll(/([A-Za-z_][\w.-]*?)(?:\[(\d+)\])?(?=\.|$)/g)) {
      if (!m[0]) continue;
      const key = m[1];
      const word = KEY_WORDS[key] || key.replace(/_/g, " ");
      const named = m[2] === undefined ? word
        : `${word.charAt(0).toUpperCase()}${word.slice(1)} ${Number(m[2]) + 1}`;
      parts.push(named);
    }
    return parts.join(": ") || String(path);
  }

  function formPhrases(text) {
    // the file's syntax in the message, as the form says it
    return text
      .replace(/set slab = true/g, 'tick "Thin slab"')
      .replace(/slab = false/g, '"Thin slab" unticked')
      .replace(/leave it out/g, "leave it empty");
  }

  function placeErrors(errors) {
    clearErrors();
    errors.forEach((err, n) => {
      const [el] = fieldOf(err.field);
      const slot = el ? slotFor(el) : null;
      if (!slot) return; // the outcome band shows it
      slot.id = slot.id || `error-${n}`;
      slot.textContent = worded(err);
      slot.hidden = false;
      if (el.matches("input, select")) {
        el.setAttribute("aria-invalid", "true");
        el.setAttribute("aria-errormessage", slot.id);
      }
    });
  }

  // --- updating ------------------------------------------------------------------------------

  function showHints(hints) {
    form.querySelectorAll("output[data-hint]").forEach((out) => {
      out.textContent = hints[out.dataset.hint] || "";
    });
  }

  function swap(html) {
    const open = [...outcome.querySelectorAll("details[data-why][open]")].map((d) => d.dataset.why);
    outcome.innerHTML = html;
    outcome.classList.remove("stale");
    for (const key of open) {
      const d = outcome.querySelector(`details[data-why="${CSS.escape(key)}"]`);
      if (d) d.open = true;
    }
    summarize();
  }

  function stale(err) {
    // the input is not complete (a name half typed, a new empty card): the last outcome stays,
    // marked as the last one worked out, with what is still to do; with none, the error alone
    const set = outcome.querySelector(".result-set");
    if (!set) {
      outcome.replaceChildren(errorBox(worded(err)));
      summarize();
      return;
    }
    let note = outcome.querySelector(".stale-note");
    if (!note) {
      note = document.createElement("p");
      note.className = "stale-note";
      note.setAttribute("role", "status");
      outcome.prepend(note);
    }
    note.textContent = `Not updated: ${worded(err)}. Shown: the last shot worked out.`;
    outcome.dataset.missing = worded(err);
    outcome.classList.add("stale");
    summarize();
  }

  function summarize() {
    // the screen reader's summary, and the bar that keeps it in sight on a phone
    const set = outcome.querySelector(".result-set");
    const problem = outcome.querySelector(".outcome-error");
    let text = set ? set.dataset.summary : (problem ? "not resolved: see the error" : "");
    if (set && outcome.classList.contains("stale")) text = "not updated: " + text;
    document.getElementById("summary").textContent = text;
    showPeek(text);
  }

  // --- the bar that keeps the outcome in sight on a phone ----------------------------------

  function showPeek(text) {
    // a stale outcome: one line of what is missing (the full words in its title and the note
    // above the outcome), not the old figures
    const peek = document.getElementById("peek");
    const stale = outcome.classList.contains("stale") && outcome.dataset.missing;
    peek.classList.toggle("peek-stale", !!stale);
    peek.textContent = stale ? `Not updated: ${outcome.dataset.missing}` : text;
    peek.title = peek.textContent;
    keepPeekClear();
  }

  function keepPeekClear() {
    // never over the field being typed: the bar moves to the top of the screen, or, when the
    // field is there too, steps aside until the field loses the focus
    const peek = document.getElementById("peek");
    if (!peek) return;
    peek.classList.remove("peek-top", "peek-aside");
    const el = document.activeElement;
    if (!el || !form || !form.contains(el) || !el.matches("input, select, textarea")) return;
    const over = () => {
      const a = peek.getBoundingClientRect();
      const b = el.getBoundingClientRect();
      return a.height > 0 && a.top < b.bottom && b.top < a.bottom;
    };
    if (!over()) return;
    peek.classList.add("peek-top");
    if (over()) peek.classList.add("peek-aside");
  }

  // --- the page's history: Back returns to the last settled state ----------------------------

  let settling = false; // the change being worked out is a settled one (not a keystroke)

  function remember(addr) {
    // each settled change is an entry of the history; the keystrokes between two of them
    // change one entry (a draft), which the next settled change settles
    const here = location.search;
    const draft = !!(history.state && history.state.draft);
    if (addr === here) {
      if (settling && draft) history.replaceState({ draft: false }, "", addr);
    } else if (draft) {
      history.replaceState({ draft: !settling }, "", addr);
    } else {
      history.pushState({ draft: !settling }, "", addr);
    }
    settling = false;
  }

  window.addEventListener("popstate", () => {
    // the address holds the whole state: the page of that address is the state restored
    location.reload();
  });

  // --- undo a removal ------------------------------------------------------------------------

  let undoTimer = 0;

  function removed(node, what) {
    // a card or a row taken out: kept, with its place, until the toast goes (or the next removal)
    const place = { parent: node.parentElement, before: node.nextElementSibling };
    node.remove();
    toast(`Removed ${what}.`, "Undo remove", () => {
      if (place.before && place.before.parentElement === place.parent) place.before.before(node);
      else place.parent.append(node);
      renumber();
      settling = true;
      schedule();
      focusFirst(node);
    });
  }

  function toast(text, action, undo) {
    let box = document.getElementById("toast");
    if (!box) {
      box = document.createElement("div");
      box.id = "toast";
      box.className = "toast";
      box.setAttribute("role", "status");
      document.body.append(box);
    }
    const words = document.createElement("span");
    words.textContent = text;
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = action;
    button.addEventListener("click", () => {
      box.hidden = true;
      clearTimeout(undoTimer);
      undo();
    });
    box.replaceChildren(words, button);
    box.hidden = false;
    clearTimeout(undoTimer);
    undoTimer = setTimeout(() => { box.hidden = true; }, 12000);
  }

  // --- share: the link, the outcome as text (the CLI's words), the outcome's JSON --------------

  async function copy(text) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch (_) { // no clipboard access (an address not of this machine over http): a selection
      const area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.className = "visually-hidden";
      document.body.append(area);
      area.select();
      const done = document.execCommand && document.execCommand("copy");
      area.remove();
      return !!done;
    }
  }

  let rolledWith = null; // the seed the outcome shown rolled with (drawn by the server, or given)

  async function outcomeFrom(route) {
    // the server's own rendering of the scenario on the page: the same words as the CLI's; a
    // seed the server drew for the outcome shown goes with it, so that the rolls are the same
    const s = scenario(false);
    if (s.rules === "gurps" && s.attack && s.attack.seed === undefined && rolledWith != null
      && !outcome.classList.contains("stale")) s.attack.seed = rolledWith;
    const r = await fetch(route, {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(s),
    });
    const body = await r.text();
    if (!r.ok) {
      let err;
      try { err = JSON.parse(body); } catch (_) { err = { error: `error ${r.status}` }; }
      throw new Error(worded(err));
    }
    return body;
  }

  async function share(kind) {
    const status = document.getElementById("share-status");
    status.textContent = "";
    try {
      if (kind === "link") {
        status.textContent = (await copy(location.href)) ? "Link copied." : "Copy the address bar's link.";
      } else if (kind === "text") {
        const text = await outcomeFrom("/api/resolve/text");
        status.textContent = (await copy(text)) ? "Outcome copied as text." : "Could not copy.";
      } else if (kind === "json") {
        const json = await outcomeFrom("/api/resolve");
        const a = document.createElement("a");
        a.href = URL.createObjectURL(new Blob([json], { type: "application/json" }));
        a.download = "armourpen-outcome.json";
        document.body.append(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(a.href), 1000);
        status.textContent = "Outcome downloaded as JSON.";
      }
    } catch (e) {
      status.textContent = `Not done: ${e.message}`;
    }
  }

  document.addEventListener("click", (e) => {
    const button = e.target.closest && e.target.closest("button[data-share]");
    if (button) share(button.dataset.share);
  });

  function watchOutcome() {
    const band = document.querySelector(".outcome-band");
    const peek = document.getElementById("peek");
    if (!band || !peek || !("IntersectionObserver" in window)) return;
    new IntersectionObserver((seen) => {
      peek.classList.toggle("away", seen[0].isIntersecting);
    }).observe(band);
  }

  function address(s) {
    return "?s=" + encodeURIComponent(JSON.stringify(s));
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(update, DEBOUNCE_MS);
  }

  async function update() {
    renumber();
    const text = JSON.stringify(scenario(false));
    remember(address(scenario(true)));
    const mine = ++seq;
    if (controller) controller.abort();
    controller = new AbortController();
    document.body.classList.add("updating");
    try {
      const r = await fetch("/ui/outcome", {
        method: "POST", headers: { "Content-Type": "application/json" }, body: text,
        signal: controller.signal,
      });
      const data = await r.json();
      if (mine !== seq) return;
      if (r.ok) {
        const errors = [...wanting(), ...(data.errors || [])];
        if (data.resolved && !errors.length) {
          swap(data.html);
          rolledWith = data.seed; // the seed of the outcome shown, for "copy as text"
        } else stale(errors[0] || { error: "not resolved" });
        showHints(data.hints || {});
        placeErrors(errors);
      } else {
        placeErrors([data]);
        stale(data.error ? data : { error: `error ${r.status}` });
      }
      refreshChart();
    } catch (e) {
      if (e.name !== "AbortError" && mine === seq) {
        outcome.replaceChildren(errorBox("no answer from the server: " + e.message));
      }
    } finally {
      if (mine === seq) document.body.classList.remove("updating");
    }
  }

  function errorBox(text) {
    const div = document.createElement("div");
    div.className = "outcome-error";
    div.setAttribute("role", "alert");
    const p = document.createElement("p");
    p.className = "message";
    p.textContent = text;
    div.append(p);
    return div;
  }

  // --- the chart of this shot (server-rendered SVG, as `armourpen chart` draws it) -------------

  function catalogNames(items) {
    return items.every((x) => typeof x === "string" && x) ? items : null;
  }

  function chartRequest(s) {
    if (s.rules === "gurps") {
      return ["/api/chart/odds?format=svg", {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(s),
      }];
    }
    if (!s.attack.weapon) return null;
    const q = new URLSearchParams({ attack: s.attack.weapon, from: s.attack.from || "front",
      format: "svg" });
    if (s.attack.ammo) q.set("ammo", s.attack.ammo);
    (s.optional_rules || []).forEach((o) => q.append("optional_rule", o));
    // the first target hit, behind the cover in front of it: catalog names only
    const layers = [];
    for (const e of s.line) {
      if ("cover" in e) layers.push(e.cover);
      else {
        layers.push(...(e.armour || []));
        break;
      }
    }
    const names = catalogNames(layers);
    if (names && names.length) q.set("defence", names.join(" + "));
    return ["/api/chart/pen-range?" + q.toString(), {}];
  }

  async function refreshChart() {
    const details = document.getElementById("chart");
    if (!details || !details.open) return;
    const body = details.querySelector(".chart-body");
    const req = chartRequest(scenario(false));
    if (!req) {
      body.replaceChildren(errorBox("the chart needs an attack from the catalog"));
      return;
    }
    try {
      const r = await fetch(req[0], req[1]);
      const text = await r.text();
      if (!r.ok) {
        let message = text;
        try { message = JSON.parse(text).error; } catch (_) { /* keep the text */ }
        body.replaceChildren(errorBox(message));
        return;
      }
      const doc = new DOMParser().parseFromString(text, "image/svg+xml");
      const svg = doc.documentElement;
      svg.removeAttribute("width");
      svg.removeAttribute("height");
      svg.setAttribute("role", "img");
      const larger = document.createElement("button");
      larger.type = "button";
      larger.dataset.enlarge = "";
      larger.textContent = "Open larger";
      body.replaceChildren(document.importNode(svg, true), larger);
    } catch (e) {
      body.replaceChildren(errorBox("no chart: " + e.message));
    }
  }

  // --- catalog search as you type -------------------------------------------------------------

  const searchTimers = new WeakMap();

  function label(item) {
    let value;
    if (item.kind === "attack") value = `PEN ${item.pen}` + (item.spen !== undefined ? ` (SPEN ${item.spen})` : "");
    else value = item.av === null ? "no AV (PA-13)" : `AV ${item.av}`;
    const aka = (item.aliases || []).slice(0, 3).join(", ");
    return aka ? `${value} · ${aka}` : value;
  }

  function suggest(input) {
    clearTimeout(searchTimers.get(input));
    searchTimers.set(input, setTimeout(async () => {
      const kind = input.dataset.search;
      const q = input.value.trim();
      const url = `/api/catalog?kind=${encodeURIComponent(kind)}` + (q ? `&q=${encodeURIComponent(q)}` : "");
      try {
        const r = await fetch(url);
        if (!r.ok) return;
        const items = await r.json();
        const list = document.getElementById(`dl-${kind}`);
        list.replaceChildren(...items.slice(0, 40).map((it) => {
          const o = document.createElement("option");
          o.value = it.name;
          o.label = label(it);
          return o;
        }));
      } catch (_) { /* the list stays as it was */ }
    }, SEARCH_MS));
  }

  // --- the line of fire: add, remove, move ----------------------------------------------------

  function fromTemplate(id) {
    return document.getElementById(id).content.firstElementChild.cloneNode(true);
  }

  function focusFirst(root) {
    const el = root.querySelector("input, select, button");
    if (el) el.focus();
  }

  function addCard(kind) {
    const card = fromTemplate(`tpl-${kind}`);
    const name = card.querySelector('[data-key="target"]');
    if (name) { // a name no other card has: a line refuses a target's name given twice
      const taken = new Set([...cards.querySelectorAll('[data-key="target"]')].map((el) => el.value.trim()));
      let n = cards.children.length + 1;
      while (taken.has(`${TITLES[kind]} ${n}`)) n += 1;
      name.value = `${TITLES[kind]} ${n}`;
    }
    if (kind === "target") { // a figure to start from, which a GCS file chosen replaces
      own(card, "hp").value = "10";
      own(card, "hp").dataset.preset = "true";
    }
    // cover goes where cover stands: in front of the first target (after the cover already there)
    const first = kind.endsWith("cover") ? cards.querySelector('.card:not([data-kind$="cover"])') : null;
    if (first) first.before(card);
    else cards.append(card);
    renumber();
    focusFirst(card);
    schedule();
  }

  // the rows a card lists (armour worn, the cover between a blast and a target): each row's
  // class, its template (tpl-<class>) and its buttons (add-<class>, remove-<class>) by the list
  const ROWS = { item: ".item-list", "blast-cover": ".blast-cover-list" };

  function act(button) {
    const card = button.closest(".card");
    const action = button.dataset.act;
    if (action === "up" && card.previousElementSibling) {
      card.previousElementSibling.before(card);
    } else if (action === "down" && card.nextElementSibling) {
      card.nextElementSibling.after(card);
    } else if (action === "remove") {
      const next = card.nextElementSibling || card.previousElementSibling;
      removed(card, card.dataset.words || "the card");
      renumber();
      const place = next ? next.querySelector(".tools button") : form.querySelector(".add:not([hidden]) button");
      if (place) place.focus();
    } else if (action.startsWith("add-") && action.slice(4) in ROWS) {
      const row = fromTemplate(`tpl-${action.slice(4)}`);
      card.querySelector(ROWS[action.slice(4)]).append(row);
      renumber();
      focusFirst(row);
    } else if (action.startsWith("remove-") && action.slice(7) in ROWS) {
      const row = button.closest(`.${action.slice(7)}`);
      const label = row.querySelector("label");
      removed(row, `${label ? label.textContent : "the row"} of ${card.dataset.whose || "the card"}`);
      renumber();
      card.querySelector(`[data-act="add-${action.slice(7)}"]`).focus();
    } else if (action === "forget-gcs") {
      forgetGcs(card);
      card.querySelector("[data-gcs-file]").focus();
    } else if (action === "reroll") {
      const seed = form.querySelector("#g-seed");
      seed.value = String(Math.floor(Math.random() * 2 ** 31));
    } else {
      return;
    }
    if (action === "up" || action === "down") {
      renumber();
      button.focus();
    }
    schedule();
  }

  function showFaces(select) {
    const card = select.closest(".card");
    const face = own(card, "face");
    const found = pageData.vehicles.find((v) => v[0] === select.value);
    const keep = face.value;
    const options = [new Option("from the direction", "")];
    for (const f of found ? found[1] : []) options.push(new Option(f.replace(/_/g, " "), f));
    face.replaceChildren(...options);
    face.value = found && found[1].includes(keep) ? keep : "";
  }

  function slabByMaterial(select) {
    // cover by material is a thin slab unless it says not (GU-18): the box is ticked as a
    // material is first chosen, and may then be unticked
    const was = select.dataset.chosen === "1";
    select.dataset.chosen = select.value ? "1" : "";
    if (select.value && !was) own(select.closest(".card"), "slab").checked = true;
  }

  // --- GCS character files: chosen or dropped on a GURPS target's card ------------------------

  async function takeGcs(card, file) {
    const box = card.querySelector(".field.gcs");
    const error = box.querySelector(".error");
    const hint = box.querySelector("[data-gcs-hint]");
    error.hidden = true;
    const text = await file.text();
    let character;
    try {
      const r = await fetch("/api/gcs?name=" + encodeURIComponent(file.name), {
        method: "POST", headers: { "Content-Type": "application/json" }, body: text,
      });
      character = await r.json();
      if (!r.ok) {
        error.textContent = character.error || `error ${r.status}`;
        error.hidden = false;
        return;
      }
    } catch (e) {
      error.textContent = "no answer from the server: " + e.message;
      error.hidden = false;
      return;
    }
    card.dataset.gcs = withoutPortrait(text);
    card.dataset.gcsName = file.name;
    hint.textContent = `${file.name}: ${character.name}, HP ${character.hp}, ST ${character.st}, ` +
      `HT ${character.ht}, ${character.body.name.toLowerCase()} body`;
    box.querySelector('[data-act="forget-gcs"]').hidden = false;
    // what came with the page (the example's name and figures, a new card's), not typed, is the
    // file's now: the name the file's, the figures empty, for the file's; what was typed stays
    // and overrides the file
    const name = own(card, "target");
    const was = name.value.trim();
    if (!was || name.dataset.preset || /^Target \d+$/.test(was)) {
      name.value = character.name;
      name.dataset.preset = "true"; // the file's: another file chosen names the card again
      const aim = form.querySelector('[data-key="aim"]');
      if (aim && was && aim.value === was) { // the attack aimed at the card: still at it
        renumber();
        aim.value = character.name;
      }
    }
    clearPreset(card, (key) => key !== "target");
    const dropped = JSON.parse(card.dataset.presetExtra || "[]");
    if (dropped.length) { // kept beside the form (a DR by kind): the file's too
      const ex = extra(card);
      for (const key of dropped) delete ex[key];
      card.dataset.extra = JSON.stringify(ex);
      delete card.dataset.presetExtra;
    }
    for (const key of ["hp", "dr", "st"]) { // the file gives them; what is typed overrides it
      own(card, key).placeholder = "file"; // short: a phone's narrow box would cut "from the file"
    }
    own(card, "hardened").placeholder = "file";
    const note = card.querySelector("[data-gcs-note]");
    note.textContent = `A box that says "file" takes the file's figure: HP ${character.hp}, ` +
      `ST ${character.st}, Hardened ${character.hardened}, the DR at the location hit. ` +
      "A number typed in it overrides the file.";
    note.hidden = false;
    own(card, "injury_tolerance").options[0].textContent = "from the file";
    beside(card, true, {
      perfect_balance: character.perfect_balance,
      high_pain_threshold: character.pain_threshold === "high",
      low_pain_threshold: character.pain_threshold === "low",
    });
    const where = own(card, "location");
    const options = [new Option("the attack's", ""), new Option("random (the file's body)", "random")];
    for (const [id, label] of bodyPlaces(character.body)) options.push(new Option(label, id));
    placeOptions(where, options);
    schedule();
  }

  async function takeAttackGcs(root, file) {
    // the shooter's sheet: its usable weapons in the select, the others listed with why
    const box = root.querySelector(".field.gcs-attack");
    const error = box.querySelector(".error");
    const hint = box.querySelector("[data-gcs-attack-hint]");
    error.hidden = true;
    const text = await file.text();
    let sheet;
    try {
      const r = await fetch("/api/gcs?weapons=true&name=" + encodeURIComponent(file.name), {
        method: "POST", headers: { "Content-Type": "application/json" }, body: text,
      });
      sheet = await r.json();
      if (!r.ok) {
        error.textContent = sheet.error || `error ${r.status}`;
        error.hidden = false;
        return;
      }
    } catch (e) {
      error.textContent = "no answer from the server: " + e.message;
      error.hidden = false;
      return;
    }
    root.dataset.gcs = withoutPortrait(text);
    root.dataset.gcsName = file.name;
    const usable = sheet.weapons.filter((w) => w.usable);
    const unusable = sheet.weapons.filter((w) => !w.usable);
    hint.textContent = `${file.name}: ${sheet.name}, ${usable.length} of ` +
      `${sheet.weapons.length} weapons usable as attacks`;
    const select = root.querySelector("[data-gcs-weapon]");
    const options = [new Option("none: the damage typed below", "")];
    for (const w of usable) {
      const o = new Option(weaponText(w), w.id);
      o.dataset.weapon = JSON.stringify(w);
      options.push(o);
    }
    select.replaceChildren(...options);
    const wanted = usable.find((w) => w.id === select.dataset.wanted);
    select.value = wanted ? wanted.id : (usable.length ? usable[0].id : "");
    const list = root.querySelector("[data-gcs-unusable]");
    list.replaceChildren(...unusable.map((w) => {
      const li = document.createElement("li");
      li.textContent = `${weaponName(w)}: ${w.problem}`;
      return li;
    }));
    root.querySelector("[data-gcs-unusable-lead]").hidden = !unusable.length;
    root.querySelector("[data-gcs-weapon-box]").hidden = false;
    weaponChosen(root);
    schedule();
  }

  function clearPreset(root, which) {
    // the values of root's boxes that came with the page (data-preset: an example's, a new
    // card's), not typed, cleared for a file's or a sheet's own: a box empty, a list on its
    // first choice, a checkbox as unsaid (Ranged ticked, a trait not)
    for (const el of root.querySelectorAll("[data-preset]")) {
      if (owner(el) !== root || (which && !which(el.dataset.key))) continue;
      if (el.type === "checkbox") el.checked = el.dataset.key === "ranged";
      else el.value = "";
      delete el.dataset.preset;
    }
  }

  function weaponName(w) {
    return w.usage ? `${w.name} (${w.usage})` : w.name;
  }

  function weaponText(w) {
    const bits = [w.damage, w.skill === null ? "no skill: type one" : `skill ${w.skill}`];
    if (w.rate_of_fire) bits.push(`RoF ${w.rate_of_fire}`);
    if (w.recoil) bits.push(`Rcl ${w.recoil}`);
    if (w.half_damage_range !== null) bits.push(`1/2D ${w.half_damage_range}`);
    // what the sheet gives in no rule's terms: the attack needs it typed (skill is said above)
    for (const key of w.needs || []) if (key !== "skill") bits.push(`${key}: type it`);
    return `${weaponName(w)}: ${bits.join(", ")}`;
  }

  function weaponChosen(root) {
    // what the sheet gives shows in the boxes it fills; a figure typed there overrides it
    const select = root.querySelector("[data-gcs-weapon]");
    const option = select.selectedOptions[0];
    const w = option && option.dataset.weapon ? JSON.parse(option.dataset.weapon) : null;
    select.dataset.wanted = w ? w.id : "";
    // the weapon gives these: the figures that came with the page (the example's) empty, showing
    // the sheet's, a figure typed staying to override it; the example's roll, for its damage, too
    if (w) clearPreset(root);
    own(root, "damage").placeholder = w ? `sheet: ${w.damage}` : "7d(2) pi-, 3d+1 cr";
    own(root, "skill").placeholder = w && w.skill !== null ? `sheet: ${w.skill}` : "";
    own(root, "half_damage_range").placeholder =
      w && w.half_damage_range !== null ? `sheet: ${w.half_damage_range}` : "";
  }

  function bodyPlaces(body) {
    // Every location of a file's body, its sub-tables' too, as [id, label]. A scenario aims at
    // an id, so the locations that share one (a right and a left arm, both "arm") are one
    // choice, named with all of the file's names for it; a sub-table's location says whose it is.
    const names = new Map();
    const walk = (table, owner, depth) => {
      for (const loc of table.locations || []) {
        const name = owner ? `${loc.table_name} (on the ${owner})` : loc.table_name;
        if (!names.has(loc.id)) names.set(loc.id, []);
        if (!names.get(loc.id).includes(name)) names.get(loc.id).push(name);
        if (loc.sub_table && depth < 8) walk(loc.sub_table, loc.table_name, depth + 1);
      }
    };
    walk(body, "", 0);
    const places = [...names].map(([id, alike]) => [id, alike.join(" or ")]);
    const seen = places.map(([, label]) => label.toLowerCase());
    // two ids that the file names alike are told apart by their ids
    return places.map(([id, label], i) =>
      [id, seen.indexOf(seen[i]) === seen.lastIndexOf(seen[i]) ? label : `${label} (${id})`]);
  }

  function withoutPortrait(text) {
    // the portrait (often most of a file) counts for nothing in a shot: every request that
    // carries the file stays within the scenario's size cap without it
    try {
      const data = JSON.parse(text);
      if (data && data.profile && typeof data.profile === "object" && "portrait" in data.profile) {
        delete data.profile.portrait;
        return JSON.stringify(data);
      }
    } catch (_) { /* the server read it: keep the text as it is */ }
    return text;
  }

  function forgetGcs(card) {
    delete card.dataset.gcs;
    delete card.dataset.gcsName;
    const box = card.querySelector(".field.gcs");
    box.querySelector("[data-gcs-hint]").textContent = "";
    box.querySelector("[data-gcs-file]").value = "";
    box.querySelector('[data-act="forget-gcs"]').hidden = true;
    for (const key of ["hp", "dr", "st", "hardened"]) own(card, key).placeholder = "";
    card.querySelector("[data-gcs-note]").hidden = true;
    own(card, "injury_tolerance").options[0].textContent = "none (default)";
    const humanoid = fromTemplate("tpl-target").querySelector('[data-key="location"]').options;
    placeOptions(own(card, "location"), [...humanoid]);
    beside(card, false, {});
  }

  function placeOptions(select, options) {
    // a body's locations: the one chosen is kept where the body has it (a file chosen again
    // for an address's card keeps its location; a wing goes with the file's avian body)
    const keep = select.value;
    select.replaceChildren(...options);
    select.value = options.some((o) => o.value === keep) ? keep : "";
  }

  function beside(card, gcs, filed) {
    // the traits a GCS file gives: beside a file, a choice of "from the file", yes and no (no
    // takes the file's away); without one, a box. The other control waits in a <template>.
    for (const tpl of card.querySelectorAll("template[data-other]")) {
      const key = tpl.dataset.other;
      let el = own(card, key);
      if ((el.tagName === "SELECT") !== gcs) {
        const field = el.closest(".field");
        const other = tpl.content.querySelector(".field");
        field.replaceWith(other);
        tpl.content.replaceChildren(field);
        const next = own(card, key);
        if (gcs) next.value = el.checked ? "true" : "";
        else next.checked = el.value === "true";
        if (el.dataset.preset) next.dataset.preset = "true"; // still the page's, not typed
        else delete next.dataset.preset;
        el = next;
      }
      if (gcs && key in filed) el.options[0].textContent = `from the file (${filed[key] ? "yes" : "no"})`;
    }
    renumber();
  }

  // --- switching rule set, attack mode, roll mode ---------------------------------------------

  async function switchRules(rules) {
    const other = rules === "penav" ? "gurps" : "penav";
    form.querySelector(`#rules-${other}`).checked = true; // read the state being left
    memory[other] = scenario(true);
    form.querySelector(`#rules-${rules}`).checked = true;
    const next = memory[rules] || pageData.defaults[rules];
    const r = await fetch("/" + address(next));
    const doc = new DOMParser().parseFromString(await r.text(), "text/html");
    document.getElementById("main").replaceWith(document.importNode(doc.getElementById("main"), true));
    bind();
    renumber();
    summarize();
    watchOutcome();
    rolledWith = pageData.seed === undefined ? null : pageData.seed;
    settling = true; // another rule set: an entry of the page's history
    remember(address(next));
    form.querySelector(`#rules-${rules}`).focus();
  }

  function showMode(name, attr) {
    const mode = checked(name);
    form.querySelectorAll(`[${attr}]`).forEach((el) => {
      el.hidden = el.getAttribute(attr) !== mode;
    });
  }

  // --- wiring (delegated, so that a swapped page needs no new listeners) -----------------------

  document.addEventListener("submit", (e) => e.preventDefault());

  document.addEventListener("input", (e) => {
    if (!form || !form.contains(e.target) || e.target.type === "file") return;
    if (e.target.dataset.search) suggest(e.target);
    if (e.target.id === "g-roll") e.target.dataset.typed = "true";
    delete e.target.dataset.preset; // typed by the GM: a GCS file chosen keeps it
    const roll = form.querySelector("#g-roll");
    // a roll the GM never typed (the example's) does not stay for another damage: cleared
    if (e.target.id === "g-damage" && roll && !roll.dataset.typed) roll.value = "";
    schedule();
  });

  document.addEventListener("focusin", (e) => {
    const el = e.target;
    keepPeekClear();
    if (el.dataset && el.dataset.search && !document.getElementById(`dl-${el.dataset.search}`).children.length) {
      suggest(el);
    }
  });

  document.addEventListener("change", (e) => {
    if (!form || !form.contains(e.target)) return;
    const el = e.target;
    if (el.name === "rules") {
      switchRules(el.value);
      return;
    }
    if (el.matches("[data-gcs-file]")) {
      if (el.files && el.files[0]) takeGcs(el.closest(".card"), el.files[0]);
      return;
    }
    if (el.matches("[data-gcs-attack-file]")) {
      if (el.files && el.files[0]) takeAttackGcs(el.closest(".attack"), el.files[0]);
      return;
    }
    if (el.matches("[data-gcs-weapon]")) weaponChosen(el.closest(".attack"));
    if (el.name === "attack-mode") showMode("attack-mode", "data-mode");
    if (el.name === "roll-mode") {
      showMode("roll-mode", "data-roll");
      const seed = form.querySelector("#g-seed");
      if (checked("roll-mode") === "seed" && !seed.value) seed.value = String(Math.floor(Math.random() * 2 ** 31));
    }
    if (el.id === "a-contact") form.querySelector("#a-range").disabled = el.checked;
    if (el.dataset.key === "vehicle") showFaces(el);
    if (el.dataset.key === "material") slabByMaterial(el);
    settling = true; // a value left (not a keystroke): an entry of the page's history
    schedule();
  });

  document.addEventListener("click", (e) => {
    const button = e.target.closest("button");
    if (!button || !form || !form.contains(button)) return;
    if (button.dataset.add || button.dataset.act) settling = true;
    if (button.dataset.add) addCard(button.dataset.add);
    else if (button.dataset.act) act(button);
  });

  function enlarge(svg) {
    // the chart at its own size in a dialog of the whole window, to scroll on a phone
    let dialog = document.getElementById("chart-large");
    if (!dialog) {
      dialog = document.createElement("dialog");
      dialog.id = "chart-large";
      dialog.className = "chart-large";
      dialog.setAttribute("aria-label", "The chart of the shot, larger");
      const bar = document.createElement("div");
      bar.className = "bar";
      const close = document.createElement("button");
      close.type = "button";
      close.textContent = "Close";
      close.addEventListener("click", () => dialog.close());
      bar.append(close);
      const picture = document.createElement("div");
      picture.className = "picture";
      dialog.append(bar, picture);
      dialog.addEventListener("click", (e) => { if (e.target === dialog) dialog.close(); });
      document.body.append(dialog);
    }
    dialog.querySelector(".picture").replaceChildren(svg.cloneNode(true));
    dialog.showModal();
  }

  document.addEventListener("click", (e) => {
    const body = e.target.closest && e.target.closest("#chart .chart-body");
    if (!body || !(e.target.closest("svg") || e.target.closest("[data-enlarge]"))) return;
    const svg = body.querySelector("svg");
    if (svg) enlarge(svg);
  });

  document.addEventListener("dragover", (e) => {
    const card = e.target.closest && e.target.closest('.card[data-kind="target"]');
    if (card) {
      e.preventDefault();
      card.classList.add("dropping");
    }
  });

  document.addEventListener("dragleave", (e) => {
    const card = e.target.closest && e.target.closest(".card");
    if (card) card.classList.remove("dropping");
  });

  document.addEventListener("drop", (e) => {
    const card = e.target.closest && e.target.closest('.card[data-kind="target"]');
    if (!card) return;
    e.preventDefault();
    card.classList.remove("dropping");
    const file = e.dataTransfer && e.dataTransfer.files[0];
    if (file) takeGcs(card, file);
  });

  document.addEventListener("toggle", (e) => {
    if (e.target.id === "chart" && e.target.open) refreshChart();
  }, true);

  document.addEventListener("focusout", () => setTimeout(keepPeekClear, 0));
  window.addEventListener("resize", () => keepPeekClear());
  if (window.visualViewport) window.visualViewport.addEventListener("resize", () => keepPeekClear());
  document.addEventListener("scroll", () => keepPeekClear(), { passive: true });

  function start() {
    bind();
    rolledWith = pageData.seed === undefined ? null : pageData.seed;
    renumber();
    summarize();
    watchOutcome();
    const contact = form.querySelector("#a-contact");
    if (contact && contact.checked) form.querySelector("#a-range").disabled = true;
    const problem = outcome.querySelector(".outcome-error");
    if (problem) {
      const err = { field: problem.dataset.field, error: problem.querySelector(".message").textContent };
      placeErrors([err]);
      problem.querySelector(".message").textContent = worded(err);
    }
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
