submission-not-found-title = المشاركة غير موجودة
submission-not-found-text = إما أنها غير موجودة، وإما أنها خاصة بفريقها.
submission-title = {"\u2068"}{ $model }{"\u2069"} من فريق {"\u2068"}{ $team }{"\u2069"}
submission-synthetic-before = قُيِّمت هذه المشاركة بمفتاح عرض اصطناعي (
submission-synthetic-after = )، لا بمجموعة اختبار MedAraBench الحقيقية: هذه النتيجة لا تدل على شيء بشأن النموذج.
submission-accuracy = الدقة{" "}
submission-on = {" "}على{" "}
submission-key = {" "}(المفتاح{" "}
submission-verified = ). نتيجة موثَّقة: قيّمها هذا الخادم.
submission-correct = الإجابات الصحيحة:{" "}
submission-of = {" "}من{" "}
submission-missing = أسئلة غائبة عن الملف (تُعدّ خاطئة):{" "}
submission-unparsed = إجابات تعذّر استخراج حرف منها (تُعدّ خاطئة):{" "}
submission-ignored = أسئلة متجاهَلة (يرفضها المفتاح):{" "}
submission-random = يحقق التخمين العشوائي المنتظم دقة{" "}
submission-chance-adjusted = ؛ والدقة بعد تصحيح أثر الصدفة{" "}
submission-held-out = مفتاح الإجابات هذا محجوب: إلى أن يُكشف، لا تُعرض لأي نتيجة إلا دقتها الإجمالية كما يعرضها «السُّلَّم» (Ladder). تُقرَّب الدقة إلى مضاعفات { $step } نقطة مئوية، ولا يغيّرها تقديم جديد من الفريق، لأي نموذج كان، إلا إذا تفوّق على أفضل دقة عُرضت للفريق حتى الآن بأكثر من هذه الخطوة. تظهر أعداد الإجابات الصحيحة والتفصيلات والخريطة الحرارية والمقارنات عند كشف المفتاح.
submission-public-part = هذا المفتاح مقسوم قسمين. كل نتيجة تُعرض قبل الكشف محسوبة على قسمه العام وحده: { $n } سؤالًا سُحبت سرًّا، بالنسبة نفسها من كل تخصص وكل سنة. أما بقية الأسئلة، أي القسم الخاص، فلم تحرّك أي رقم معروض هنا، وعليها يُرتَّب اللوح عند كشف المفتاح.
submission-at-or-below-chance = عند مستوى الصدفة أو دونه: الدقة المعروضة هي حيث يبدأ «سُلَّم» كل فريق، أي دقة التخمين العشوائي مقرَّبةً إلى الأدنى بالخطوة. ولا يعرض «السُّلَّم» نتيجة أدنى منها، كي لا يعرف أي رفع أن إجاباته كلها خاطئة.
submission-not-above-team-best = ليست أعلى من أفضل نتيجة للفريق: لم يتفوّق هذا التقديم على أفضل نتيجة عرضها «السُّلَّم» لهذا الفريق على هذا المفتاح بأكثر من الخطوة، فتُعرض تلك النتيجة مرة أخرى حدًّا أعلى لنتيجته. و«السُّلَّم» واحد لكل فريق ومفتاح: لا يبدأ اسم نموذج جديد سُلَّمًا جديدًا.
submission-parts = القسمان العام والخاص
submission-parts-note = قبل كشف المفتاح لم تُعرض إلا النتائج على القسم العام؛ والترتيب النهائي هو ترتيب القسم الخاص، الذي لم يعتمد عليه أي رقم معروض.
submission-private-part = القسم الخاص (الترتيب النهائي):
submission-public-part-score = القسم العام (ما عُرض قبل الكشف):
submission-final-heading = الترتيب النهائي
submission-final-chosen = اخترتم أن يُحتسب هذا التقديم في الترتيب النهائي عند كشف المفتاح. يمكن اختيار تقديمين على الأكثر للنموذج الواحد، ويُرتَّب اللوح حينئذٍ على أفضلهما.
submission-final-not-chosen = عند كشف المفتاح يُرتِّب اللوح التقديمات التي اخترتموها للترتيب النهائي (تقديمان على الأكثر لهذا النموذج)، أو أحدثها إن لم تختاروا شيئًا.
submission-final-choose = احتساب هذا التقديم في الترتيب النهائي
submission-final-unchoose = إلغاء احتساب هذا التقديم
submission-protocol = بطاقة البروتوكول
submission-prompt-language = لغة الموجِّه (prompt)
submission-shots = عدد الأمثلة في الموجِّه (shots)
submission-temperature = درجة الحرارة (temperature)
submission-chain-of-thought = التفكير المتسلسل (chain of thought)
submission-extraction = طريقة استخراج الحرف
submission-contamination = التدريب على بيانات MedAraBench
submission-model-params = عدد المعاملات
submission-model-category = فئة النموذج
submission-model-url = رابط النموذج
submission-notes = ملاحظات
submission-file = الملف
submission-sha256 = ، بصمة SHA-256:{" "}
submission-submitted = تاريخ الرفع
submission-own = {" "}· مشاركة فريقك
submission-not-stated = غير مذكور
submission-by-specialty = حسب التخصص
submission-by-specialty-caption = الدقة حسب التخصص العام
submission-by-level = حسب المستوى
submission-level-note = التخصص والمستوى متداخلان في مجموعة الاختبار هذه (فأسئلة طب العيون مثلًا كلها من المستوى Y5)، فقارن بين المستويات بحذر.
submission-by-level-caption = الدقة حسب السنة الدراسية في كلية الطب
submission-by-cell = حسب التخصص والمستوى
submission-by-cell-note = التخصص والمستوى متداخلان في مجموعة الاختبار هذه: معظم التخصصات تُدرَّس في سنة أو سنتين (فأسئلة طب العيون مثلًا كلها من المستوى Y5)، لذا كثير من الخانات فارغ أو صغير، وقد يكون الفرق بين المستويات فرقًا بين التخصصات، والعكس.
submission-by-cell-chart-alt = الخريطة الحرارية السابقة في صورة: الخانات والألوان والأرقام نفسها؛ ويذكر الجدول دقة كل خانة مع عدد أسئلتها n وفترة الثقة 95%.
submission-by-cell-download = تنزيل الخريطة الحرارية (SVG)
submission-by-options = حسب عدد الخيارات
submission-by-options-caption = الدقة حسب عدد الخيارات
submission-by-subspecialty = حسب التخصص الفرعي
submission-by-subspecialty-caption = الدقة حسب التخصص الفرعي (عمود Medical Specialty في المفتاح)

