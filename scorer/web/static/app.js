// scorer serve: optional niceties; every page works without this file.
// Choosing a photo reads it at once (the "Read the photos" button does the same).
document.addEventListener("change", (event) => {
  const input = event.target;
  if (input.type === "file" && input.files.length && input.form) {
    const read = input.form.querySelector('button[value="read"]');
    if (read) { read.click(); }
  }
  // A corrected card is no longer uncertain.
  if (input.tagName === "SELECT" && input.dataset.cell) {
    input.closest(".cell").classList.remove("uncertain");
  }
});
