// The reference sheet's Print button (a script file: the pages' Content-Security-Policy runs no inline handler).
"use strict";
document.getElementById("print").addEventListener("click", function () { window.print(); });