# قيم بطاقة البروتوكول.
submission-value-ar = العربية
submission-value-en = الإنجليزية
submission-value-mixed = مختلطة
submission-value-unknown = غير معروف
submission-value-yes = نعم
submission-value-no = لا
submission-value-none = لا
submission-value-train = نعم، على مجموعة التدريب
submission-value-test = نعم، على مجموعة الاختبار
submission-value-train-and-test = نعم، على مجموعتي التدريب والاختبار
submission-value-public = علنية
submission-value-private = خاصة
submission-value-proprietary-general = مغلق المصدر، عام
submission-value-proprietary-arabic = مغلق المصدر، عربي
submission-value-proprietary-medical = مغلق المصدر، طبي
submission-value-open-general = مفتوح المصدر، عام
submission-value-open-arabic = مفتوح المصدر، عربي
submission-value-open-medical = مفتوح المصدر، طبي
submission-value-medarabench = MedAraBench
submission-value-medarabiq = MedArabiQ

# النتائج على كل إصدار من مفتاح الإجابات.
submission-versions-heading = النتيجة على كل إصدار من المفتاح
submission-versions-intro = حين يُصحَّح مفتاح الإجابات يُخزَّن التصحيح إصدارًا جديدًا، وتُقيَّم كل مشاركة عليه من جديد من الإجابات التي تضمّنها ملفها. النتيجة في أعلى هذه الصفحة هي نتيجتها على أحدث إصدار قُيِّمت عليه.
submission-versions-caption = الدقة على كل إصدار من مفتاح الإجابات
submission-col-version = الإصدار
submission-col-key = المفتاح
submission-col-imported = تاريخ الاستيراد
submission-col-accuracy = الدقة
submission-col-correct = الإجابات الصحيحة
submission-version-current = {" "}(المعروضة أعلاه)
submission-version-not-scored = لم تُقيَّم على هذا الإصدار: خُزِّنت قبل أن تُحفَظ الإجابات
submission-version-pending = لم تُقيَّم على هذا الإصدار بعد
submission-not-rescorable = خُزِّنت هذه المشاركة قبل أن يحفظ الموقع إجابات كل ملف، فلا يمكن تقييمها على إصدار مصحَّح من مفتاحها: تبقى نتيجتها على الإصدار { $version } المعروضة أعلاه.

