"""The web page end to end in a real headless browser (Debian's chromium + chromium-driver).

Upload a synthetic pile photo made now by scorer.vision.scenes (drawn rectangles where the
shared art is absent), correct one card in the grid, add the hand, see the total change.
Skipped, saying why, where selenium, chromium or its driver is missing.
"""

from __future__ import annotations

import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("uvicorn", reason="the web extra is not installed (pip install '.[web]')")
pytest.importorskip("selenium", reason="selenium (test extra) is not installed")

from vision_fakes import HAVE_DATA, HAVE_MODELS, NO_MODELS  # noqa: E402
from web_helpers import pile_photo  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
NO_BROWSER = ("no headless browser: install Debian's chromium and chromium-driver "
              "(apt-get install -y chromium chromium-driver); .ci/run does")
WAIT_S = 60  # every wait for the page is bounded: a stuck step fails, it never hangs

pytestmark = [
    pytest.mark.skipif(not (CHROMIUM and DRIVER), reason=NO_BROWSER),
    pytest.mark.skipif(not HAVE_MODELS, reason=NO_MODELS),
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """uvicorn on 127.0.0.1 on a free port, in a thread; stopped at the end."""
    import uvicorn

    from scorer.ledger.store import create_session
    from scorer.web.app import create_app

    db = str(tmp_path / "ledger.sqlite3")
    create_session(db, "fri", "gostop", ["Ana", "Bo"], stake=100, currency="won",
                   preset="cardavia")
    port = _free_port()
    config = uvicorn.Config(create_app(db), host="127.0.0.1", port=port, log_level="warning",
                            lifespan="off")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + WAIT_S
    while not srv.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}", db
    finally:
        srv.should_exit = True
        thread.join(timeout=10)


@pytest.fixture()
def browser() -> Iterator[object]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=420,1800", "--lang=en-US"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(str(DRIVER)), options=options)
    driver.set_page_load_timeout(WAIT_S)
    try:
        yield driver
    finally:
        driver.quit()


def test_photo_correct_add_and_see_the_total(server: tuple[str, str], browser: object,
                                             tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import Select, WebDriverWait

    from scorer.ledger.store import open_for_reading, session_hands

    base, db = server
    driver = browser
    wait = WebDriverWait(driver, WAIT_S)
    photo = tmp_path / "bo.jpg"
    photo.write_bytes(pile_photo())

    driver.get(f"{base}/s/fri")
    before = driver.find_element(By.CSS_SELECTOR, "#totals tfoot td.total").text
    assert before == "0"

    driver.get(f"{base}/s/fri/add")
    driver.find_element(By.NAME, "q.me").send_keys("1b 3b 8b 1r 2r 3r 4r 6r")
    gos = driver.find_element(By.NAME, "q.gos")
    gos.clear()
    gos.send_keys("1")
    # Choosing the photo reads it (app.js clicks "Read the photos"); the page comes back
    # with the grid, the typed fields kept.
    driver.find_element(By.NAME, "photo.q.vs.0").send_keys(str(photo))
    wait.until(ec.presence_of_element_located((By.CSS_SELECTOR, 'select[name^="grid.q.vs.0."]')))
    assert driver.find_element(By.NAME, "q.me").get_attribute("value").startswith("1b")
    cells = driver.find_elements(By.CSS_SELECTOR, 'select[name^="grid.q.vs.0."]')
    assert cells
    shown = driver.find_element(By.CSS_SELECTOR, "img.annotated")
    assert shown.get_attribute("naturalWidth") != "0"

    # Correct one card: the bright the photo shows becomes a junk card (with the shared art
    # the photo holds paulownia-bright; with drawn rectangles, whatever cell comes first),
    # a junk card no cell reads already (drawn rectangles read as anything, and a third
    # pine junk is no pile).
    chosen = [Select(c) for c in cells]
    target = next((s for s in chosen if s.first_selected_option.get_attribute("value")
                   == "paulownia-bright"), chosen[0])
    read = {s.first_selected_option.get_attribute("value") for s in chosen}
    junk = next(v for o in target.options if (v := o.get_attribute("value") or "")
                .endswith("-junk") and v not in read)
    target.select_by_value(junk)

    driver.find_element(By.CSS_SELECTOR, 'button[value="score"]').click()
    add = wait.until(ec.element_to_be_clickable((By.ID, "add")))
    assert "Bo pays Ana" in driver.find_element(By.CSS_SELECTOR, ".explanation").text
    add.click()
    wait.until(ec.presence_of_element_located((By.CSS_SELECTOR, ".notice")))
    after = driver.find_element(By.CSS_SELECTOR, "#totals tfoot td.total").text
    assert after != before and int(after) > 0

    _, conn = open_for_reading(db)
    try:
        hands = session_hands(conn, 1)
    finally:
        conn.close()
    assert len(hands) == 1 and hands[0].points["Ana"] == int(after)
    if HAVE_DATA:  # Bo has no bright once corrected: gwang-bak doubles Ana's 8
        assert int(after) == 16
