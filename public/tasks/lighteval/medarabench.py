"""MedAraBench as a lighteval custom (community) task.

Written against lighteval 0.10 and 0.11 - 0.13 (the configuration's field
names differ between them: `metric` in 0.10, `metrics` from 0.11, no
`suite` from 0.13; this file passes whichever the installed version has).

The questions come from the official MedAraBench test-split CSV on your
disk, named by the environment variable MEDARABENCH_CSV:

    MEDARABENCH_CSV=/path/to/medarabench-test_split.csv \\
      lighteval accelerate "model_name=Qwen/Qwen2.5-0.5B-Instruct" \\
      "community|medarabench|0" --custom-tasks public/tasks/lighteval/medarabench.py

(lighteval 0.10 wants four fields: "community|medarabench|0|0".)

lighteval loads datasets with `datasets.load_dataset(path, name)` and no
`data_files`, so this file converts the CSV, once, into a JSON Lines file
`test.jsonl` in a folder of its own (under $MEDARABENCH_CACHE, default
~/.cache/medarabench/lighteval/<first 16 hex digits of the CSV's SHA-256>/)
and points the task at that folder. Every cell stays text, exactly as in the
CSV (a CSV reader that guesses types would turn an option such as "None" or
"NA" into a missing value).

Two tasks:

* `medarabench`: log-likelihood of each option letter (" A", " B", ...)
  after the prompt; metric `loglikelihood_acc`.
* `medarabench_permuted`: `medarabench` with each question's options in a
  second order, for the leaderboard's option-order robustness figures: for
  question q with k options, r = 1 + ((q * 2654435761) mod 2**32) mod (k - 1),
  and the option shown under the j-th letter (from 0) is the CSV's under
  letter (j + r) mod k, so every option moves. `Doc.specific` also holds
  {"permutation": r}, by which the leaderboard checks the file and maps
  its letters back. Send its details file beside the main one.
* `medarabench_gen`: the model writes its answer (greedy, at most 32 new
  tokens, stopping at a blank line); metric `exact_match` against the keyed
  letter. The leaderboard reads the generated text itself.

Choices are the row's non-empty options only, each under the letter of its
column (A-D for a 4-option row, A-E for a 5-option row, A-F in the rare
6-option row). `gold_index` is the position of the trimmed, upper-cased
`Correct Answer` among them. Rows whose `Correct Answer` does not name a
non-empty option (blank, "A+B", free text, "E" on a 4-option row), whose
`Question Number` is not a positive whole number, or with fewer than two
options are left out (the leaderboard does not score them either); their
count is printed.

`Doc.specific` holds {"question_number": <int>, "question": <the CSV's
Question text, unchanged>} so that the leaderboard can match each detail row
to its question.

The prompt is the same as in the lm-evaluation-harness task
(public/tasks/lm-eval/medarabench/utils.py), and, like it, is NOT the
MedAraBench paper's verbatim prompt (which we could not find): it is our own
zero-shot prompt in the same spirit.

    The following is a multiple-choice question from an Arabic-language
    medical exam. Answer with the letter of the correct option only
    (A, B, C or D).

    Question: {Question}
    A. {Option A}
    B. {Option B}
    C. {Option C}
    D. {Option D}
    Answer:
"""

from __future__ import annotations

import csv
import dataclasses
import hashlib
import io
import json
import os
import sys
from pathlib import Path

from lighteval.metrics.metrics import Metrics
from lighteval.tasks.lighteval_task import LightevalTaskConfig
from lighteval.tasks.requests import Doc

LETTERS = "ABCDEF"
OPTION_COLUMNS = [f"Option {letter}" for letter in LETTERS]
REQUIRED_COLUMNS = ["Question Number", "Question", "Option A", "Option B", "Option C", "Option D", "Correct Answer"]
INSTRUCTION = (
    "The following is a multiple-choice question from an Arabic-language medical exam. "
    "Answer with the letter of the correct option only ({letters})."
)


def choice_letters(line: dict) -> list[str]:
    """The letters of the row's non-empty options, in column order."""
    return [letter for letter, column in zip(LETTERS, OPTION_COLUMNS) if (line.get(column) or "").strip()]


def keyed_letter(line: dict) -> str:
    return (line.get("Correct Answer") or "").strip().upper()


def question_number(line: dict) -> int | None:
    text = (line.get("Question Number") or "").strip()
    return int(text) if text.isascii() and text.isdigit() and int(text) > 0 else None


def is_scoreable(line: dict) -> bool:
    letters = choice_letters(line)
    return question_number(line) is not None and len(letters) >= 2 and keyed_letter(line) in letters


def query(line: dict) -> str:
    letters = choice_letters(line)
    allowed = ", ".join(letters[:-1]) + " or " + letters[-1]
    lines = [INSTRUCTION.format(letters=allowed), "", f"Question: {line['Question'].strip()}"]
    lines += [f"{letter}. {line[f'Option {letter}'].strip()}" for letter in letters]
    lines.append("Answer:")
    return "\n".join(lines)


