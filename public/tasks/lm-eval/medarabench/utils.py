"""MedAraBench tasks for lm-evaluation-harness (written for lm-eval 0.4.13).

The questions come from the official MedAraBench test-split CSV on the
user's disk, named on the command line:

    lm_eval ... --metadata medarabench_csv=/path/to/medarabench-test_split.csv

(or, if no such metadata is given, from the environment variable
MEDARABENCH_CSV). Columns: Question Number, Question, Option A..F,
Correct Answer, Level, Medical Specialty, Group, umbrella_specialty.

Every row becomes one document holding all of the CSV's columns as text,
exactly as in the file (so `doc["Question Number"]` is a string such as
"17"); nothing is renamed or dropped, so the leaderboard can match each
logged sample to its question by `Question Number`.

Choices are the row's non-empty options only, each under the letter of its
column: a 4-option row offers A-D, a 5-option row A-E (and the rare row
that fills Option F offers A-F). The target is the position, among those
letters, of the trimmed, upper-cased `Correct Answer`.

Rows that cannot be scored are skipped (and counted in a warning): a
`Correct Answer` that is not a single letter A-F naming a non-empty option
(blank, "A+B", free text, "E" on a 4-option row), a blank `Question Number`,
or fewer than two options. The leaderboard's key check rejects these rows
too and ignores answers to them, so the harness's accuracy and the
leaderboard's are computed on the same questions (as long as every kept row
also has a level Y1-Y5 and an umbrella specialty, as in the test split).

The prompt
----------
We could not find the exact zero-shot prompt of the MedAraBench paper
("MedAraBench: Large-Scale Arabic Medical Question Answering Dataset and
Benchmark", ICLR 2026, arXiv 2602.01714): the dataset repository
(github.com/nyuad-cai/MedAraBench) holds only the two CSV splits and a
README, and the paper's text was not available to us. The prompt below is
therefore our own, written in the spirit of a zero-shot multiple-choice
evaluation (the question, the lettered options, an instruction to answer
with the letter only); it is NOT the paper's verbatim prompt.

    The following is a multiple-choice question from an Arabic-language
    medical exam. Answer with the letter of the correct option only
    ({letters}).

    Question: {question}
    A. {option A}
    B. {option B}
    C. {option C}
    D. {option D}
    E. {option E}            (only when the row has a 5th option)
    Answer:

`{letters}` is "A, B, C or D" for a 4-option row and "A, B, C, D or E" for
a 5-option row. The multiple_choice task scores the continuations " A",
" B", ... after "Answer:"; the generate_until task lets the model write
its answer after it.

The permuted variant
--------------------
`medarabench_permuted` asks every question again with its options in a
second order, for the leaderboard's option-order robustness figures. The
order is a rotation fixed by the question's number alone (no key needed):
for question q with k options,

    r = 1 + ((q * 2654435761) mod 2**32) mod (k - 1)

and the option shown under the j-th letter (from 0) is the one the CSV has
under letter (j + r) mod k. As 1 <= r <= k - 1, every option moves, the
keyed one included. Rows whose options skip a letter (none in the test
split) are left out: the leaderboard knows each question's option count,
not which letters it skips. Each document carries r as `Permutation` (and its
`Correct Answer` is the letter the keyed option is shown under), so the
leaderboard checks that a file is the variant's and maps each answer back
to the CSV's letters.
"""

from __future__ import annotations

import csv
import io
import logging
import os
from typing import Any

import datasets

# A child of lm-eval's own logger, so that its messages look like lm-eval's.
eval_logger = logging.getLogger("lm_eval.tasks.medarabench")

LETTERS = "ABCDEF"
OPTION_COLUMNS = [f"Option {letter}" for letter in LETTERS]
ID_COLUMN = "Question Number"
ANSWER_COLUMN = "Correct Answer"
# The columns without which the file is not the official test split.
REQUIRED_COLUMNS = [ID_COLUMN, "Question", "Option A", "Option B", "Option C", "Option D", ANSWER_COLUMN]
ENV_VAR = "MEDARABENCH_CSV"
METADATA_KEY = "medarabench_csv"

INSTRUCTION = (
    "The following is a multiple-choice question from an Arabic-language medical exam. "
    "Answer with the letter of the correct option only ({letters})."
)


def _csv_path(metadata: dict[str, Any]) -> str:
    path = metadata.get(METADATA_KEY) or os.environ.get(ENV_VAR)
    if not path:
        raise ValueError(
            "MedAraBench: name the official test-split CSV with "
            f"`--metadata {METADATA_KEY}=/path/to/medarabench-test_split.csv` "
            f"(or set the environment variable {ENV_VAR})"
        )
    path = os.path.expanduser(str(path))
    if not os.path.isfile(path):
        raise FileNotFoundError(f"MedAraBench: no such file: {path}")
    return path


