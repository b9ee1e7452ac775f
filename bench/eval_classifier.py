"""Accuracy and latency of the card/tile classifiers. Prints figures; not part of the tests.

    python bench/eval_classifier.py                       # real-val + latency, shipped models
    python bench/eval_classifier.py --loso hanafuda:indygwyn_cards_alt \\
        --loso hanafuda:indygwyn_cards_alt:hanafuda-indygwyn-family --loso mahjong:kde_classic

(a) mahjong real photos (`mahjong/real-val`, validation only) with the shipped model;
(b) leave-one-set-out: synthetic crops of an art set, classified by a model trained without
    that set. Train those models first (shorter schedule):
        python -m scorer.training --game GAME --exclude-set SET --epochs 2 \\
            --out /tmp/scorer-loso/GAME-SET
    (`indygwyn_cards` and `indygwyn_cards_alt` share their drawings, so the family run leaves
    both out: `--exclude-set indygwyn_cards --exclude-set indygwyn_cards_alt`.)
    Mahjong reads in two stages: train the bonus reader into the same folder
    (`--stage bonus --exclude-set SET --out` that folder; the manifest gains its entry) and
    the run uses both; for mahjong a flowers/seasons-only figure is printed too.
(c) latency per crop, batched, on this CPU.
At the end a markdown table.

Leave-one-maker-out (`--lomo GAME`, bench/NOTES.md "Held-out makers"; trains, so it needs the
train extra, and runs nothing else):
    python bench/eval_classifier.py --lomo hanafuda --arch cardnet --per-card 4
    python bench/eval_classifier.py --lomo mahjong --arch lite0 --budget 150 --fold 0
    python bench/eval_classifier.py --lomo hanafuda --reference     # the shipped models
    python bench/eval_classifier.py --lomo hanafuda --collect runs/lomo-hanafuda-*.json
"""

from __future__ import annotations

import argparse
import csv
import json
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from scorer.training import synth
from scorer.vision.classify import BONUS_PRIOR, Classifier, OnnxModel
from scorer.vision.models import BONUS_MODEL, load_manifest, models_dir

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
LOSO_DIR = Path("/tmp/scorer-loso")
BONUS_PRIOR_ARG = BONUS_PRIOR  # --bonus-prior
VIEWS_ARG: int | None = None  # --views (None: the reader's, tiles.READER.views)


def report(name: str, truth: list[str], preds: list[str], rejected: list[bool]) -> float:
    t, p = np.array(truth), np.array(preds)
    acc = float((t == p).mean())
    print(f"\n## {name}: top-1 {acc:.4f} ({int((t == p).sum())}/{len(t)}), "
          f"rejected {int(np.sum(rejected))}")
    rows = []
    for lab in sorted(set(truth), key=truth.index):
        m = t == lab
        rows.append((lab, float((p[m] == lab).mean()), int(m.sum())))
    worst = sorted(rows, key=lambda r: r[1])
    print("per class (worst first): " + ", ".join(f"{lab} {a:.2f}/{n}" for lab, a, n in worst))
    conf = Counter((a, b) for a, b in zip(truth, preds, strict=True) if a != b)
    print("top confusions (true -> predicted): "
          + (", ".join(f"{a}->{b} x{n}" for (a, b), n in conf.most_common(10)) or "none"))
    return acc


def subset_acc(truth: list[str], preds: list[str], keep: set[str]) -> tuple[float, int]:
    pairs = [(a, b) for a, b in zip(truth, preds, strict=True) if a in keep]
    return (sum(a == b for a, b in pairs) / max(1, len(pairs)), len(pairs))