def prompt_fn(line: dict, task_name: str = None) -> Doc:
    letters = choice_letters(line)
    return Doc(
        task_name=task_name,
        query=query(line),
        choices=[f" {letter}" for letter in letters],
        gold_index=letters.index(keyed_letter(line)),
        specific={"question_number": question_number(line), "question": line["Question"]},
    )


def rotation(number: int, options: int) -> int:
    """How far `medarabench_permuted` rotates a question's options."""
    return 1 + ((number * 2654435761) % 2**32) % (options - 1)


def permuted(line: dict) -> tuple[dict, int]:
    """The row with its options in the permuted order, and its rotation."""
    letters = choice_letters(line)
    k = len(letters)
    r = rotation(question_number(line), k)
    out = dict(line)
    for j, letter in enumerate(letters):
        out[f"Option {letter}"] = line[f"Option {letters[(j + r) % k]}"]
    out["Correct Answer"] = letters[(letters.index(keyed_letter(line)) - r) % k]
    return out, r


def prompt_fn_permuted(line: dict, task_name: str = None) -> Doc:
    row, r = permuted(line)
    doc = prompt_fn(row, task_name)
    doc.specific["permutation"] = r
    return doc


def read_rows(path: Path) -> list[dict[str, str]]:
    """The CSV's data rows (UTF-8, with or without a BOM), every cell as text;
    absent Option E/F columns read as ""."""
    text = path.read_text(encoding="utf-8-sig")
    reader = csv.reader(io.StringIO(text, newline=""))
    header = [h.strip() for h in next(reader, [])]
    missing = [c for c in REQUIRED_COLUMNS if c not in header]
    if missing:
        raise ValueError(f"MedAraBench: {path} lacks the column(s) {missing}; found {header}")
    columns = list(dict.fromkeys(header + OPTION_COLUMNS))
    rows = []
    for cells in reader:
        if not any(c.strip() for c in cells):
            continue
        row = dict.fromkeys(columns, "")
        row.update((name, cell) for name, cell in zip(header, cells) if name)
        rows.append(row)
    return rows


def dataset_folder() -> str:
    """Converts $MEDARABENCH_CSV into <cache>/<sha>/test.jsonl (once) and
    returns that folder, which `datasets.load_dataset` reads as a dataset
    with one split, "test"."""
    given = os.environ.get("MEDARABENCH_CSV")
    if not given:
        raise RuntimeError(
            "MedAraBench: set MEDARABENCH_CSV to the path of the official test-split CSV, e.g. "
            "MEDARABENCH_CSV=/path/to/medarabench-test_split.csv lighteval ..."
        )
    path = Path(given).expanduser().resolve()
    if not path.is_file():
        raise FileNotFoundError(f"MedAraBench: MEDARABENCH_CSV names no file: {path}")
    digest = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    cache = Path(os.environ.get("MEDARABENCH_CACHE") or Path.home() / ".cache" / "medarabench" / "lighteval")
    folder = cache / digest
    target = folder / "test.jsonl"
    if not target.exists():
        rows = read_rows(path)
        kept = [row for row in rows if is_scoreable(row)]
        skipped = [row.get("Question Number", "").strip() or "(blank)" for row in rows if not is_scoreable(row)]
        if skipped:
            shown = ", ".join(skipped[:20]) + (", ..." if len(skipped) > 20 else "")
            print(
                f"MedAraBench: left out {len(skipped)} row(s) whose Correct Answer does not name a non-empty "
                f"option (the leaderboard does not score them either): Question Number {shown}",
                file=sys.stderr,
            )
        folder.mkdir(parents=True, exist_ok=True)
        partial = folder / f".test.jsonl.{os.getpid()}"
        with partial.open("w", encoding="utf-8") as f:
            for row in kept:
                f.write(json.dumps(row, ensure_ascii=False) + "\n")
        os.replace(partial, target)
    return str(folder)


_FIELDS = {f.name for f in dataclasses.fields(LightevalTaskConfig)}


def task_config(name: str, metric, prompt=prompt_fn, **generation) -> LightevalTaskConfig:
    """A config for the installed lighteval version's field names."""
    args = dict(
        name=name,
        prompt_function=prompt,
        hf_repo=dataset_folder(),
        hf_subset="default",
        hf_avail_splits=["test"],
        evaluation_splits=["test"],
        few_shots_split=None,
        few_shots_select=None,
        version=1,
        **generation,
    )
    args["metrics" if "metrics" in _FIELDS else "metric"] = [metric]
    if "suite" in _FIELDS:
        args["suite"] = ["community"]
    return LightevalTaskConfig(**{k: v for k, v in args.items() if k in _FIELDS})


TASKS_TABLE = [
    task_config("medarabench", Metrics.loglikelihood_acc, generation_size=-1),
    task_config("medarabench_gen", Metrics.exact_match, generation_size=32, stop_sequence=["\n\n"]),
    task_config("medarabench_permuted", Metrics.loglikelihood_acc, prompt=prompt_fn_permuted, generation_size=-1),
]