def read_rows(path: str) -> list[dict[str, str]]:
    """Every data row of the CSV as a dict of its columns (all text).

    Reads UTF-8 with or without a BOM; quoted cells may hold commas and line
    breaks. Absent optional columns (Option E, Option F, ...) read as "".
    """
    with open(path, encoding="utf-8-sig", newline="") as f:
        text = f.read()
    reader = csv.reader(io.StringIO(text))
    try:
        header = [h.strip() for h in next(reader)]
    except StopIteration:
        raise ValueError(f"MedAraBench: {path} is empty") from None
    missing = [c for c in REQUIRED_COLUMNS if c not in header]
    if missing:
        raise ValueError(f"MedAraBench: {path} lacks the column(s) {missing}; found {header}")
    columns = list(dict.fromkeys(header + OPTION_COLUMNS))
    rows = []
    for cells in reader:
        if not any(c.strip() for c in cells):
            continue
        row = {name: "" for name in columns}
        for name, cell in zip(header, cells):
            if name:
                row[name] = cell
        rows.append(row)
    return rows


def load_dataset(**metadata: Any) -> datasets.DatasetDict:
    """`custom_dataset` hook: lm-eval passes the `--metadata` entries (merged
    with the model arguments) as keyword arguments."""
    path = _csv_path(metadata)
    rows = read_rows(path)
    features = datasets.Features({name: datasets.Value("string") for name in rows[0]} if rows else {})
    return datasets.DatasetDict({"test": datasets.Dataset.from_list(rows, features=features)})


def choice_letters(doc: dict[str, Any]) -> list[str]:
    """The letters of the row's non-empty options, in column order."""
    return [letter for letter, column in zip(LETTERS, OPTION_COLUMNS) if (doc.get(column) or "").strip()]


def keyed_letter(doc: dict[str, Any]) -> str:
    return (doc.get(ANSWER_COLUMN) or "").strip().upper()


def is_scoreable(doc: dict[str, Any]) -> bool:
    letters = choice_letters(doc)
    return bool((doc.get(ID_COLUMN) or "").strip()) and len(letters) >= 2 and keyed_letter(doc) in letters


# Fingerprints of the datasets already reported (lm-eval calls process_docs
# several times on the same split).
_reported: set[str] = set()


def process_docs(dataset: datasets.Dataset) -> datasets.Dataset:
    """Keeps the scoreable rows, with all their columns."""
    skipped = [str(doc.get(ID_COLUMN, "")).strip() or "(blank)" for doc in dataset if not is_scoreable(doc)]
    fingerprint = getattr(dataset, "_fingerprint", None) or str(id(dataset))
    if skipped and fingerprint not in _reported:
        _reported.add(fingerprint)
        shown = ", ".join(skipped[:20]) + (", ..." if len(skipped) > 20 else "")
        eval_logger.warning(
            "MedAraBench: skipped %d row(s) whose Correct Answer does not name a non-empty option "
            "(the leaderboard does not score them either): Question Number %s",
            len(skipped),
            shown,
        )
    return dataset.filter(is_scoreable)


PERMUTATION_COLUMN = "Permutation"


def rotation(question_number: int, options: int) -> int:
    """How far the permuted variant rotates a question's options (see the
    module docs): 1 to options - 1, from the question's number alone."""
    return 1 + ((question_number * 2654435761) % 2**32) % (options - 1)


def _number(doc: dict[str, Any]) -> int | None:
    text = (doc.get(ID_COLUMN) or "").strip()
    return int(text) if text.isascii() and text.isdigit() and int(text) > 0 else None


def _contiguous(doc: dict[str, Any]) -> bool:
    """The row's options fill A to the k-th letter with no gap (the
    leaderboard knows a question's option count, not which letters it skips)."""
    letters = choice_letters(doc)
    return letters == list(LETTERS[: len(letters)])


def permute(doc: dict[str, Any]) -> dict[str, Any]:
    """The document with its options in the variant's order."""
    letters = choice_letters(doc)
    k = len(letters)
    r = rotation(_number(doc), k)
    out = dict(doc)
    for j, letter in enumerate(letters):
        out[f"Option {letter}"] = doc[f"Option {letters[(j + r) % k]}"]
    keyed = keyed_letter(doc)
    if keyed in letters:
        out[ANSWER_COLUMN] = letters[(letters.index(keyed) - r) % k]
    out[PERMUTATION_COLUMN] = str(r)
    return out


def process_docs_permuted(dataset: datasets.Dataset) -> datasets.Dataset:
    """The scoreable rows with a question number and options from A
    without a gap (every row of the test split), options rotated."""
    kept = process_docs(dataset).filter(lambda doc: _number(doc) is not None and _contiguous(doc))
    return kept.map(permute)


def _allowed(letters: list[str]) -> str:
    return ", ".join(letters[:-1]) + " or " + letters[-1]


def doc_to_text(doc: dict[str, Any]) -> str:
    letters = choice_letters(doc)
    lines = [INSTRUCTION.format(letters=_allowed(letters)), "", f"Question: {doc['Question'].strip()}"]
    lines += [f"{letter}. {doc[f'Option {letter}'].strip()}" for letter in letters]
    lines.append("Answer:")
    return "\n".join(lines)


def doc_to_choice(doc: dict[str, Any]) -> list[str]:
    return choice_letters(doc)


def doc_to_target(doc: dict[str, Any]) -> int:
    """Index of the keyed letter among the choices (multiple_choice)."""
    return choice_letters(doc).index(keyed_letter(doc))


def doc_to_target_letter(doc: dict[str, Any]) -> str:
    """The keyed letter itself (generate_until)."""
    return keyed_letter(doc)
