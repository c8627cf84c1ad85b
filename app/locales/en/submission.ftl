submission-not-found-title = Submission not found
submission-not-found-text = It does not exist, or it is private to its team.
submission-title = { $model } by { $team }
submission-synthetic-before = Scored on a synthetic demo key (
submission-synthetic-after = ), not the real MedAraBench test split: this score says nothing about the model.
submission-accuracy = Accuracy{" "}
submission-on = {" "}on{" "}
submission-key = {" "}(key{" "}
submission-verified = ). Verified here: scored by this server.
submission-correct = Correct:{" "}
submission-of = {" "}of{" "}
submission-missing = Missing from the file (counted wrong):{" "}
submission-unparsed = Unparsed responses (counted wrong):{" "}
submission-ignored = Ignored (questions the key rejects):{" "}
submission-random = Uniform random guessing would score{" "}
submission-chance-adjusted = ; chance-adjusted accuracy{" "}
submission-held-out = This answer key is held out: until it is revealed, a score shows only its overall accuracy, as the Ladder shows it. The accuracy is rounded to { $step } points, and a team's new submission, of any model, changes it only when it beats the best accuracy shown to the team so far by more than that step. Correct counts, breakdowns, the heatmap and comparisons appear when the key is revealed.
submission-public-part = This key is split in two. Every score shown before the reveal is on its public part alone: { $n } questions drawn in secret, the same share from every specialty and year. The other questions, the private part, have never moved any number shown here; when the key is revealed, the board ranks on them.
submission-at-or-below-chance = At or below chance: the shown accuracy is where every team's Ladder starts, uniform guessing's accuracy rounded down to the step. The Ladder shows no lower score, so that no upload learns that all its answers are wrong.
submission-not-above-team-best = Not above the team's best: this submission did not beat the best score the Ladder has shown this team on this key by more than the step, so that score is shown again, as an upper bound of this one's. The Ladder is one per team and key: a new model name starts none.
submission-parts = Public and private parts
submission-parts-note = Before the key was revealed, only scores on the public part were shown; the final standing is the private part's, which no shown number depended on.
submission-private-part = Private part (the final standing):
submission-public-part-score = Public part (shown before the reveal):
submission-final-heading = Final standing
submission-final-chosen = You chose this submission to count in the final standing when the key is revealed. At most two submissions of a model can be chosen; the board then ranks the better of them.
submission-final-not-chosen = When the key is revealed, the board ranks the submissions you chose for the final standing (at most two of this model), or, if you chose none, the latest one.
submission-final-choose = Count this submission in the final standing
submission-final-unchoose = Stop counting this submission
submission-protocol = Protocol card
submission-prompt-language = Prompt language
submission-shots = Shots
submission-temperature = Temperature
submission-chain-of-thought = Chain of thought
submission-extraction = Letter extraction
submission-contamination = Trained on MedAraBench data
submission-model-params = Parameters
submission-model-category = Category
submission-model-url = Model URL
submission-notes = Notes
submission-file = File
submission-sha256 = , SHA-256{" "}
submission-submitted = Submitted
submission-own = {" "}· your team's submission
submission-not-stated = not stated
submission-by-specialty = By specialty
submission-by-specialty-caption = Accuracy by umbrella specialty
submission-by-level = By level
submission-level-note = Specialty and level are confounded in this test split (for example, Ophthalmology questions are all Y5): compare levels with care.
submission-by-level-caption = Accuracy by year of medical school
submission-by-cell = By specialty and level
submission-by-cell-note = Specialty and level are confounded in this test split: most specialties are taught in one or two years (for example, Ophthalmology questions are all Y5), so many cells are empty or small, and a difference between levels may be a difference between specialties, and the reverse.
submission-by-cell-chart-alt = The heatmap above as an image: the same cells, colours and figures; the table gives each cell's accuracy with its n and 95% CI.
submission-by-cell-download = Download the heatmap (SVG)
submission-by-options = By number of options
submission-by-options-caption = Accuracy by option count
submission-by-subspecialty = By sub-specialty
submission-by-subspecialty-caption = Accuracy by sub-specialty (the key's Medical Specialty column)

# The protocol card's values, as stored (English shows them as they are).
submission-value-ar = Arabic
submission-value-en = English
submission-value-mixed = Mixed Arabic and English
submission-value-unknown = Not stated
submission-value-yes = Yes
submission-value-no = No
submission-value-none = No
submission-value-train = Yes, on the training set
submission-value-test = Yes, on the test set
submission-value-train-and-test = Yes, on the training and test sets
submission-value-public = Public
submission-value-private = Private
submission-value-proprietary-general = Proprietary, general
submission-value-proprietary-arabic = Proprietary, Arabic
submission-value-proprietary-medical = Proprietary, medical
submission-value-open-general = Open, general
submission-value-open-arabic = Open, Arabic
submission-value-open-medical = Open, medical
submission-value-medarabench = MedAraBench
submission-value-medarabiq = MedArabiQ

# Scores on each version of the answer key.
submission-versions-heading = Scores on each version of the key
submission-versions-intro = When the answer key is corrected, the correction is stored as a new version and every submission is scored on it again from the answers its file gave. The score at the top of this page is the one on the newest version it was scored on.
submission-versions-caption = Accuracy on each version of the answer key
submission-col-version = Version
submission-col-key = Key
submission-col-imported = Imported
submission-col-accuracy = Accuracy
submission-col-correct = Correct
submission-version-current = {" "}(shown above)
submission-version-not-scored = Not scored on this version: stored before predictions were kept
submission-version-pending = Not scored on this version yet
submission-not-rescorable = This submission was stored before the site kept each file's answers, so it cannot be scored on a corrected version of its key: it keeps its score on version { $version }, shown above.

## Key-copy forensics (flags). The flag-* sentences are looked up by the
## flag's code; n of m are the key's known defects it reproduces.
flag-reproduces-key-defects = reproduces { $n } of { $m } known key { PLURAL($m) ->
        [one] defect
       *[other] defects
    }
flag-near-duplicate = nearly duplicates submission { $id }
flag-near-duplicate-unnamed = nearly duplicates another team's submission
submission-flags-heading = Flags
submission-flags-intro = A flag points out something the score alone does not show. It never hides or removes a submission, but the board does not rank it until the operators have reviewed the flag: read it before comparing this score with others.
submission-flag-explain-defects = The answer key has a few known defects: questions whose keyed letter names an empty option, and the same question with the same options keyed with two different answers. A model does not reproduce them; a copy of the answer key does.
submission-flag-explain-near = This file gives the same letter as another team's submission on at least 98% of the questions, while both score below 95%. Models that far from perfect rarely agree that much unless one file was copied from the other.

# Run facts of the protocol card.
submission-model-args = Model arguments
submission-generation = Generation settings

# A withdrawn submission (only its team sees it), and the owner's forms.
submission-withdrawn-before = Withdrawn on{" "}
submission-withdrawn-after = : it is off the board and hidden from everyone but your team, and kept for the audit log.
submission-hidden-by-operators = Hidden by the operators: this submission is off the board and every public page, seen by your team only, and still counts in your quotas. Their reason:
submission-owner-heading = Change or withdraw this submission
submission-owner-intro = Only your team sees this. The model name, the file and its scores cannot change. Every change is recorded in the audit log, and the board shows it at once.
submission-save = Save changes
submission-withdraw-heading = Withdraw
submission-withdraw-intro = A withdrawn submission leaves the board and every public page at once. It is kept for the audit log, still counts in your quota and attempts, and cannot be changed or brought back.
submission-withdraw-confirm = I understand: withdraw this submission
submission-withdraw-button = Withdraw this submission
submission-done-changed = Your changes are saved.
submission-done-withdrawn = The submission is withdrawn.

# Letter bias: which option letters the file chose.
submission-letters-heading = Letters chosen
submission-letters-intro = How often the file chose each option letter, out of the questions it answered with a letter. A model can score well by favouring a letter the key favours; beside the key, "expected" is what a model as accurate as this one would choose if it had no preference among letters (its right answers where the key puts them, its wrong ones spread evenly over each question's other options).
submission-letters-caption = Share of the answered questions on which the file chose each letter, with its n and 95% CI (Wilson); on a public key, the key's share, the expected share and uniform guessing's.
submission-letters-col-letter = letter
submission-letters-col-chosen = chosen
submission-letters-col-share = share of answers
submission-letters-col-key = key
submission-letters-col-expected = expected
submission-letters-col-chance = guessing
submission-letters-overused = This file chooses { $letters } clearly more often than a model as accurate without a preference among letters would (at least 10 points and 1.5 times the expected share, beyond the 95% interval).
submission-letters-held-out = On a held-out key only the file's own choices are shown: the key's letters stay hidden until it is revealed.
submission-letters-against-n = Compared with the key on the { $n } scoreable questions the file answered with a letter.

# The badge and model-index block for a model card.
submission-card-heading = For your model card
submission-card-intro = This badge shows the score above, with its n and 95% CI, and links back here; the model-index block gives the same result in the form Hugging Face model cards read.
submission-card-badge-alt = MedAraBench badge of this submission
submission-card-markdown = Markdown for the badge:
submission-card-yaml = model-index block (YAML)
submission-badge-ci = 95% CI
submission-badge-held-out = held-out key
submission-badge-held-out-public = held-out key, public part
submission-badge-synthetic = synthetic demo key
submission-badge-title = { $model } on { $benchmark }: { $value }
submission-calibration-heading = Calibration
submission-calibration-intro = How well the confidence the file gave each answer matches how often those answers are right. A well-calibrated model that says 80% is right about 80% of the time; a model whose confidence ranks its answers well does better when it answers only the questions it is surest of.
submission-calibration-n = Over the { $n } scoreable questions the file answered with a letter and a confidence.
submission-calibration-caption = Calibration figures, each over the n given, with 95% CIs
submission-calibration-col-figure = figure
submission-calibration-col-value = value
submission-calibration-mean-confidence = mean confidence
submission-calibration-accuracy = accuracy on these questions
submission-calibration-ece = expected calibration error (ECE: 15 equal-mass bins, bootstrap CI; 0 is perfect)
submission-calibration-brier = Brier score of the chosen answer's confidence (0 is perfect)
submission-calibration-aurc = area under the risk-coverage curve (AURC: the mean error rate when answering only the most confident questions, over every share; lower is better)
submission-calibration-at-coverage = accuracy on the { $percent }% of questions it is surest of
submission-calibration-not-given = Calibration: not given. The file gives no confidence per answer; per-option log-likelihoods (lm-evaluation-harness, lighteval), batch logprobs, or a confidence or prob_A…prob_F column give one.
submission-calibration-held-out = Calibration is computed from which answers are right: on a held-out key it is shown once the key is revealed.
submission-reliability-title = Reliability: { $model }
submission-reliability-x = mean confidence in the bin
submission-reliability-y = accuracy in the bin
submission-reliability-desc = Reliability diagram: the answers sorted by confidence into 15 bins of equal size; each point is a bin's mean confidence against its accuracy, with its 95% CI; points on the diagonal are perfectly calibrated, below it overconfident.
submission-reliability-alt = Reliability diagram: accuracy against confidence in 15 equal-size bins; the table above gives the figures.
submission-risk-title = Risk and coverage: { $model }
submission-risk-x = coverage (share of questions answered, most confident first)
submission-risk-y = error rate
submission-risk-desc = Risk-coverage curve: the error rate among the most confident answers as more of them are answered; a curve that stays low on the left ranks its answers well.
submission-risk-alt = Risk-coverage curve: error rate against the share of questions answered, most confident first.
submission-order-heading = Option order
submission-order-intro = The same questions asked again with each question's options in a second order (the permuted task: a rotation fixed by the question's number that moves every option). A model that knows the answer picks the same option wherever it stands; one that leans on positions or letters does not.
submission-order-caption = Accuracy in each order and how often the chosen option changed, each with its n and 95% CI (Wilson)
submission-order-col-figure = figure
submission-order-col-value = value
submission-order-accuracy = accuracy in the original order
submission-order-accuracy-permuted = accuracy in the second order
submission-order-consistent = consistent accuracy (right in both orders)
submission-order-sensitivity = order sensitivity (of the questions answered in both orders, the share whose chosen option changed)
submission-order-not-given = Option order: not given. Send the same model's output on the permuted task (public/tasks: medarabench_permuted) beside the main file to have it measured.
submission-order-held-out = The option-order figures are computed from which answers are right: on a held-out key they are shown once the key is revealed.
