quality-title = Data quality
quality-lede = How good are the questions? Two physicians reviewed a sample, language models were tried as judges, and the answer key this site scores against is checked row by row.
quality-expert-heading = Expert review
quality-expert-intro = Two board-certified physicians (anaesthesiology and internal medicine, more than 20 years each, clinically fluent in Arabic) rated the same questions independently and blind to each other, high or low on each of four dimensions.
quality-expert-caption = Expert ratings of a sample of questions (n = { $n }).
quality-col-dimension = Dimension
quality-col-mean = Mean score
quality-col-agreement = Agreement
quality-col-kappa = Cohen's κ
quality-quality-note = Question quality covers clarity, homogeneous options, a single best answer and no cues to the answer.
quality-cochran-heading = Sample size: Cochran's formula
quality-cochran-intro = The size of the expert sample follows from Cochran's formula. The site recomputes it from the stored inputs:
quality-cochran-step1 = Sample size for a very large population, with z = { $z } (95% confidence), p = { $p } (the most conservative proportion) and e = { $e } (margin of error):
quality-cochran-step2 = Correction for the finite population of N = { $pop } questions in the dataset:
quality-cochran-rounding = Each result is rounded to the nearest whole question, as in the paper.
quality-cochran-match = The paper states { $n0 } and { $n }: the computation reproduces both.
quality-cochran-mismatch = The paper states { $n0 } and { $n }, but the computation gives other values: a stored input may be wrong.
quality-cochran-missing = The inputs of the computation are not stored.
quality-judge-heading = Language models as judges
quality-judge-intro = Language-model judges, among them gpt-o3, gemini-2.0-flash and claude-4-sonnet, scored the whole test set 0 or 1 on the same four dimensions. The paper compares them with the experts by the Pearson correlation on the { $n } expert-rated questions, describes the correlations as weak to moderate, and publishes only the values below; every other cell is not reported.
quality-judge-caption = Pearson correlation between each judge and the experts.
quality-col-judge = Judge
quality-per-expert = { $a } (expert 1), { $b } (expert 2)
quality-difficulty-note = Difficulty is nearly uncorrelated: the highest correlation of any judge is { $v }; the value of each judge is not reported.
quality-best-note = gpt-o3 correlates best with the experts.
quality-key-heading = The answer key this site scores against
quality-integrity-heading = How scores stay meaningful
quality-integrity-exposure = Every answer key is either public or held out. The public test split is a public key: everyone has its answers, so every breakdown of a score on it is shown. A held-out key is one whose answers nobody outside the organisers has. Until the organisers reveal it, at the end of a phase, no number that comes from single questions is shown anywhere: no correct counts, no breakdowns by specialty, year or option count, no heatmap, no comparison and no McNemar counts, and no baselines such as "always A". Otherwise a few uploads that change one answer each could read the key back.
quality-integrity-ladder = On a held-out key the accuracy shown follows the Ladder (Blum and Hardt, 2015). It is rounded to a step of about one standard error (1.4 points on 4,928 questions), and a team's new submission, of any model, changes it only when it beats the best accuracy shown to that team so far by more than one step (one Ladder per team: a new model name starts none, and a team's Ladder starts at chance, so that an upload with nothing right shows "at or below chance", never an exact 0), give or take a random amount (half a step on average); otherwise the earlier number is shown again. The rounding goes up or down at random, with a secret the server keeps, drawn from the answers themselves (not from how the file is written), so that the same answers uploaded again in another form show the same number, and many slightly different uploads tell almost nothing about any single answer. Uploads are also limited per team and per address each day.
quality-integrity-split = A held-out key is also split in two when it is stored: a public part (30% of its questions unless the organisers choose another share) and a private part, drawn in secret, with the same share from every specialty and year. Until the reveal, every score shown anywhere is on the public part alone, and nothing shown depends on an answer in the private part. At the reveal the board ranks on the private part, the final standing, and shows both parts side by side; before it, each team chooses which of its submissions count, at most two a model (otherwise its latest counts), so that it cannot wait to pick the luckiest. So even a team that learned the public part's answers by probing would gain nothing where it counts.
quality-integrity-identities = The Ladder is one per team, so a new team would be a fresh start: registering many teams is the way around it. A server holding a held-out key therefore does not let teams in just for asking: either each new team uploads only once its address is verified by a link sent by email, or an organiser lets each one in. One address registers one team, whatever its capital letters or "+" suffix, and registrations and uploads are also limited per connecting address each day, behind a load balancer too.
quality-integrity-attempts = The leaderboard shows one row per team and model: the latest submission, not the best, with the number of attempts and the date of the first. A score reached after many tries of one model says so.
quality-integrity-flags = Because the public test split is public, a team could upload the answer key itself. When a submission is stored, two checks are made, and what they find is shown as a flag beside the score, on its page and on the leaderboard. First, the key has a few known defects that a model does not reproduce but a copy of the key does: questions whose keyed letter names an empty option, and the same question keyed with two different answers. A file that reproduces at least three of them, and at least half, is flagged. Second, a file that gives the same letter as another team's submission on at least 98% of the questions, while both score below 95%, is flagged as a near-duplicate of it. A flag never hides or removes a submission: it tells readers what the number alone cannot. On a held-out answer key no flag is shown until the key is revealed, because whether a check fired would tell something about the key; the checks are still made and their flags appear at the reveal.
quality-integrity-letters = A high accuracy on multiple-choice questions can come from favouring a letter the answer key favours rather than from knowing medicine. Every submission page shows how often the file chose each letter and, on a public key, compares it with a model exactly as accurate that has no preference among letters (its right answers where the key puts them, its wrong ones spread evenly over the other options). A letter chosen clearly more often than that (at least 10 points and 1.5 times as often, beyond the 95% interval) is pointed out. On a held-out key only the file's own letters are shown.
quality-integrity-calibration = A model that knows when it is unsure is safer to use than one equally accurate that is always sure. Where a file gives a confidence per answer (the per-option log-likelihoods lm-evaluation-harness and lighteval record, logprobs in batch output, or a confidence column), the submission page shows its calibration. The expected calibration error (ECE) sorts the answers by confidence into 15 groups of equal size and averages, over the answers, how far each group's accuracy is from its mean confidence: 0 means "80% sure" is right 80% of the time. The Brier score is the mean squared gap between each confidence and whether the answer was right. The risk-coverage curve answers only the questions the model is surest of, most confident first: its area (AURC) is the average error rate over every share answered, and the accuracy on the surest half and the surest 80% says how much abstaining would help. Each figure states how many answers it is over, and the ECE and accuracies their 95% intervals. On a held-out key none of it is shown until the key is revealed, since it is computed from which answers are right.
quality-integrity-order = A model may pick answers by where they stand or which letter they carry rather than by what they say. The shipped tasks have a second version that asks every question again with its options rotated (a rotation fixed by the question's number, so every option, the right one included, moves). A team that sends that run beside its main one sees its accuracy in each order, its accuracy on the questions it got right in both (the consistent accuracy, never above either), and how often its chosen option changed with the order, each with its n and 95% interval. On a held-out key they are shown once the key is revealed.
quality-errata-heading = Errata: corrections to the answer key
quality-errata-intro = Answer keys have mistakes: a wrong keyed letter, a question with no single best answer, a row that cannot be read. When one is corrected, the corrected key is stored as a new version beside the old one, and every submission is scored on it again from the answers its file gave, so the board always shows scores on the newest version. Each submission's page keeps its score on every version. Below are the questions each new version changed and why; the answers themselves are never shown.
quality-errata-none = No answer key has been corrected yet.
quality-errata-version = { $key }, version { $version }
quality-errata-count = { PLURAL($n) ->
        [one] one question changed
       *[other] { $n } questions changed
    }
quality-errata-caption = Questions changed by version { $version } of { $key }
quality-col-question = Question
quality-col-reason = What changed
quality-reason-answer-changed = answer changed
quality-reason-now-rejected = row now rejected (no longer counted)
quality-reason-now-scoreable = row now scoreable (counted from this version on)
quality-reason-details-changed = specialty, level or option count changed (the answer did not)
quality-reason-added = question added
quality-reason-removed = question removed