def real_val(results: list[tuple[str, str, str]]) -> None:
    root = DATA / "mahjong" / "real-val"
    if not root.is_dir():
        print(f"(skipping real-val: {root} not found)")
        return
    with open(root / "labels.csv", newline="") as fh:
        rows = list(csv.DictReader(fh))
    crops = [cv2.imread(str(root / r["file"]), cv2.IMREAD_COLOR) for r in rows]
    truth = [synth.mahjong_label(r["tile"]) for r in rows]
    bonus = set(synth.BONUS_LABELS)
    std = {t for t in truth if t not in bonus and t != "back"}
    # The shipped two-stage reading, then the first stage alone (what the bonus reader adds).
    for second, how in ((True, ""), (False, " (first stage only)")):
        preds = Classifier("mahjong", second_stage=second, bonus_prior=BONUS_PRIOR_ARG,
                           views=VIEWS_ARG).classify(crops)
        labels = [p.label for p in preds]
        acc = report(f"mahjong real-val (real photos, shipped model{how})", truth, labels,
                     [p.rejected for p in preds])
        a_std, n_std = subset_acc(truth, labels, std)
        a_b, n_b = subset_acc(truth, labels, bonus)
        print(f"34 standard tiles: {a_std:.4f} ({n_std}); flowers/seasons: {a_b:.4f} ({n_b})")
        results += [
            ("mahjong", f"real-val photos, all 42 classes{how}", f"{acc:.1%} ({len(truth)})"),
            ("mahjong", f"real-val, 34 standard tiles{how}", f"{a_std:.1%} ({n_std})"),
            ("mahjong", f"real-val, flowers/seasons{how}", f"{a_b:.1%} ({n_b})"),
        ]


def loso(game: str, held_out: str, model_name: str, per_card: int, seed: int,
         results: list[tuple[str, str, str]]) -> None:
    model_dir = LOSO_DIR / model_name
    if not (model_dir / "manifest.json").exists():
        print(f"\n(no LOSO model for {game}:{held_out}; train it with "
              f"`python -m scorer.training --game {game} --exclude-set {held_out} "
              f"--epochs 2 --out {model_dir}`)")
        return
    rng = np.random.default_rng(seed)
    spec = synth.spec_for(game)
    items = synth.load_art(game, DATA, sets=[held_out])
    crops, truth = [], []
    for it in items:
        for _ in range(per_card):
            crops.append(synth.render_crop(rng, it.image, spec))
            truth.append(it.label)
    clf = Classifier(game, models_directory=model_dir)
    preds = clf.classify(crops)
    trained = clf.metadata["train"]
    excluded = trained["exclude_sets"]
    how = f"trained without {', '.join(excluded)}, " + (
        f"{trained['epochs']} epochs" if trained["epochs"] is not None  # None: --join
        else f"{len(trained['joined'])} files averaged")
    if len(clf.metadata["stages"]) > 1:  # a leave-one-set-out bonus reader sits beside it
        reader = load_manifest(model_dir)["models"][BONUS_MODEL]["train"]
        how += (f"; bonus reader without {', '.join(reader['exclude_sets'])}, "
                f"{reader.get('members', 1)}x{reader['epochs']} epochs")
    labels = [p.label for p in preds]
    acc = report(f"{game} held-out art set {held_out} (synthetic crops, seed {seed}, {how})",
                 truth, labels, [p.rejected for p in preds])
    results.append((game, f"held-out art `{held_out}` (synthetic crops; {how})",
                    f"{acc:.1%} ({len(truth)})"))
    if game == "mahjong":
        a_b, n_b = subset_acc(truth, labels, set(synth.BONUS_LABELS))
        print(f"flowers/seasons: {a_b:.4f} ({n_b})")
        results.append((game, f"held-out art `{held_out}`, flowers/seasons only ({how})",
                        f"{a_b:.1%} ({n_b})"))


