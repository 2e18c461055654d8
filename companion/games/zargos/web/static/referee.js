// Zargos's part of the referee's wizard (web/static/referee.js asks it): a Zargos set-up names how many
// players sit (their peoples are chosen in play, by a roll: 2.5), the game's options, and the seed the Pi
// rolls and deals by; its seats are numbered from 0 in the order of the wizard's rows.
"use strict";
(function () {
  const pages = window.GamePages = window.GamePages || {};
  pages.referee = {
    setup: function (wizard, n, common) {
      const setup = {players: n, seed: Math.floor(Math.random() * 2147483647)};
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
