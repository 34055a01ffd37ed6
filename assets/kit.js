// The embed kit's pages (embed-kit.html, integrer.html): snippets that name this site in
// full (a snippet is pasted on another site), copy buttons, and the builder, which writes a
// snippet from a form and shows it in the preview frame. The board in the frame checks the
// link itself (its rules name any bad parameter): nothing here knows a rule, so the builder
// wakes the preview's rules and says what they made of the link, under the snippet.
// Why not PyScript: these pages run no Python of their own (the preview frame's board has
// its own), and a page's MicroPython costs a task of 200-340 ms at 4x CPU as it starts,
// whatever its script (bench/journal/lighthouse.md, micropython.md): for a form, copy
// buttons and one URL, the pages would load PyScript's core and MicroPython (0.23 MB
// compressed for MicroPython alone) and block a phone, to do what this does in 100 lines.
(() => {
  "use strict";
  const FRAME = "embed.html";

  const absolute = (text) => text.replace(/src="embed\.html/g, `src="${new URL(FRAME, location.href).href}`);
  function refreshSnippets() {
    for (const code of document.querySelectorAll("[data-snippet]")) {
      code.textContent = absolute(code.textContent);
    }
  }

  addEventListener("click", async (event) => {
    const button = event.target.closest && event.target.closest("[data-copy]");
    if (!button) return;
    const code = button.parentElement.querySelector("[data-snippet]");
    try {
      await navigator.clipboard.writeText(code.textContent);
      const label = button.textContent;
      button.textContent = button.dataset.copied;
      setTimeout(() => { button.textContent = label; }, 1500);
    } catch (_) {
      getSelection().selectAllChildren(code); // copying refused: select it for the reader
    }
  });

  // A query part: encoded so that the notation's "+" and "|" survive ("+" means a space).
  const part = (name, value) => `${name}=${encodeURIComponent(value).replace(/%2C/g, ",")}`;

  function build(form) {
    const value = (name) => form.elements[name].value.trim();
    const mode = form.elements.mode.value;
    const parts = [part("position", value("position"))];
    if (value("select")) parts.push(part("select", value("select")));
    if (mode === "watch" && value("moves")) {
      parts.push(part("moves", value("moves").split(/\s+/).join(" ")));
      if (value("ply")) parts.push(part("ply", value("ply")));
      if (form.elements.autoplay.checked) parts.push("autoplay=1");
    }
    if (mode === "try") parts.push("interactive=1");
    if (mode === "exercise") parts.push(part("task", value("task")));
    if (form.elements.flip.checked) parts.push("flip=1");
    if (value("lang")) parts.push(part("lang", value("lang")));
    return `${FRAME}?${parts.join("&")}`;
  }

  function show(form) {
    const src = build(form);
    const preview = document.getElementById("kit-preview");
    const code = document.getElementById("kit-snippet");
    const frame = preview.cloneNode(false);
    frame.removeAttribute("id");
    frame.removeAttribute("class");
    frame.removeAttribute("data-frame-style");
    frame.setAttribute("src", src);
    frame.setAttribute("title", "Dérive");
    // The pasted frame's style is the page's examples' (build_embed.FRAME_STYLE), handed
    // over on the preview so that it is written once.
    frame.setAttribute("style", preview.dataset.frameStyle);
    code.textContent = absolute(frame.outerHTML);
    judge(preview, document.getElementById("kit-verdict"));
    preview.src = src;
  }

  // The preview is of this site: its page can be read. Its rules start (a board waits for
  // its reader otherwise) and either make it live or name the bad parameter in its alert.
  function judge(preview, box) {
    const say = (kind, detail = "") => {
      box.dataset.verdict = kind;
      box.textContent = detail ? `${box.dataset[kind]} ${detail}` : box.dataset[kind];
    };
    say("checking");
    preview.addEventListener("load", () => {
      const inner = preview.contentWindow;
      const doc = preview.contentDocument;
      if (!inner || !doc) return;
      const root = doc.documentElement;
      const settled = () => {
        if (root.dataset.python === "failed") return say("failed"), true;
        if (root.dataset.ready !== "true") return false;
        const alert = doc.querySelector("[role=alert]");
        const refusal = alert && !alert.hidden ? alert.textContent.trim() : "";
        return (refusal ? say("refused", refusal) : say("accepted")), true;
      };
      if (settled()) return;
      const watch = new MutationObserver(() => settled() && watch.disconnect());
      watch.observe(root, { attributes: true, attributeFilter: ["data-ready", "data-python"] });
      if (typeof inner.deriveStart === "function") inner.deriveStart();
    }, { once: true });
  }

  addEventListener("DOMContentLoaded", () => {
    refreshSnippets();
    const form = document.getElementById("kit-form");
    if (!form) return;
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      show(form);
    });
  });
})();
