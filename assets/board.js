// The board on every page (the game, the Learn pages, the puzzles, embedded boards): it
// puts the SVG that Python drew (derive/web/board/svg.py, a pure function) on the page.
// Its in-place patch also puts a French reader's first paint over the game page's English
// one, before any Python (assets/boot.js), which is why the game page loads it first.
// It knows no rules and no page: it is handed its element and the markup. Done here rather
// than from Python, where each node walked is a call across the bridge: drawing a board is
// one call, whichever thread Python runs on. Measured: a key that moves the cursor took
// 5.5 ms with Python drawing the page, 3.0 ms with this doing it (about 60 calls across
// Pyodide's bridge became three, bench/journal/startup.md); a board's markup copied into
// MicroPython and out costs 4 ms for 93 KB (bench/journal/micropython.md), which is why a
// step is handed over whole (`step`). The animations are the browser's Web Animations.
(() => {
  "use strict";

  // Make element `old` what element `model` (same tag, detached) is, keeping every node of
  // `old` that is already right: attributes set where they differ, equal children left,
  // a child that differs patched the same way when it is an element of the same tag and
  // replaced otherwise.
  function patch(old, model) {
    for (const name of model.getAttributeNames()) {
      const value = model.getAttribute(name);
      if (old.getAttribute(name) !== value) old.setAttribute(name, value);
    }
    for (const name of old.getAttributeNames()) {
      if (!model.hasAttribute(name)) old.removeAttribute(name);
    }
    patchChildren(old, model);
  }

  // The children of `old` made those of `model` (an element or a fragment), the same way.
  function patchChildren(old, model) {
    const olds = [...old.childNodes];
    const models = [...model.childNodes];
    if (olds.length === models.length) {
      olds.forEach((before, i) => update(before, models[i]));
    } else {
      align(old, olds, models);
    }
  }

  function update(before, after) {
    if (before.isEqualNode(after)) return;
    if (before.nodeType === Node.ELEMENT_NODE && before.nodeName === after.nodeName) {
      patch(before, after);
    } else if (before.nodeType === Node.TEXT_NODE && after.nodeType === Node.TEXT_NODE) {
      before.data = after.data;
    } else {
      before.replaceWith(after);
    }
  }

  // Children whose number changed (a turn's strip, a selection's marks, come or gone) are
  // matched in order by their kind, the tag and first class: a child the model adds is
  // inserted, one it drops removed, and the others patched where they stand. Replacing
  // them all had the browser lay the whole board out again: 69 ms at 4x CPU as the
  // embedded board went live (bench/journal/touch.md).
  const kind = (node) => node.nodeName +
    (node.nodeType === Node.ELEMENT_NODE ? ` ${(node.getAttribute("class") || "").split(" ")[0]}` : "");
  function align(parent, olds, models) {
    let i = 0;
    for (const after of models) {
      const wanted = kind(after);
      let k = i;
      while (k < olds.length && kind(olds[k]) !== wanted) k += 1;
      if (k === olds.length) {
        parent.insertBefore(after, i < olds.length ? olds[i] : null);
        continue;
      }
      for (; i < k; i += 1) olds[i].remove();
      update(olds[i], after);
      i += 1;
    }
    for (; i < olds.length; i += 1) olds[i].remove();
  }

  // The board already in `element` (the page's prerendered one, or the last drawing) is
  // changed in place, node by node, never replaced: the first paint stays the one a reader
  // sees (a new board would be a new largest paint to the browser), and a move changes a
  // few squares, not the whole picture.
  function draw(element, markup) {
    const board = element.firstElementChild;
    if (!board || element.childElementCount !== 1 || board.tagName !== "svg") {
      element.innerHTML = markup; // nothing of ours to keep
      return;
    }
    const holder = document.createElement("template");
    holder.innerHTML = markup;
    patch(board, holder.content.firstElementChild);
  }

  // The value picker (`box`) beside its square: `left` and `top` in percent of the board.
  function placeBeside(box, left, top, above) {
    box.style.left = `${left}%`;
    box.style.top = `${top}%`;
    box.classList.toggle("above", above);
  }

  // The die now on `square` flies there along `hops` (each square of its path as an offset
  // from `end`, the square's corner), in `ms`. A copy flies above every square (later
  // squares would paint over the die itself); the die shows again when it lands.
  async function fly(element, square, end, hops, ms) {
    const die = element.querySelector(`[data-die="${square}"]`);
    const layer = element.querySelector(".fx");
    if (!die || !layer) return;
    const holder = document.createElementNS("http://www.w3.org/2000/svg", "g");
    holder.setAttribute("transform", `translate(${end[0]} ${end[1]})`);
    const flyer = die.cloneNode(true);
    flyer.removeAttribute("data-die");
    holder.append(flyer);
    layer.append(holder);
    die.style.visibility = "hidden";
    const frames = hops.map(([x, y]) => ({ transform: `translate(${x}px, ${y}px)` }));
    try {
      await flyer.animate(frames, { duration: ms, easing: "ease-in-out" }).finished;
    } catch (_) {
      // cancelled: the board was drawn again meanwhile, the die is where it should be
    } finally {
      holder.remove();
      die.style.visibility = "";
    }
  }

  const pause = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

  // A re-rolled die on `square` shows `faces` one after the other (the last its new value),
  // `frameMs` each, the last `holdMs` more.
  async function roll(element, square, faces, frameMs, holdMs) {
    const die = element.querySelector(`[data-die="${square}"]`);
    if (!die) return;
    const face = document.createElementNS("http://www.w3.org/2000/svg", "g");
    face.classList.add("rolling");
    die.append(face);
    for (const [i, markup] of faces.entries()) {
      face.innerHTML = markup;
      await pause(i === faces.length - 1 ? holdMs : frameMs);
    }
    face.remove();
  }

  // One step of a board carried out, the same on every page: a step of the board's surface
  // (derive/web/board/surface.py: draw, beside, fly, roll) or a lesson's "show", whose
  // drawing is its `markup`. Handed over whole, as the worker answered it: read from
  // MicroPython, a board's markup would be copied in and out again (18 KB: 0.6 ms at 1x,
  // measured under Node, on every gesture of a lesson board). `picker`: the value picker
  // a "beside" step places.
  function step(element, what, picker) {
    if (what.do === "draw" || what.do === "show") return draw(element, what.markup);
    if (what.do === "beside") return placeBeside(picker, what.left, what.top, what.above);
    if (what.do === "fly") return fly(element, what.square, what.end, what.hops, what.ms);
    if (what.do === "roll") return roll(element, what.square, what.faces, what.frame, what.hold);
    return undefined;
  }

  window.deriveBoard = { draw, fly, patch, patchChildren, placeBeside, roll, step };
})();
