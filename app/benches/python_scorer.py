#!/usr/bin/env python3
"""A straightforward MedAraBench scorer: the reference a user would write,
for the whole-process speed comparison in BENCHMARKS.md (not a test oracle:
that is app/core/tests/golden/independent_scorer.py).

Standard library only. Reads the official-format key CSV and a prediction
CSV (question_id,answer) and prints the overall accuracy and the accuracy by
specialty, level and number of options, each with its Wilson 95% interval,
as JSON.

Usage: python_scorer.py KEY.csv PREDICTIONS.csv
"""

import csv
import json
import math
import sys

Z = 1.959963984540054
LETTERS = "ABCDEF"
ARABIC = {"أ": "A", "ا": "A", "إ": "A", "آ": "A", "ب": "B", "ج": "C", "د": "D", "ه": "E", "هـ": "E", "و": "F"}


def wilson(correct, total):
    if total == 0:
        return [0.0, 1.0]
    p = correct / total
    denom = 1 + Z * Z / total
    centre = (p + Z * Z / (2 * total)) / denom
    half = Z * math.sqrt(p * (1 - p) / total + Z * Z / (4 * total * total)) / denom
    return [max(0.0, centre - half), min(1.0, centre + half)]


def cell(correct, total):
    return {"correct": correct, "total": total, "accuracy": correct / total if total else 0.0, "ci95": wilson(correct, total)}


def letter(text):
    text = text.strip()
    if len(text) == 1 and text.upper() in LETTERS:
        return text.upper()
    return ARABIC.get(text)


def read_key(path):
    """Scoreable questions {id: (answer, specialty, level, options)} and
    the ids of the rows that are not scoreable."""
    items, rejected, seen = {}, set(), set()
    with open(path, encoding="utf-8-sig", newline="") as f:
        for row in csv.DictReader(f):
            qid = row["Question Number"].strip()
            options = [x for x in LETTERS if row.get("Option " + x, "").strip()]
            answer = row["Correct Answer"].strip().upper()
            if qid in seen:
                items.pop(qid, None)
                rejected.add(qid)
                continue
            seen.add(qid)
            if len(answer) == 1 and answer in options:
                items[qid] = (answer, row["umbrella_specialty"].strip(), row["Level"].strip(), str(len(options)))
            else:
                rejected.add(qid)
    return items, rejected


def main(key_path, predictions_path):
    items, rejected = read_key(key_path)
    given, ignored = {}, 0
    with open(predictions_path, encoding="utf-8-sig", newline="") as f:
        for row in csv.DictReader(f):
            qid = row["question_id"].strip()
            if qid in items:
                given[qid] = letter(row["answer"])
            elif qid in rejected:
                ignored += 1
            else:
                sys.exit(f"unknown question_id {qid}")
    breakdowns = {"by_specialty": {}, "by_level": {}, "by_options": {}}
    correct = 0
    for qid, (answer, specialty, level, options) in items.items():
        ok = given.get(qid) == answer
        correct += ok
        for field, name in (("by_specialty", specialty), ("by_level", level), ("by_options", options)):
            c, t = breakdowns[field].get(name, (0, 0))
            breakdowns[field][name] = (c + ok, t + 1)
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
    for field, tally in breakdowns.items():
        out[field] = {name: cell(c, t) for name, (c, t) in sorted(tally.items())}
    print(json.dumps(out, ensure_ascii=False))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
