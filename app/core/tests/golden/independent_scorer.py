#!/usr/bin/env python3
"""Independent re-implementation of the MedAraBench key check and scorer.

Written from the contract (docs/contract.md), not from the
Rust code, with the Python 3.11 standard library only (csv, json, math). The
Rust golden test compares its own results with the JSON this script writes.

Usage:
  independent_scorer.py key KEY.csv                 key report JSON
  independent_scorer.py derive KEY.csv RULE         prediction CSV on stdout
  independent_scorer.py score KEY.csv PRED.csv      score JSON
  independent_scorer.py golden KEY.csv OUTDIR       writes the golden files

RULE is `all_a` (answer "A" for every row of the key file) or `every_third`
(for ids divisible by 3: the key letter, or "A" if the row is not scoreable;
ids = 1 mod 3: "B", but an empty answer when the id is divisible by 7;
ids = 2 mod 3: no row). Prediction files derived from the key are never
stored: they would reveal answers.
"""

import csv
import hashlib
import json
import math
import sys

Z = 1.959963984540054
LETTERS = "ABCDEF"
ARABIC = {"أ": "A", "ا": "A", "إ": "A", "آ": "A", "ب": "B", "ج": "C", "د": "D", "ه": "E", "و": "F"}
LEVELS = ["Y1", "Y2", "Y3", "Y4", "Y5"]


def wilson(correct, total):
    if total == 0:
        return [0.0, 1.0]
    p = correct / total
    denom = 1 + Z * Z / total
    centre = (p + Z * Z / (2 * total)) / denom
    half = Z * math.sqrt(p * (1 - p) / total + Z * Z / (4 * total * total)) / denom
    return [max(0.0, centre - half), min(1.0, centre + half)]


def positive_int(text):
    text = text.strip()
    if text.isascii() and text.isdigit() and int(text) > 0:
        return int(text)
    return None


def read_key(path):
    """Returns (rows, items {id: item}, rejected ids, normalized, sha256)."""
    raw = open(path, "rb").read()
    with open(path, encoding="utf-8-sig", newline="") as f:
        rows = list(csv.DictReader(f))
    parsed = []
    for row in rows:
        qid = positive_int(row.get("Question Number") or "")
        answer_raw = row.get("Correct Answer") or ""
        answer = answer_raw.strip().upper()
        n_options = sum(1 for x in LETTERS if (row.get("Option " + x) or "").strip())
        ok = (
            qid is not None
            and len(answer) == 1
            and answer in LETTERS
            and (row.get("Option " + answer) or "").strip() != ""
            and (row.get("Level") or "").strip().upper() in LEVELS
            and (row.get("umbrella_specialty") or "").strip() != ""
        )
        parsed.append((qid, ok, answer, answer_raw, n_options, row))
    counts = {}
    for qid, *_ in parsed:
        if qid is not None:
            counts[qid] = counts.get(qid, 0) + 1
    items, rejected, normalized = {}, [], 0
    for qid, ok, answer, answer_raw, n_options, row in parsed:
        if ok and counts[qid] == 1:
            items[qid] = {
                "answer": answer,
                "level": row["Level"].strip().upper(),
                "specialty": row["umbrella_specialty"].strip(),
                "options": n_options,
            }
            normalized += answer_raw != answer
        else:
            rejected.append(qid)
    return len(rows), items, rejected, normalized, hashlib.sha256(raw).hexdigest()


def key_report(path):
    rows, items, rejected, normalized, sha = read_key(path)
    report = {
        "rows": rows,
        "scoreable": len(items),
        "rejected_ids": rejected,
        "normalized": normalized,
        "specialties": {},
        "levels": {},
        "options": {},
        "sha256": sha,
    }
    for item in items.values():
        for field, name in (("specialties", item["specialty"]), ("levels", item["level"]), ("options", str(item["options"]))):
            report[field][name] = report[field].get(name, 0) + 1
    for field in ("specialties", "levels", "options"):
        report[field] = dict(sorted(report[field].items()))
    return report


def derive(path, rule):
    _, items, _, _, _ = read_key(path)
    with open(path, encoding="utf-8-sig", newline="") as f:
        ids = [positive_int(r.get("Question Number") or "") for r in csv.DictReader(f)]
    lines = ["question_id,answer"]
    for qid in sorted({i for i in ids if i is not None}):
        if rule == "all_a":
            lines.append(f"{qid},A")
        elif qid % 3 == 0:
            lines.append(f"{qid},{items[qid]['answer'] if qid in items else 'A'}")
        elif qid % 3 == 1:
            lines.append(f"{qid},{'' if qid % 7 == 0 else 'B'}")
    return "\n".join(lines) + "\n"


def parse_letter(text):
    core = text.strip(" \t\r\n.,;:!?()[]{}*_\"'")
    if core.upper() in LETTERS and len(core) == 1:
        return core.upper()
    if core.rstrip("\u0640") in ARABIC:
        return ARABIC[core.rstrip("\u0640")]
    return None


