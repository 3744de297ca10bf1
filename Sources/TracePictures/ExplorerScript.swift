import ObjectTrace

/// The explorer page's script: step controls (buttons, ← and → keys, `#step-name` in the
/// address), and the details of a chosen object, read from the page's embedded JSON trace.
///
/// The drawings are made in Swift and come with the page; the script only shows one step at a
/// time and fills in the details panel with `textContent` (never as markup), so no name or value
/// can run as code.
enum ExplorerScript {
  static let source = #"""
    (() => {
      "use strict";
      const data = JSON.parse(document.getElementById("trace-data").textContent);
      const t = data.texts;
      const names = data.traces[0].steps.map((step) => step.name);
      const all = (selector) => Array.from(document.querySelectorAll(selector));
      let current = 0;
      let chosen = null;
      // A broken address (`#%`) opens the first step rather than stopping the script.
      const hashName = () => {
        try { return decodeURIComponent(location.hash.slice(1)); } catch (error) { return ""; }
      };

      function show(index) {
        if (!names.length) return;
        current = Math.max(0, Math.min(names.length - 1, index));
        for (const element of all("[data-step]")) {
          element.hidden = Number(element.dataset.step) !== current;
        }
        for (const button of all("[data-goto]")) {
          button.setAttribute("aria-pressed", String(Number(button.dataset.goto) === current));
        }
        for (const button of all("[data-move]")) {
          const next = current + Number(button.dataset.move);
          button.disabled = next < 0 || next >= names.length;
        }
        for (const cell of all("[data-col]")) {
          cell.classList.toggle("current", Number(cell.dataset.col) === current);
        }
        document.body.dataset.currentStep = names[current];
        if (location.hash.slice(1) !== names[current]) {
          try { history.replaceState(null, "", "#" + names[current]); } catch (error) { }
        }
        if (chosen) describe(chosen.trace, chosen.id);
      }

      function item(list, text) {
        const element = document.createElement("li");
        element.textContent = text;
        list.appendChild(element);
      }

      function entry(parent, title, lines) {
        const term = document.createElement("dt");
        term.textContent = title;
        const value = document.createElement("dd");
        const list = document.createElement("ul");
        for (const line of lines.length ? lines : [t.none]) item(list, line);
        value.appendChild(list);
        parent.append(term, value);
      }

      function describe(traceIndex, id) {
        const trace = data.traces[traceIndex];
        const step = trace.steps.find((s) => s.name === names[current]);
        if (!step) return;
        const object = trace.objects.find((o) => o.id === id);
        const panel = document.getElementById("details");
        panel.replaceChildren();
        const title = document.createElement("h3");
        title.textContent = id;
        panel.appendChild(title);
        const facts = document.createElement("dl");
        entry(facts, t.type, [object ? object.type : id.split("#")[0]]);
        entry(facts, t.scope, [object ? object.scope : "?"]);
        if (!step.live.includes(id) && !step.released.includes(id)) {
          entry(facts, t.heldBy, [t.notDrawn]);
        } else {
          const holding = (step.holders || []).find((h) => h.object === id);
          entry(facts, t.heldBy, holding && holding.heldBy.length ? holding.heldBy : [t.onlyScreens]);
          const mark = (edge) => (edge.via === "closure" ? " (captured)" : "")
            + (edge.ownership ? " (" + edge.ownership + ")" : "");
          entry(facts, t.references, step.edges.filter((e) => e.from === id)
            .map((e) => e.label + mark(e) + " → " + e.to));
          entry(facts, t.referencedBy, step.edges.filter((e) => e.to === id)
            .map((e) => e.from + "." + e.label + mark(e)));
          const page = (kind) => t.pages[kind] ? " (" + t.pages[kind] + ")" : "";
          entry(facts, t.findings, step.findings.filter((f) => f.object === id)
            .map((f) => "⚠ " + f.kind + ": " + f.detail + page(f.kind)));
        }
        entry(facts, t.timeline, trace.steps.map((s) => s.name + ": " + state(s, id)));
        panel.appendChild(facts);
        clearChoice();
        chosen = { trace: traceIndex, id: id };
        document.body.classList.add("has-choice");
        for (const element of all("[data-trace='" + traceIndex + "'] g.object")) {
          if (element.dataset.id === id) element.classList.add("chosen");
        }
        for (const element of all("[data-trace='" + traceIndex + "'] path.edge")) {
          if (element.dataset.from === id || element.dataset.to === id) {
            element.classList.add("touching");
          }
        }
      }

      // No object chosen: every object and reference drawn as at first.
      function clearChoice() {
        chosen = null;
        document.body.classList.remove("has-choice");
        for (const element of all(".chosen")) element.classList.remove("chosen");
        for (const element of all(".touching")) element.classList.remove("touching");
      }

      function state(step, id) {
        const words = [];
        if (step.created.includes(id)) words.push(t.created);
        if (step.released.includes(id)) words.push(t.released);
        if (!words.length && step.live.includes(id)) words.push(t.alive);
        const kinds = step.findings.filter((f) => f.object === id).map((f) => "⚠ " + f.kind);
        return (words.join(", ") || "—") + (kinds.length ? " · " + kinds.join(", ") : "");
      }

      function choose(element) {
        const owner = element.closest("[data-trace]");
        describe(owner ? Number(owner.dataset.trace) : 0, element.dataset.id);
      }

      document.addEventListener("click", (event) => {
        const target = event.target instanceof Element ? event.target : null;
        if (!target) return;
        const move = target.closest("[data-move]");
        if (move) return show(current + Number(move.dataset.move));
        const goto = target.closest("[data-goto]");
        if (goto) return show(Number(goto.dataset.goto));
        const object = target.closest("[data-id]");
        if (object) choose(object);
      });
      document.addEventListener("keydown", (event) => {
        if (event.altKey || event.ctrlKey || event.metaKey) return;
        if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
          show(current + (event.key === "ArrowRight" ? 1 : -1));
          event.preventDefault();
        } else if ((event.key === "Enter" || event.key === " ") && event.target instanceof Element
          && event.target.matches("g.object")) {
          choose(event.target);
          event.preventDefault();
        } else if (event.key === "a" || event.key === "A") {
          document.body.classList.toggle("all-references");
        } else if (event.key === "Escape") {
          clearChoice();
        }
      });
      document.addEventListener("focusin", (event) => {
        if (event.target instanceof Element && event.target.matches("g.object")) {
          choose(event.target);
        }
      });
      window.addEventListener("hashchange", () => {
        const index = names.indexOf(hashName());
        if (index >= 0 && index !== current) show(index);
      });
      const start = names.indexOf(hashName());
      show(start >= 0 ? start : 0);
    })();
    """#
}