## Key-copy forensics (flags). The flag-* sentences are looked up by the
## flag's code; n of m are the key's known defects it reproduces.
flag-reproduces-key-defects = يكرّر { $n } من { PLURAL($m) ->
        [zero] { $m } عيب معروف في مفتاح الإجابات
        [one] عيب واحد معروف في مفتاح الإجابات
        [two] عيبين معروفين في مفتاح الإجابات
        [few] { $m } عيوب معروفة في مفتاح الإجابات
        [many] { $m } عيبًا معروفًا في مفتاح الإجابات
       *[other] { $m } عيب معروف في مفتاح الإجابات
    }
flag-near-duplicate = يكاد يطابق التقديم {"\u2068"}{ $id }{"\u2069"}
flag-near-duplicate-unnamed = يكاد يطابق تقديمًا لفريق آخر
submission-flags-heading = تنبيهات
submission-flags-intro = يشير التنبيه إلى أمر لا تُظهره النتيجة وحدها. ولا يخفي التنبيه أي تقديم ولا يحذفه، لكن اللوحة لا ترتّبه حتى يراجع المشغّلون التنبيه: اقرأه قبل مقارنة هذه النتيجة بغيرها.
submission-flag-explain-defects = في مفتاح الإجابات عيوب قليلة معروفة: أسئلة يشير حرف إجابتها إلى خيار فارغ، وسؤال واحد بالخيارات نفسها مُعطى إجابتين مختلفتين. النموذج لا يكرّر هذه العيوب، أما نسخة من مفتاح الإجابات فتكرّرها.
submission-flag-explain-near = يعطي هذا الملف الحرف نفسه الذي يعطيه تقديم فريق آخر في 98٪ من الأسئلة على الأقل، مع أن نتيجة كليهما دون 95٪. ونادرًا ما يتفق نموذجان بعيدان عن الكمال إلى هذا الحد إلا إذا نُسخ أحد الملفين من الآخر.

# Run facts of the protocol card.
submission-model-args = وسائط النموذج
submission-generation = إعدادات التوليد

# A withdrawn submission (only its team sees it), and the owner's forms.
submission-withdrawn-before = سُحبت في{" "}
submission-withdrawn-after = : فهي خارج لوحة الترتيب ومخفية عن الجميع عدا فريقك، وتبقى محفوظة في سجل التدقيق.
submission-hidden-by-operators = أخفاها المشرفون على اللوحة: فهي خارج لوحة الترتيب وكل صفحة عامة، لا يراها إلا فريقك، وما زالت تُحسب من حصتكم. سببهم:
submission-owner-heading = تعديل هذه المشاركة أو سحبها
submission-owner-intro = لا يرى هذا القسم إلا فريقك. لا يمكن تغيير اسم النموذج ولا الملف ولا نتائجه. يُسجَّل كل تعديل في سجل التدقيق، وتعرضه لوحة الترتيب فورًا.
submission-save = احفظ التعديلات
submission-withdraw-heading = السحب
submission-withdraw-intro = تخرج المشاركة المسحوبة من لوحة الترتيب ومن كل صفحة عامة فورًا. وتبقى محفوظة في سجل التدقيق، وتُحتسب ضمن حصتك ومحاولاتك، ولا يمكن تعديلها ولا إعادتها.
submission-withdraw-confirm = فهمت: اسحب هذه المشاركة
submission-withdraw-button = اسحب هذه المشاركة
submission-done-changed = حُفظت تعديلاتك.
submission-done-withdrawn = سُحبت المشاركة.

