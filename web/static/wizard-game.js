// The referee's wizard offers another game than the table's: that game's own referee script was loaded just
// before this one (it set window.GamePages.referee); its wizard part is kept aside for referee.js, and the
// table's game's script, loaded next, sets its own for the decisions of the game under way.
"use strict";
(function () {
  const pages = window.GamePages = window.GamePages || {};
  pages.wizard = pages.referee || {};
  delete pages.referee;
})();
