// The referee's PIN form: a wrong PIN says so; too many say how long to wait (429).
"use strict";
(function () {
  const X = window.Xidit;
  const form = document.getElementById("login");
  const note = document.getElementById("login-note");
  form.addEventListener("submit", async function (event) {
    event.preventDefault();
    await X.loaded;
    const answer = await X.post("/api/login", {pin: form.pin.value.trim()});
    if (answer.ok) { location.reload(); return; }
    const data = await answer.json().catch(function () { return {}; });
    if (answer.status === 429) note.textContent = X.t("Too many wrong PINs: try again in {n} s.", {n: data.retry_after});
    else if (answer.status === 403) note.textContent = X.t("Wrong PIN.");
    else note.textContent = X.t("Refused: {error}", {error: data.error || answer.status});
    form.pin.select();
  });
})();