# ---------------------------------------------------------------------------------------------
# Leave-one-maker-out (bench/NOTES.md, "Held-out makers")
#
# Fixed before any experiment of issue #24 and not to be changed to suit a result: art sets of
# one maker, or sets that share drawings or a tile template, sit in one fold, so a fold's
# makers are unseen by the model it is tested on. `NEVER_HELD_OUT`: sets that are the only art
# of some class (hanafuda's bonus cards) are always trained on and never tested.
LOMO_FOLDS: dict[str, tuple[tuple[str, ...], ...]] = {
    "mahjong": (
        # flat riichi/ivory vector faces (xhokir_bonus completes fluffystuff_regular)
        ("fluffystuff_regular", "fluffystuff_black", "xhokir_bonus", "gleitz_ink",
         "ffalt_classic"),
        # KDE's tilesets (kde_bamboo repaints kde_classic's glyphs)
        ("kde_default", "kde_classic", "kde_bamboo", "kde_traditional", "kde_jade"),
        # GNOME's two themes, Hong Kong vector faces, xmahjongg's Dorothy and Sanctuary sets
        ("gnome_smooth", "gnome_postmodern", "samoheen_hongkong", "xmahjongg_dorothys",
         "xmahjongg_real_sanctuary"),
        # PySol's 45x58 tile template (xmahjongg_small shares crystal's bonus drawings)
        ("pysol_crystal", "pysol_ethereal", "pysol_tomorrow", "pysol_golden", "pysol_kyushu",
         "pysol_xmahjongg_small"),
        # PySol's other sets
        ("pysol_ivory", "pysol_brightly", "pysol_western_classic", "pysol_zy",
         "pysol_funny_papers"),
    ),
    "hanafuda": (
        # the Wikimedia Commons family (Mantia / Spenjo / Richert drawings)
        ("indygwyn_cards", "indygwyn_cards_alt", "itsent_hwatu", "aaronrwang_hwatu"),
        # freegostop's two renderings of one drawing, and timomt
        ("freegostop_color", "freegostop_pencil", "timomt"),
        # PySol's Nintendo-pattern decks and Genjuro
        ("pysol_hwato", "pysol_visions", "pysol_genjuro"),
        # PySol's Korean pixel deck and the 19th-century woodblock redraw
        ("pysol_oonsoo", "pysol_200_years"),
    ),
}
NEVER_HELD_OUT = {"hanafuda": ("cs470_bonus",), "mahjong": ()}


def _kind_of(game: str, label: str) -> str:
    """The group a figure is given for: mahjong standard tiles or flowers/seasons; cards."""
    if game == "hanafuda":
        return "cards"
    return "flowers/seasons" if label in synth.BONUS_LABELS else "standard tiles"


def lomo_crops(game: str, sets: tuple[str, ...], per_card: int, seed: int
               ) -> tuple[list[np.ndarray], list[str], list[str]]:
    """Synthetic test crops of `sets` as the benchmark draws them (art as printed)."""
    rng = np.random.default_rng(seed)
    spec = synth.spec_for(game)
    crops, truth, where = [], [], []
    for it in synth.load_art(game, DATA, sets=list(sets)):
        for _ in range(per_card):
            crops.append(synth.render_crop(rng, it.image, spec))
            truth.append(it.label)
            where.append(it.set)
    return crops, truth, where


def per_set(game: str, truth: list[str], preds: list[str], where: list[str]
            ) -> dict[str, dict[str, tuple[int, int]]]:
    """{kind: {set: (right, n)}}; backs are left out of every kind."""
    out: dict[str, dict[str, tuple[int, int]]] = {}
    for t, p, s in zip(truth, preds, where, strict=True):
        if t == "back":
            continue
        r, n = out.setdefault(_kind_of(game, t), {}).get(s, (0, 0))
        out[_kind_of(game, t)][s] = (r + (t == p), n + 1)
    return out


def lomo_summary(game: str, table: dict[str, dict[str, tuple[int, int]]], title: str) -> None:
    """Mean over sets (each set weighs the same) and the worst set, per kind."""
    print(f"\n### {title}")
    for kind, sets in table.items():
        accs = {s: r / n for s, (r, n) in sets.items()}
        worst = min(accs, key=lambda s: accs[s])
        pooled = sum(r for r, _ in sets.values()) / sum(n for _, n in sets.values())
        print(f"{game} {kind}: mean over {len(accs)} sets {np.mean(list(accs.values())):.1%}, "
              f"worst {worst} {accs[worst]:.1%}, pooled {pooled:.1%}")
        print("  " + ", ".join(f"{s} {a:.0%}/{sets[s][1]}"
                               for s, a in sorted(accs.items(), key=lambda x: x[1])))


