"""Train a model the photo reader ships and export it to ONNX (training extra only).

    python -m scorer.training --game GAME [--stage bonus] ...   # a classifier: classifier.py
    python -m scorer.training detector [--deck hanafuda] ...    # a detector: detector.py
"""

from __future__ import annotations

import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> None:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["detector"]:  # the detectors have their own trainer and options
        from scorer.training import detector

        detector.main(argv[1:])
    else:
        from scorer.training import classifier

        classifier.main(argv)


if __name__ == "__main__":
    main()
