"""A photo upload to the recognised grid on `scorer serve`, against `recognize` in-process.

    python bench/web_latency.py                 # 4000x3000 JPEG, 24 cards, 9 runs each
    python bench/web_latency.py --cards 12 --runs 15

The photo is drawn first (art from shared/data, or art-free cards when it is absent) and
saved as a JPEG. Then, in one process with the model loaded once: ``recognize`` is the
pipeline as `scorer recognize` runs it (load_image_sized + recognize_array); ``page`` is a
real HTTP upload to uvicorn on 127.0.0.1 (``POST /s/NAME/add``, action=read) until the page
with the grid and the annotated photo's key has arrived, sent as a phone sends it (the access
code's cookie, the form token the add page gave); ``api`` is ``POST /api/photo``
(the scorer.photo/1 document, no annotated copy). The two are interleaved run by run so the
machine's load falls on both alike. Target: page <= 1.5x recognize. Prints figures; not a test.
"""

from __future__ import annotations

import argparse
import re
import socket
import tempfile
import threading
import time
from pathlib import Path

import numpy as np

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
TARGET = 1.5
CODE = "abcd-efgh-jkmn"  # an access code as `scorer serve` makes one


def _photo(cards: int) -> bytes:
    import cv2

    from scorer.training import scenes

    rng = np.random.default_rng(7)
    if (DATA / "hanafuda" / "labels.csv").is_file():
        art = scenes.load_hanafuda_art(DATA, ["indygwyn_cards_alt"])
        scene = scenes.spread_scene(rng, art, cards, kind="wood")
    else:
        scene = scenes.spread_scene(rng, scenes.procedural_cards(rng, cards), cards, kind="wood")
    ok, jpeg = cv2.imencode(".jpg", scene.image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert ok
    return jpeg.tobytes()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cards", type=int, default=24)
    ap.add_argument("--runs", type=int, default=9)
    args = ap.parse_args()

    import httpx
    import uvicorn

    from scorer.ledger.store import create_session
    from scorer.vision import pipeline
    from scorer.web.app import create_app

    data = _photo(args.cards)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "pile.jpg"
        path.write_bytes(data)
        db = str(Path(tmp) / "ledger.sqlite3")
        create_session(db, "bench", "gostop", ["Ana", "Bo"])
        app = create_app(db, token=CODE)  # loads the classifier, as `scorer serve` does
        clf = app.state.recognizer.classifiers["hanafuda"]
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                               log_level="warning", lifespan="off"))
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        while not server.started:
            time.sleep(0.05)
        base = f"http://127.0.0.1:{port}"
        times: dict[str, list[float]] = {"recognize": [], "page": [], "api": []}
        found = {}
        try:
            with httpx.Client(base_url=base, timeout=120) as http:
                # as a phone that scanned the code: its cookie, then the add page's token
                form = http.get(f"/s/bench/add?code={CODE}", follow_redirects=True)
                token = re.search(r'name="csrf" value="([^"]+)"', form.text)
                assert form.status_code == 200 and token is not None, form.text[:300]
                for i in range(args.runs + 1):  # the first round warms caches and is dropped
                    t0 = time.perf_counter()
                    img, (w, h) = pipeline.load_image_sized(path)
                    res = pipeline.recognize_array(img, "hanafuda", clf, name=str(path),
                                                   width=w, height=h)
                    t1 = time.perf_counter()
                    page = http.post("/s/bench/add",
                                     data={"action": "read", "csrf": token.group(1)},
                                     files={"photo.q.me": ("pile.jpg", data, "image/jpeg")})
                    t2 = time.perf_counter()
                    doc = http.post("/api/photo?game=gostop",
                                    files={"photo": ("pile.jpg", data, "image/jpeg")})
                    t3 = time.perf_counter()
                    assert page.status_code == 200 and "/photos/" in page.text, page.text[:300]
                    assert doc.status_code == 200
                    found = {"recognize": len(res.cards),
                             "page": len(re.findall(r'name="grid\.q\.me\.\d+"', page.text)),
                             "api": len(doc.json()["cards"])}
                    if i:
                        times["recognize"].append(t1 - t0)
                        times["page"].append(t2 - t1)
                        times["api"].append(t3 - t2)
        finally:
            server.should_exit = True
            thread.join(timeout=10)
    med = {k: 1000 * float(np.median(v)) for k, v in times.items()}
    print(f"{len(data) / 1e6:.1f} MB JPEG, {args.cards} cards drawn; cards found {found}")
    for k, label in (("recognize", "recognize in-process"),
                     ("page", "upload -> grid page (HTTP)"),
                     ("api", "upload -> /api/photo (HTTP)")):
        q1, q3 = (1000 * float(np.percentile(times[k], p)) for p in (25, 75))
        print(f"  {label:<28} median {med[k]:6.0f} ms  (quartiles {q1:.0f}-{q3:.0f})  "
              f"{med[k] / med['recognize']:.2f}x")
    ratio = med["page"] / med["recognize"]
    print(f"page / recognize = {ratio:.2f}x (target <= {TARGET}x: "
          f"{'met' if ratio <= TARGET else 'MISSED'})")


if __name__ == "__main__":
    main()