def lomo(game: str, arch: str, budget: float, per_class: int, per_card: int, seed: int,
         folds: list[int], out: Path | None, steps: int | None = None) -> None:
    """Train `arch` without each fold for `budget` CPU seconds (or `steps` steps); test on
    the fold's crops."""
    import torch

    from scorer.training import classifier

    torch.set_num_threads(2)
    labels = synth.labels_for(game)
    reject = labels.index(synth.REJECT_LABEL)
    t0 = time.time()
    data = classifier.render_dataset(game, per_class, seed=0)
    print(f"{len(data[0])} training crops rendered/cached in {time.time() - t0:.0f}s", flush=True)
    table: dict[str, dict[str, tuple[int, int]]] = {}
    record: dict[str, object] = {"game": game, "arch": arch, "budget_cpu_s": budget,
                                 "per_class": per_class, "per_card": per_card, "seed": seed,
                                 "steps": steps, "folds": {}}
    for k in folds:
        fold = tuple(s for s in LOMO_FOLDS[game][k] if s not in NEVER_HELD_OUT[game])
        x_tr, y_tr = classifier._without_sets(data, fold)
        w0 = time.time()
        # "shipped": the shipped model's networks trained on (their folds are held out only
        # where the shipped model never saw the fold's sets either).
        init = (classifier.cardnets_from_onnx(models_dir() / f"{game}.onnx")
                if arch == "shipped" else None)
        net, stats = classifier.fit_budget("cardnet" if init else arch, len(labels), x_tr, y_tr,
                                      budget, seed=k, init=init, steps=steps)
        crops, truth, where = lomo_crops(game, fold, per_card, seed)
        logits = classifier._logits(net, np.stack([_resized(c, game) for c in crops]))
        logits[:, reject] = -np.inf  # top-1 among the cards, as Prediction.label is
        preds = [labels[i] for i in logits.argmax(1).tolist()]
        fold_table = per_set(game, truth, preds, where)
        for kind, sets in fold_table.items():
            table.setdefault(kind, {}).update(sets)
        print(f"fold {k} ({', '.join(fold)}): {len(x_tr)} training crops, "
              f"{stats['steps']} steps = {stats['epochs']:.2f} epochs in {stats['cpu_s']:.0f} "
              f"CPU s ({time.time() - w0:.0f} s wall)", flush=True)
        lomo_summary(game, fold_table, f"fold {k}")
        record["folds"][str(k)] = {"sets": fold, **stats, "table": fold_table}  # type: ignore[index]
        if out:
            out.write_text(json.dumps(record, indent=1))
    lomo_summary(game, table, f"{game} leave-one-maker-out, {arch}"
                 + (f", {steps} steps a fold" if steps else f", {budget:.0f} CPU s a fold")
                 + f", folds {folds}")


def lomo_collect(game: str, paths: list[Path]) -> None:
    """The summary of fold records written by `--json` (one file per fold, or per variant)."""
    by_arch: dict[str, dict[str, dict[str, tuple[int, int]]]] = {}
    meta: dict[str, set[str]] = {}
    for path in paths:
        rec = json.loads(path.read_text())
        if rec["game"] != game:
            continue
        key = f"{rec['arch']}, {rec['budget_cpu_s']:.0f} CPU s a fold"
        table = by_arch.setdefault(key, {})
        for k, fold in rec["folds"].items():
            meta.setdefault(key, set()).add(k)
            for kind, sets in fold["table"].items():
                table.setdefault(kind, {}).update({s: tuple(v) for s, v in sets.items()})
    for key, table in by_arch.items():
        lomo_summary(game, table, f"{game} leave-one-maker-out, {key}, folds "
                     f"{sorted(meta[key])}")