# Letter bias: which option letters the file chose.
submission-letters-heading = الحروف المختارة
submission-letters-intro = كم مرة اختار الملف كل حرف من حروف الخيارات، من بين الأسئلة التي أجاب عنها بحرف. قد يحصل نموذج على نتيجة جيدة لأنه يفضّل حرفًا يفضّله مفتاح الإجابات؛ وإلى جانب المفتاح، «المتوقَّع» هو ما كان سيختاره نموذج بالدقة نفسها لا يفضّل حرفًا على آخر (إجاباته الصحيحة حيث يضعها المفتاح، والخاطئة موزّعة بالتساوي على الخيارات الأخرى لكل سؤال).
submission-letters-caption = نسبة الأسئلة المُجاب عنها التي اختار فيها الملف كل حرف، مع عددها n وفترة الثقة 95% (ويلسون)؛ وعلى مفتاح عام: نسبة المفتاح، والنسبة المتوقَّعة، ونسبة التخمين العشوائي.
submission-letters-col-letter = الحرف
submission-letters-col-chosen = مرات الاختيار
submission-letters-col-share = نسبته من الإجابات
submission-letters-col-key = المفتاح
submission-letters-col-expected = المتوقَّع
submission-letters-col-chance = التخمين
submission-letters-overused = يختار هذا الملف {"\u2068"}{ $letters }{"\u2069"} أكثر بوضوح مما كان سيختاره نموذج بالدقة نفسها لا يفضّل حرفًا على آخر (بفارق 10 نقاط على الأقل و1.5 ضعف النسبة المتوقَّعة، خارج فترة الثقة 95%).
submission-letters-held-out = على مفتاح محجوب لا تُعرض إلا اختيارات الملف نفسه: تبقى حروف المفتاح مخفية حتى يُكشف.
submission-letters-against-n = المقارنة بالمفتاح على { $n } من الأسئلة القابلة للتصحيح أجاب عنها الملف بحرف.

