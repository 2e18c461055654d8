// Zargos's part of the referee's wizard (web/static/referee.js asks it): a Zargos set-up names how many
// players sit (their peoples are chosen in play, by a roll: 2.5) and the game's options; its seats are numbered
// from 0 in the order of the wizard's rows. No seed: the Pi rolls and deals by a secret of its own, which no
// page ever knows (companion/table/chance.py).
"use strict";
(function () {
  const pages = window.GamePages = window.GamePages || {};
  pages.referee = {
    setup: function (wizard, n, common) {
      const setup = {players: n};
      if (common.options) setup.options = common.options;
      return setup;
    },
    seats: function (wizard, n, seats) {
      const out = {};
      for (let i = 0; i < n; i++) out[String(i)] = seats[wizard["seat-" + i].value];
      return out;
    },
  };
})();