def cell(correct, total):
    return {"correct": correct, "total": total, "accuracy": correct / total if total else 0.0, "ci95": wilson(correct, total)}


def score(key_path, rows):
    _, items, rejected, _, _ = read_key(key_path)
    rejected = set(rejected)
    given, given_rejected, ignored = {}, {}, 0
    for row in rows:
        qid = positive_int(row["question_id"])
        if qid in items:
            given[qid] = parse_letter(row["answer"]) if row["answer"].strip() else None
        elif qid in rejected:
            ignored += 1
            given_rejected[qid] = parse_letter(row["answer"]) if row["answer"].strip() else None
        else:
            raise SystemExit(f"unknown question_id {qid}")
    tallies = {"by_specialty": {}, "by_level": {}, "by_options": {}}
    correct = 0
    for qid, item in items.items():
        ok = qid in given and given[qid] == item["answer"]
        correct += ok
        for field, name in (("by_specialty", item["specialty"]), ("by_level", item["level"]), ("by_options", str(item["options"]))):
            c, t = tallies[field].get(name, (0, 0))
            tallies[field][name] = (c + ok, t + 1)
    total = len(items)
    out = {
        "accuracy": correct / total if total else 0.0,
        "correct": correct,
        "total": total,
        "missing": sum(1 for q in items if q not in given),
        "unparsed": sum(1 for q in items if q in given and given[q] is None),
        "ignored": ignored,
        "ci95": wilson(correct, total),
    }
    for field, tally in tallies.items():
        out[field] = {name: cell(c, t) for name, (c, t) in sorted(tally.items())}
    out["letter_shares"] = letter_shares(items, given, given_rejected)
    return out


def ratio(part, whole):
    return part / whole if whole else 0.0


def letter_shares(items, given, given_rejected):
    """The letters chosen (docs/scoring.md, "Letters chosen"): over every
    question of the key the file answered with a letter; against the key
    over the scoreable ones, with the shares of the key, of uniform
    guessing among each question's options, and of a model as accurate
    without a preference among letters."""
    letters = [g for g in list(given.values()) + list(given_rejected.values()) if g]
    n = len(letters)
    offered = max((item["options"] for item in items.values()), default=0)
    last = max((LETTERS.index(g) + 1 for g in letters), default=0)
    shown = LETTERS[: min(len(LETTERS), max(offered, last))]
    chosen = {}
    for letter in shown:
        count = letters.count(letter)
        chosen[letter] = {"count": count, "share": ratio(count, n), "ci95": wilson(count, n)}
    answered = [(item, given[qid]) for qid, item in items.items() if given.get(qid)]
    m = len(answered)
    accuracy = ratio(sum(1 for item, g in answered if g == item["answer"]), m)
    against = {}
    for letter in shown:
        picked = sum(1 for _, g in answered if g == letter)
        keyed = sum(1 for item, _ in answered if item["answer"] == letter)
        offering = [item for item, _ in answered if LETTERS.index(letter) < item["options"]]
        chance = sum(1 / item["options"] for item in offering)
        expected = sum(
            accuracy if item["answer"] == letter else (1 - accuracy) / max(item["options"] - 1, 1) for item in offering
        )
        against[letter] = {
            "count": picked,
            "chosen": ratio(picked, m),
            "ci95": wilson(picked, m),
            "key": ratio(keyed, m),
            "chance": ratio(chance, m),
            "expected": ratio(expected, m),
        }
    overused = [
        letter
        for letter, s in against.items()
        if s["chosen"] >= s["expected"] + 0.10 and s["chosen"] >= 1.5 * s["expected"] and s["ci95"][0] > s["expected"]
    ]
    return {"n": n, "chosen": chosen, "against_key": {"n": m, "letters": against, "overused": overused}}


def score_text(key_path, text):
    return score(key_path, list(csv.DictReader(text.splitlines())))


def main(argv):
    if len(argv) == 3 and argv[1] == "key":
        print(json.dumps(key_report(argv[2]), indent=2, ensure_ascii=False))
    elif len(argv) == 4 and argv[1] == "derive":
        sys.stdout.write(derive(argv[2], argv[3]))
    elif len(argv) == 4 and argv[1] == "score":
        with open(argv[3], encoding="utf-8-sig", newline="") as f:
            print(json.dumps(score(argv[2], list(csv.DictReader(f))), indent=2, ensure_ascii=False))
    elif len(argv) == 4 and argv[1] == "golden":
        key_path, out = argv[2], argv[3]
        docs = {"key_report.json": key_report(key_path)}
        for rule in ("all_a", "every_third"):
            docs[f"score_{rule}.json"] = score_text(key_path, derive(key_path, rule))
        for name, doc in docs.items():
            with open(f"{out}/{name}", "w", encoding="utf-8") as f:
                f.write(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