def lomo_reference(game: str, model_dir: Path | None, per_card: int, seed: int,
                   out: Path | None) -> None:
    """A trained model (default: the shipped one, both mahjong stages) on every fold's crops:
    held-out figures only for the sets that model was trained without."""
    clf = Classifier(game, models_directory=model_dir, bonus_prior=BONUS_PRIOR_ARG,
                     views=VIEWS_ARG)
    table: dict[str, dict[str, tuple[int, int]]] = {}
    record: dict[str, Any] = {"game": game, "arch": f"reference {model_dir or 'shipped'}",
                              "budget_cpu_s": 0, "per_card": per_card, "seed": seed,
                              "folds": {}}
    for k, fold in enumerate(LOMO_FOLDS[game]):
        crops, truth, where = lomo_crops(game, fold, per_card, seed)
        preds = [p.label for p in clf.classify(crops)]
        fold_table = per_set(game, truth, preds, where)
        record["folds"][str(k)] = {"sets": fold, "table": fold_table}
        for kind, sets in fold_table.items():
            table.setdefault(kind, {}).update(sets)
    lomo_summary(game, table, f"{game}: {model_dir or 'shipped models'} on every fold's crops")
    if out:
        out.write_text(json.dumps(record, indent=1))


def _resized(crop: np.ndarray, game: str) -> np.ndarray:
    """A crop at the model's input size, as classify.OnnxModel resizes it."""
    return cv2.resize(crop, synth.INPUT_SIZE[game], interpolation=cv2.INTER_AREA)


# Timed runs of each batch. This shared 2-core machine's speed drifts by 20-50% from minute to
# minute, and 5 runs gave medians that moved by a third between two back-to-back invocations:
# 30 runs, the median reported with the quartiles beside it so the drift shows.
LATENCY_RUNS = 30


def _ms_per_crop(run: Callable[[list[np.ndarray]], object], crops: list[np.ndarray]) -> float:
    run(crops[:4])  # warm-up
    times = []
    for _ in range(LATENCY_RUNS):
        t0 = time.perf_counter()
        run(crops)
        times.append((time.perf_counter() - t0) / len(crops) * 1000)
    q1, med, q3 = np.percentile(times, [25, 50, 75])
    print(f"  ({LATENCY_RUNS} runs: median {med:.2f}, quartiles {q1:.2f}-{q3:.2f} ms/crop)")
    return float(med)


def _pipeline_sized(crop: np.ndarray) -> np.ndarray:
    """A crop at the size the photo pipeline hands the classifier (short side CROP_SHORT_SIDE)."""
    from scorer.vision.pipeline import CROP_SHORT_SIDE

    f = CROP_SHORT_SIDE / min(crop.shape[:2])
    return cv2.resize(crop, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)


