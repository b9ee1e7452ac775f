"""The whole table in one photo (issue 46), in a real headless browser at a phone's width
(the browser test's phone, 360 CSS px): one photo of the table -> the piles drawn on it,
each with the player it is given to -> a tap gives the piles to the other players ->
score -> add to the ledger.

Skipped, saying why, where selenium, chromium, its driver, the models or the shared art
are missing. Screenshots go to $SCORER_SCREENSHOTS (else the test's temporary folder).
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("uvicorn", reason="the web extra is not installed (pip install '.[web]')")
pytest.importorskip("selenium", reason="selenium (test extra) is not installed")

from test_web_browser import (  # noqa: E402
    CHROMIUM,
    CODE,
    DRIVER,
    NO_BROWSER,
    WAIT_S,
    _fits,
    _hands,
    _shot,
    browser,  # noqa: F401  (the fixture)
    server,  # noqa: F401  (the fixture)
)
from test_web_table import BRIGHTS, JUNK, table_photo  # noqa: E402
from vision_fakes import HAVE_DATA, HAVE_MODELS, NO_MODELS  # noqa: E402

pytestmark = [
    pytest.mark.skipif(not (CHROMIUM and DRIVER), reason=NO_BROWSER),
    pytest.mark.skipif(not HAVE_MODELS, reason=NO_MODELS),
    pytest.mark.skipif(not HAVE_DATA, reason="the table photo is drawn from ../shared/data"),
]


def test_one_photo_of_the_table_scored_and_added_at_phone_width(
        server: tuple[str, str], browser: object, tmp_path: Path) -> None:  # noqa: F811
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import Select, WebDriverWait


    base, db = server
    driver = browser
    wait = WebDriverWait(driver, WAIT_S)
    photo = tmp_path / "end.jpg"
    photo.write_bytes(table_photo())

    driver.get(f"{base}/")  # type: ignore[attr-defined]
    box = driver.find_element(By.NAME, "code")  # type: ignore[attr-defined]
    box.send_keys(CODE)
    box.submit()
    wait.until(ec.presence_of_element_located((By.NAME, "players")))
    driver.find_element(By.NAME, "name").send_keys("table")  # type: ignore[attr-defined]
    driver.find_element(By.NAME, "players").send_keys("Ana, Bo")  # type: ignore[attr-defined]
    driver.find_element(  # type: ignore[attr-defined]
        By.CSS_SELECTOR, 'form[action="/sessions"] button').click()
    wait.until(ec.presence_of_element_located((By.ID, "totals")))
    driver.find_element(By.LINK_TEXT, "Add a hand").click()  # type: ignore[attr-defined]
    wait.until(ec.presence_of_element_located((By.NAME, "table")))

    # one photo of the table: choosing it reads it (app.js), the page comes back with it
    driver.find_element(By.NAME, "table").send_keys(str(photo))  # type: ignore[attr-defined]
    wait.until(ec.presence_of_element_located((By.NAME, "tablepile.t.2")))
    shown = driver.find_element(By.ID, "table-photo")  # type: ignore[attr-defined]
    wait.until(lambda d: shown.get_attribute("naturalWidth") not in ("0", None))
    menus = {k: Select(driver.find_element(By.NAME, f"tablepile.t.{k}"))  # type: ignore
             for k in (1, 2)}
    # pile 1 lies at the top (Bo, seated across), pile 2 at the bottom (Ana)
    assert [menus[k].first_selected_option.text for k in (1, 2)] == ["Bo", "Ana"]
    _fits(driver)
    _shot(driver, tmp_path, "table-read-360")

    # the cards as the piles hold them (the reading is bench/table_photos.py's to measure):
    # the bottom pile five brights, the top one junk; unread cells are "not a card"
    for k, codes in ((2, BRIGHTS), (1, JUNK)):
        cells = driver.find_elements(  # type: ignore[attr-defined]
            By.CSS_SELECTOR, f'select[name^="grid.t.{k}."]')
        assert len(cells) >= len(codes)
        for j, cell in enumerate(cells):
            Select(cell).select_by_value(codes[j] if j < len(codes) else "")
    # the photo was taken from Bo's side: one tap on each pile gives it to the other player
    menus[1].select_by_visible_text("Ana")
    menus[2].select_by_visible_text("Bo")
    Select(driver.find_element(By.NAME, "q.stop")).select_by_visible_text("Bo")  # type: ignore
    driver.find_element(By.CSS_SELECTOR, 'button[value="score"]').click()  # type: ignore
    add = wait.until(ec.element_to_be_clickable((By.ID, "add")))
    explanation = driver.find_element(  # type: ignore[attr-defined]
        By.CSS_SELECTOR, ".explanation").text
    assert "Ana pays Bo" in explanation
    _fits(driver)
    _shot(driver, tmp_path, "table-scored-360")
    add.click()
    wait.until(ec.presence_of_element_located((By.CSS_SELECTOR, ".notice")))
    _fits(driver)

    hands = _hands(db)
    assert len(hands) == 1 and hands[0].points["Bo"] > 0 > hands[0].points["Ana"]
