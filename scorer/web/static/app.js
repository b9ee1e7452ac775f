// scorer serve: optional niceties; every page works without this file.
document.addEventListener("change", (event) => {
  const input = event.target;
  // Choosing a photo reads it at once (the "Read the photos" button does the same).
  if (input.type === "file" && input.files.length && input.form) {
    const read = input.form.querySelector('button[value="read"]');
    if (read) { read.click(); }
  }
  // A corrected card is no longer uncertain.
  if (input.tagName === "SELECT" && input.dataset.cell) {
    settled(input.closest(".cell"));
  }
  // A seat given to another player: every label and menu naming that seat follows.
  if (input.tagName === "SELECT" && input.dataset.seatSelect !== undefined) {
    const who = input.value;
    document.querySelectorAll(`[data-seat="${input.dataset.seatSelect}"]`).forEach((el) => {
      el.textContent = who + (el.dataset.suffix || "");
    });
  }
  // The rules menu offers the chosen game's presets only.
  if (input.id === "game") { showPresets(input.value); }
});

function showPresets(game) {
  const menu = document.getElementById("preset");
  if (!menu) { return; }
  menu.querySelectorAll("optgroup").forEach((group) => {
    const mine = group.dataset.game === game;
    group.hidden = !mine;
    group.disabled = !mine;
    if (!mine && group.querySelector("option:checked")) { menu.value = ""; }
  });
}

// An unsure card's likelier readings: one tap sets its menu (the menu works without this).
document.addEventListener("click", (event) => {
  const pick = event.target.closest("button.pick");
  if (!pick) { return; }
  const menu = pick.form && pick.form.elements.namedItem(pick.dataset.pick);
  if (!menu) { return; }
  menu.value = pick.value;
  settled(pick.closest(".cell"));
});

// A card whose reading the player chose: no longer unsure, nor its readings and doubt kept.
function settled(cell) {
  cell.classList.remove("uncertain");
  cell.querySelectorAll('input[name^="unsure."], input[name^="alts."], input[name^="doubt."], .picks')
    .forEach((el) => el.remove());
}