def latency(game: str, batch: int, results: list[tuple[str, str, str]]) -> None:
    rng = np.random.default_rng(0)
    w, h = synth.INPUT_SIZE[game]
    # Crops of a typical detector size, so resizing is part of the cost.
    crops = [rng.integers(0, 256, (h * 3, w * 3, 3), dtype=np.uint8) for _ in range(batch)]
    ms = _ms_per_crop(Classifier(game, second_stage=False).classify, crops)
    print(f"\n{game}: {ms:.2f} ms/crop (batch {batch}, median of {LATENCY_RUNS}, incl. resize)")
    results.append((game, f"latency, batch of {batch} (ms/crop, this CPU)", f"{ms:.2f}"))
    if game != "mahjong":
        return
    # Flowers and seasons are read a second time, by the bonus reader: their own cost, and
    # the cost per crop of real tiles as the pipeline crops them (real-val: 13% are flowers or
    # seasons, and some clutter-like crops are read twice too).
    extra = _ms_per_crop(OnnxModel(BONUS_MODEL, None).probabilities, crops)
    print(f"mahjong flower/season: {ms + extra:.2f} ms/crop with the bonus reader's second look")
    results.append((game, f"latency of a flower/season, both stages (ms/crop, batch of "
                    f"{batch})", f"{ms + extra:.2f}"))
    root = DATA / "mahjong" / "real-val"
    if root.is_dir():
        real = [_pipeline_sized(cv2.imread(str(p), cv2.IMREAD_COLOR))
                for p in sorted(root.glob("*.jpg"))[:batch]]
        mixed = _ms_per_crop(Classifier(game).classify, real)
        print(f"mahjong real tiles, both stages as routed: {mixed:.2f} ms/crop")
        results.append((game, f"latency, batch of {len(real)} real-val tiles, both stages as "
                        "routed (ms/crop)", f"{mixed:.2f}"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--loso", action="append", default=[], metavar="GAME:SET[:MODEL]",
                    help=f"evaluate on SET with the model in {LOSO_DIR}/MODEL "
                    "(default GAME-SET)")
    ap.add_argument("--per-card", type=int, default=8, help="synthetic crops per art image")
    ap.add_argument("--seed", type=int, default=12345)
    ap.add_argument("--batch", type=int, default=64)
    ap.add_argument("--lomo", choices=list(LOMO_FOLDS), help="leave-one-maker-out: train "
                    "without each fold of LOMO_FOLDS, test on its crops (nothing else runs)")
    ap.add_argument("--arch", default="cardnet", help="--lomo: network (classifier.ARCHS), or "
                    "`shipped`: the shipped model's networks, trained on")
    ap.add_argument("--steps", type=int, default=None, help="--lomo: train this many steps "
                    "a fold instead of --budget CPU seconds (arms compared on a loaded machine)")
    ap.add_argument("--budget", type=float, default=300.0,
                    help="--lomo: CPU seconds of training per fold")
    ap.add_argument("--per-class", type=int, default=400,
                    help="--lomo: synthetic training crops per class")
    ap.add_argument("--fold", type=int, action="append", default=[],
                    help="--lomo: only this fold (repeatable; default all)")
    ap.add_argument("--json", type=Path, default=None, help="--lomo: write the figures here")
    ap.add_argument("--reference", action="store_true", help="--lomo: instead of training, "
                    "read every fold with the models in --models (default: shipped)")
    ap.add_argument("--models", type=Path, default=None)
    ap.add_argument("--views", type=int, default=None,
                    help="framings of each crop averaged (default: tiles.READER.views)")
    ap.add_argument("--bonus-prior", type=float, default=BONUS_PRIOR,
                    help="mahjong: a flower's weight against a standard tile's (1: as trained)")
    ap.add_argument("--collect", type=Path, nargs="+", default=[],
                    help="--lomo: print the summary of these --json fold records")
    args = ap.parse_args()
    global BONUS_PRIOR_ARG, VIEWS_ARG
    BONUS_PRIOR_ARG = args.bonus_prior
    VIEWS_ARG = args.views
    if args.lomo:
        print(f"command: python bench/eval_classifier.py --lomo {args.lomo} --arch {args.arch} "
              f"--budget {args.budget:.0f} --per-class {args.per_class} --per-card "
              f"{args.per_card} --seed {args.seed}" + "".join(f" --fold {f}" for f in args.fold)
              + (" --reference" if args.reference else "")
              + (f" --steps {args.steps}" if args.steps else ""), flush=True)
        if args.collect:
            lomo_collect(args.lomo, args.collect)
        elif args.reference:
            lomo_reference(args.lomo, args.models, args.per_card, args.seed, args.json)
        else:
            lomo(args.lomo, args.arch, args.budget, args.per_class, args.per_card, args.seed,
                 args.fold or list(range(len(LOMO_FOLDS[args.lomo]))), args.json, args.steps)
        return
    print("command: python bench/eval_classifier.py "
          + " ".join(f"--loso {x}" for x in args.loso) + f" --seed {args.seed}")
    results: list[tuple[str, str, str]] = []
    real_val(results)
    for spec in args.loso:
        game, held_out, *name = spec.split(":")
        loso(game, held_out, name[0] if name else f"{game}-{held_out}", args.per_card,
             args.seed, results)
    for game in ("mahjong", "hanafuda"):
        latency(game, args.batch, results)
    print("\n| model | evaluation | top-1 / figure |\n|---|---|---|")
    for game, what, fig in results:
        print(f"| {game} | {what} | {fig} |")


if __name__ == "__main__":
    main()
