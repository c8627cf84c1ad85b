common-site-description = MedAraBench: Arabic medical multiple-choice benchmark leaderboard
common-skip-to-content = Skip to content
common-nav-label = Main
common-nav-leaderboard = Leaderboard
common-nav-quality = Data quality
common-nav-adapting = Adapting a small model
common-nav-medarabiq = MedArabiQ
common-nav-dataset = Dataset
common-nav-submit = How to submit
common-sign-in = Sign in
common-switch-label = العربية
common-switch-title = Read this page in Arabic
common-not-reported = not reported
common-source = Source
common-loading = Loading…
common-none = none
common-not-found-title = Page not found
common-not-found-text = There is no page at this address.
common-not-found-back = Back to the leaderboard

# Where a published figure comes from (its source_table tag).
common-source-llm-as-a-judge = the paper's LLM-as-a-judge section
common-source-cochran = the paper's sample-size computation
common-source-dataset = the paper's dataset description
common-source-table = Table { $n }

# A model category of Table 4: access, then focus.
common-category = { $access }, { $focus }
common-access-proprietary = proprietary
common-access-open = open
common-focus-general = general
common-focus-arabic = Arabic
common-focus-medical = medical

# A level with the year spelled out: "Y1 (first year)".
common-level = { $level } ({ $ordinal })
common-level-y1 = first year
common-level-y2 = second year
common-level-y3 = third year
common-level-y4 = fourth year
common-level-y5 = fifth year

# The paper's 19 specialties (the data keeps the English names).
common-specialty-anatomy = Anatomy
common-specialty-anesthesia = Anesthesia
common-specialty-biochemistry = Biochemistry
common-specialty-cell-and-molecular-biology = Cell and Molecular Biology
common-specialty-chemistry-and-physics = Chemistry and Physics
common-specialty-embryology = Embryology
common-specialty-emergency-medicine = Emergency Medicine
common-specialty-internal-medicine = Internal Medicine
common-specialty-medical-ethics = Medical Ethics
common-specialty-microbiology = Microbiology
common-specialty-ophthalmology = Ophthalmology
common-specialty-pathology = Pathology
common-specialty-pediatrics = Pediatrics
common-specialty-pharmacology = Pharmacology
common-specialty-physiology = Physiology
common-specialty-preventive-medicine = Preventive Medicine
common-specialty-psychiatry = Psychiatry
common-specialty-statistics = Statistics
common-specialty-surgery = Surgery
# Sub-specialties of the key's questions (its Medical Specialty column).
common-specialty-histology = Histology
common-specialty-histology-and-anatomy = Histology and Anatomy
common-specialty-histology-and-systemic-anatomy = Histology and Systemic Anatomy
common-specialty-cell-biology = Cell Biology
common-specialty-genetics = Genetics
common-specialty-chemistry = Chemistry
common-specialty-physics = Physics
common-specialty-cardiology = Cardiology
common-specialty-chest-diseases = Chest Diseases
common-specialty-gastroenterology = Gastroenterology
common-specialty-gastroenterology-hepatology = Gastroenterology & Hepatology
common-specialty-neurology = Neurology
common-specialty-oncology = Oncology
common-specialty-thorasic-internal = Thorasic Internal

# What a key warning means, in one line.
common-warning-group-mismatch = The Group column disagrees with the non-empty options
common-warning-duplicate-question = Same question text as an earlier row
common-warning-conflicting-duplicate = Same question and options as an earlier row, different answer
common-warning-empty-question = The question text is blank
common-warning-duplicate-options = Two options of one question have the same text
common-warning-option-gap = An empty option comes before a non-empty one
common-warning-unusual-option-count = Neither 4 nor 5 options (the paper keeps only these)
common-warning-missing-subspecialty = Medical Specialty is blank (the umbrella specialty is used)
common-warning-answer-text-mismatch = The answer text differs from the option it names (MedArabiQ)

# The dimensions of the expert review (Table 2), as stored in English.
common-dimension-medical-accuracy = Medical accuracy
common-dimension-clinical-relevance = Clinical relevance
common-dimension-question-difficulty = Question difficulty
common-dimension-question-quality = Question quality
common-specialty-with-name = { $label } ({ $name })

# The operators' banners and read-only mode, above every page.
common-read-only = The board is read-only for maintenance: uploads and registrations are paused for now. Everything can still be browsed.
common-notice-info = Notice
common-notice-warning = Warning
common-notice-until = until { $until }
