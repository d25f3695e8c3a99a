// The replay viewer (no build step): on the form, a chosen file fills the log box; on a
// replay page, one step shown at a time — first / back / forward / last, keys ← → Home End;
// the address's #stepN names the state shown (and is kept current).
"use strict";
(function () {
  const file = document.getElementById("logfile");
  if (file) {
    file.addEventListener("change", function () {
      const chosen = file.files && file.files[0];
      if (!chosen) return;
      chosen.text().then(function (text) {
        document.getElementById("logtext").value = text;
      });
    });
  }
  const steps = Array.from(document.querySelectorAll("section.step"));
  if (!steps.length) return;
  const where = document.getElementById("where");
  let at = 0;
  function show(i) {
    at = Math.max(0, Math.min(steps.length - 1, i));
    steps.forEach(function (s, k) { s.hidden = k !== at; });
    where.textContent = (at + 1) + " / " + steps.length;
    history.replaceState(null, "", "#step" + at);  // a link to this state
  }
  const moves = { first: function () { return 0; }, back: function () { return at - 1; },
    forward: function () { return at + 1; }, last: function () { return steps.length - 1; } };
  document.querySelector("nav.stepper").hidden = false;
  document.querySelectorAll("button[data-go]").forEach(function (b) {
    b.addEventListener("click", function () { show(moves[b.dataset.go]()); });
  });
  document.querySelectorAll("a[data-to]").forEach(function (a) {
    a.addEventListener("click", function (e) { e.preventDefault(); show(Number(a.dataset.to)); });
  });
  document.addEventListener("keydown", function (e) {
    const key = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" }[e.key];
    if (!key || e.target.closest("input, textarea, select")) return;
    e.preventDefault();
    show(moves[key]());
  });
  const asked = /^#step(\d+)$/.exec(location.hash);
  show(asked ? Number(asked[1]) : 0);
})();
