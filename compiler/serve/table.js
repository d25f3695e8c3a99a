// The table page of `mjc serve`: keeps #view current over this seat's WebSocket and sends
// the decisions clicked or typed. The server renders every view (escaped there); this script
// only swaps it in and never builds markup from data.
"use strict";
(function () {
  const token = location.pathname.split("/").pop();
  const view = document.getElementById("view");
  const status = document.getElementById("status");
  const refused = document.getElementById("refused");
  let socket = null;
  let state = { round: 0, move: 0 };
  let retry = 500;
  let shownAt = performance.now(); // when the countdowns of #view were last set

  // Each countdown (.clock, its seconds in data-left as the view was sent) counts down here.
  function tick() {
    const gone = (performance.now() - shownAt) / 1000;
    view.querySelectorAll(".clock").forEach(function (clock) {
      const left = Math.max(0, Math.ceil(Number(clock.dataset.left) - gone));
      clock.querySelector("b").textContent = String(left);
    });
  }

  function readState() {
    const table = view.querySelector(".table");
    if (table) {
      state = { round: Number(table.dataset.round), move: Number(table.dataset.move) };
    }
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify(Object.assign({ round: state.round, move: state.move }, message)));
    }
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(scheme + "//" + location.host + "/ws/" + encodeURIComponent(token));
    socket.onopen = function () {
      retry = 500;
      status.textContent = "已连接 connected";
    };
    socket.onmessage = function (event) {
      const message = JSON.parse(event.data);
      if (message.type === "view") {
        refused.hidden = true;
        view.innerHTML = message.html;
        shownAt = performance.now();
        readState();
        const mine = view.querySelector(".seat.mine.acting, .table[data-over=yes]");
        status.textContent = mine ? "轮到你 your move" : "等待 waiting";
        const first = view.querySelector(".tile-button, .act, .next");
        if (first && mine) first.focus({ preventScroll: true });
      } else if (message.type === "refused") {
        refused.textContent = message.reason;
        refused.hidden = false;
      }
    };
    socket.onclose = function (event) {
      if (event.code === 4403) {
        status.textContent = "链接无效 this link opens no seat";
        return;
      }
      status.textContent = "重新连接 reconnecting…";
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 10000);
    };
  }

  view.addEventListener("click", function (event) {
    const button = event.target.closest("button");
    if (!button) return;
    if (button.dataset.next) send({ type: "next" });
    else if (button.dataset.auto) send({ type: button.dataset.auto === "back" ? "back" : "away" });
    else if (button.dataset.act) send({ type: "act", action: JSON.parse(button.dataset.act) });
  });

  document.addEventListener("keydown", function (event) {
    if (event.target.closest("input, select, textarea")) return;
    const tiles = Array.from(view.querySelectorAll(".tile-button"));
    const at = tiles.indexOf(document.activeElement);
    const key = event.key.toLowerCase();
    if ((key === "arrowright" || key === "arrowleft") && tiles.length) {
      const step = key === "arrowright" ? 1 : -1;
      tiles[(at + step + tiles.length) % tiles.length].focus();
      event.preventDefault();
    } else if (key === "p" || key === "h") {
      const kind = key === "p" ? "pass" : "win";
      const button = view.querySelector('.act[data-kind="' + kind + '"]');
      if (button) button.click();
    } else if (key === "n") {
      const button = view.querySelector(".next");
      if (button) button.click();
    }
  });

  readState();
  setInterval(tick, 250);
  connect();
})();
