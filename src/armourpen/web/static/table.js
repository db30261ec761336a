// The GM's chart: typing in "Filter the rows shown" hides the attacks whose names do not contain it.
"use strict";

(() => {
  const box = document.getElementById("f-rows");
  if (!box) return;
  box.addEventListener("input", () => {
    const q = box.value.trim().toLowerCase();
    document.querySelectorAll("tr[data-attack]").forEach((tr) => {
      tr.classList.toggle("hidden-row", q !== "" && !tr.dataset.attack.includes(q));
    });
  });
})();
