// The embedded board's first picture, before any Python (embed.html).
//
// It knows no rule and draws nothing itself: it takes the empty board that the build drew
// (derive.web.board.svg, one per side at the bottom), and puts on its squares the die faces the
// build drew, as the link's piece list says ("r3c3,y2d4 r ry L2": a red 3 on c3…). It
// says, in the frame, that the board is not checked yet. Python (the rules) starts only
// when the reader uses the board (assets/live-boards.js keeps what they did), or at once
// when the first picture needs the rules (a selected die's moves, a later step, autoplay)
// and the board is in view, or when this script cannot read the link: the rules then name
// the bad parameter. <html data-painted> marks the first picture (tests, benchmark).
// Why not PyScript: the picture comes before any Python, so that a host's page of eight
// boards paints them all at once and starts Python only in the one used. Eight embeds are
// drawn within half a second here (bench/journal/embed.md), where one board's Python takes
// a second or more to start in its worker and its page's MicroPython blocks a phone-speed
// CPU 200-340 ms as it starts (bench/journal/touch.md, lighthouse.md).
(() => {
  "use strict";
  const root = document.documentElement;
  const data = JSON.parse(document.getElementById("embed-data").textContent);
  const params = new URLSearchParams(location.search);
  const given = params.get("lang");
  const browser = (navigator.language || "").slice(0, 2).toLowerCase();
  const lang = given === "fr" || given === "en" ? given : browser === "fr" ? "fr" : "en";
  const words = data.words[lang];
  const lesson = document.querySelector("[data-lesson]");
  const figure = lesson.querySelector(".lesson-board");
  const note = lesson.querySelector(".embed-note");
  root.lang = lang;
  document.title = words.title;
  document.body.dataset.waiting = words.waiting;
  document.body.dataset.failed = words.failed;
  document.body.dataset.lost = words.lost;
  for (const element of document.querySelectorAll("[data-word]")) {
    element.textContent = words[element.dataset.word];
  }
  for (const element of document.querySelectorAll("[data-word-label]")) {
    element.setAttribute("aria-label", words[element.dataset.wordLabel]);
  }

  const PIECE = /^([rbyg])([1-6])([a-j](?:10|[1-9]))$/;
  const SWITCH = new Set(["", "0", "1", "true", "false"]);
  const on = (name) => ["", "1", "true"].includes(params.get(name));

  // The link as this script can read it, or null: the rules will say what is wrong.
  function read() {
    if (given !== null && given !== lang) return null;
    for (const name of ["flip", "interactive", "autoplay"]) {
      if (params.has(name) && !SWITCH.has(params.get(name))) return null;
    }
    for (const name of new Set(params.keys())) {
      if (params.getAll(name).length > 1) return null;
    }
    const fields = (params.get("position") || "").trim().split(/\s+/);
    if (fields.length !== 4) return null;
    const [list, toMove, seating, rules] = fields;
    if (!(rules in data.chance) || !/^[rbyg]$/.test(toMove)) return null;
    if (!/^[rbyg]{1,4}(\/[rbyg]{1,4})?$/.test(seating)) return null;
    const seated = [..."rbyg"].filter((c) => seating.includes(c)).join("");
    const sides = data.bottoms[seated];
    const pieces = list === "-" ? [] : list.split(",").map((p) => PIECE.exec(p));
    if (!sides || pieces.some((p) => !p)) return null;
    const moves = (params.get("moves") || "").split(/\s+/).filter(Boolean);
    const ply = params.get("ply");
    if (ply !== null && !/^\d+$/.test(ply)) return null;
    const task = params.get("task");
    if (task !== null && task.length > data.maxTask) return null; // the rules say so
    return {
      position: fields.join(" "),
      toMove,
      rules,
      bottom: sides[on("flip") ? 1 : 0],
      pieces,
      moves,
      task,
      interactive: on("interactive"),
      needsRules: params.has("select") || Number(ply || 0) > 0 || on("autoplay"),
    };
  }

  // Markup drawn by the build, parsed here (an <svg> in a <template> is SVG).
  function parse(markup) {
    const holder = document.createElement("template");
    holder.innerHTML = markup;
    return holder.content.firstElementChild;
  }

  function draw(link) {
    const svg = parse(data.boards[link.bottom]);
    for (const [, colour, value, square] of link.pieces) {
      const place = svg.querySelector(`[data-square="${square}"]`);
      if (!place) return false; // a light square: no die can stand there
      const die = parse(`<svg>${data.dice[colour + value]}</svg>`).firstElementChild;
      die.setAttribute("data-die", square);
      place.append(die);
    }
    svg.setAttribute("data-position", link.position);
    svg.setAttribute("data-checked", "false");
    svg.setAttribute("aria-label", words[`label.${link.toMove}`]);
    lesson.querySelector(".board-wrap").replaceChildren(svg);
    lesson.querySelector(".lesson-status").textContent = words[`status.${link.toMove}`];
    return true;
  }

  function show(link) {
    const mode = link.task !== null ? "exercise" : link.interactive ? "try" : "watch";
    lesson.dataset.mode = mode;
    if (mode === "exercise") {
      figure.dataset.task = link.task;
      figure.dataset.solution = link.task;
      figure.dataset.solved = "false";
      lesson.querySelector(".embed-task").hidden = false;
    }
    if (mode === "watch" && link.moves.length) {
      figure.dataset.moves = link.moves.join(" ");
      lesson.querySelector(".lesson-controls").hidden = false;
      lesson.querySelector(".lesson-counter").textContent = words.start;
    }
    const actions = lesson.querySelector(".lesson-actions");
    actions.hidden = mode === "watch";
    actions.querySelector('[data-action="reroll"]').hidden = !data.chance[link.rules];
  }

  function whenInView(then) {
    if (!("IntersectionObserver" in window)) return then();
    const watch = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      watch.disconnect();
      then();
    }, { threshold: 0.5 });
    watch.observe(figure);
  }

  const link = read();
  if (link && draw(link)) {
    show(link);
    note.textContent = link.needsRules ? words.loading : words.unchecked;
    if (link.needsRules) whenInView(window.deriveStart);
  } else {
    note.textContent = words.checking;
    window.deriveStart();
  }
  // The reader's first touch, click, key or Tab into the frame wakes the rules.
  for (const event of ["pointerdown", "keydown", "focusin"]) {
    addEventListener(event, () => window.deriveStart(), { once: true, capture: true });
  }
  root.dataset.painted = "true";
  root.dataset.paintedAt = String(performance.timeOrigin + performance.now());
})();
