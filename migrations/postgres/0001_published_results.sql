-- Published results of the MedAraBench paper (ICLR 2026, arXiv 2602.01714).
-- Seeded on first start from migrations/seed/published.json; every row names
-- the table or section of the paper it comes from.

-- Table 4: zero-shot accuracy of 16 models on the test split.
CREATE TABLE published_models (
    id            BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    model         TEXT    NOT NULL UNIQUE,
    access        TEXT    NOT NULL CHECK (access IN ('proprietary', 'open')),
    focus         TEXT    NOT NULL CHECK (focus IN ('general', 'Arabic', 'medical')),
    accuracy      DOUBLE PRECISION NOT NULL CHECK (accuracy BETWEEN 0 AND 1),
    n             BIGINT  NOT NULL CHECK (n > 0),
    source_table  TEXT    NOT NULL
);

-- Every other published figure: Table 2 (expert review), Table 5
-- (adapting Llama-3.1-8B), the LLM-as-a-judge findings, dataset facts and
-- the Cochran sample size. One row per (source, subject, metric).
CREATE TABLE published_figures (
    id            BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    source_table  TEXT    NOT NULL,
    subject       TEXT    NOT NULL,
    metric        TEXT    NOT NULL,
    value         DOUBLE PRECISION NOT NULL,
    unit          TEXT    NOT NULL DEFAULT '',
    note          TEXT    NOT NULL DEFAULT '',
    UNIQUE (source_table, subject, metric)
);