# The badge and model-index block for a model card.
submission-card-heading = لبطاقة نموذجك
submission-card-intro = تعرض هذه الشارة النتيجة أعلاه مع n وفترة الثقة 95%، وتعيد القارئ إلى هذه الصفحة؛ وتعطي كتلة model-index النتيجة نفسها بالصيغة التي تقرؤها بطاقات النماذج في Hugging Face.
submission-card-badge-alt = شارة MedAraBench لهذه المشاركة
submission-card-markdown = نص Markdown للشارة:
submission-card-yaml = كتلة model-index ‏(YAML)
submission-badge-ci = فترة الثقة 95%
submission-badge-held-out = مفتاح محجوب
submission-badge-held-out-public = مفتاح محجوب، الجزء العام
submission-badge-synthetic = مفتاح تجريبي اصطناعي
submission-badge-title = {"\u2068"}{ $model }{"\u2069"} على {"\u2068"}{ $benchmark }{"\u2069"}: {"\u2068"}{ $value }{"\u2069"}
submission-calibration-heading = المعايرة
submission-calibration-intro = مدى تطابق الثقة التي أعطاها الملف لكل إجابة مع عدد مرات صحة تلك الإجابات. النموذج جيد المعايرة إذا قال 80% يصيب نحو 80% من المرات؛ والنموذج الذي ترتّب ثقته إجاباته ترتيبًا جيدًا يؤدي أفضل حين يجيب فقط عن الأسئلة التي هو أشد ثقة بها.
submission-calibration-n = على الأسئلة القابلة للتصحيح التي أجاب عنها الملف بحرف وثقة، وعددها {"\u2066"}{ $n }{"\u2069"}.
submission-calibration-caption = أرقام المعايرة، كلٌّ منها على العدد n المذكور، مع فترات الثقة 95%
submission-calibration-col-figure = المقياس
submission-calibration-col-value = القيمة
submission-calibration-mean-confidence = متوسط الثقة
submission-calibration-accuracy = الدقة على هذه الأسئلة
submission-calibration-ece = خطأ المعايرة المتوقع (ECE: ‏15 فئة متساوية الحجم، وفترة ثقة بإعادة المعاينة؛ الصفر هو الكمال)
submission-calibration-brier = درجة براير لثقة الإجابة المختارة (الصفر هو الكمال)
submission-calibration-aurc = المساحة تحت منحنى الخطر والتغطية (AURC: متوسط نسبة الخطأ حين يُجاب فقط عن الأسئلة الأعلى ثقة، على كل النسب؛ الأقل أفضل)
submission-calibration-at-coverage = الدقة على {"\u2066"}{ $percent }%{"\u2069"} من الأسئلة الأعلى ثقة
submission-calibration-not-given = المعايرة: غير متوفرة. لا يعطي الملف ثقة لكل إجابة؛ تعطيها اللوغاريتمات الاحتمالية لكل خيار (lm-evaluation-harness وlighteval)، أو logprobs في مخرجات الدفعات، أو عمود confidence أو prob_A…prob_F.
submission-calibration-held-out = تُحسب المعايرة من معرفة الإجابات الصحيحة: على مفتاح محجوب تظهر بعد الكشف عنه.
submission-reliability-title = الموثوقية: {"\u2068"}{ $model }{"\u2069"}
submission-reliability-x = متوسط الثقة في الفئة
submission-reliability-y = الدقة في الفئة
submission-reliability-desc = مخطط الموثوقية: الإجابات مرتبة حسب الثقة في 15 فئة متساوية الحجم؛ كل نقطة هي متوسط ثقة فئة مقابل دقتها مع فترة ثقة 95%؛ النقاط على القطر معايرتها تامة، وتحته ثقة زائدة.
submission-reliability-alt = مخطط الموثوقية: الدقة مقابل الثقة في 15 فئة متساوية الحجم؛ الجدول أعلاه يعطي الأرقام.
submission-risk-title = الخطر والتغطية: {"\u2068"}{ $model }{"\u2069"}
submission-risk-x = التغطية (نسبة الأسئلة المجاب عنها، الأعلى ثقة أولًا)
submission-risk-y = نسبة الخطأ
submission-risk-desc = منحنى الخطر والتغطية: نسبة الخطأ بين الإجابات الأعلى ثقة كلما زاد عدد المجاب عنها؛ المنحنى الذي يبقى منخفضًا في البداية يرتّب إجاباته جيدًا.
submission-risk-alt = منحنى الخطر والتغطية: نسبة الخطأ مقابل نسبة الأسئلة المجاب عنها، الأعلى ثقة أولًا.
submission-order-heading = ترتيب الخيارات
submission-order-intro = الأسئلة نفسها تُطرح مرة أخرى بخيارات كل سؤال في ترتيب ثانٍ (المهمة ذات الترتيب المبدَّل: دوران يحدده رقم السؤال ويحرّك كل خيار). النموذج الذي يعرف الإجابة يختار الخيار نفسه أينما وقع؛ والذي يعتمد على المواضع أو الحروف لا يفعل.
submission-order-caption = الدقة في كل ترتيب وعدد مرات تغيّر الخيار المختار، كلٌّ مع n وفترة الثقة 95% (ويلسون)
submission-order-col-figure = المقياس
submission-order-col-value = القيمة
submission-order-accuracy = الدقة في الترتيب الأصلي
submission-order-accuracy-permuted = الدقة في الترتيب الثاني
submission-order-consistent = الدقة المتسقة (صحيحة في الترتيبين)
submission-order-sensitivity = الحساسية للترتيب (من الأسئلة المجاب عنها في الترتيبين، نسبة التي تغيّر خيارها المختار)
submission-order-not-given = ترتيب الخيارات: غير متوفر. أرسل مخرجات النموذج نفسه على المهمة ذات الترتيب المبدَّل (public/tasks: {"\u2068"}medarabench_permuted{"\u2069"}) إلى جانب الملف الرئيسي لقياسه.
submission-order-held-out = تُحسب أرقام ترتيب الخيارات من معرفة الإجابات الصحيحة: على مفتاح محجوب تظهر بعد الكشف عنه.
