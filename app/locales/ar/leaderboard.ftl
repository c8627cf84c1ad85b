leaderboard-title = لوحة الصدارة
leaderboard-heading = لوحة صدارة MedAraBench
leaderboard-lede = دقة النماذج اللغوية دون أمثلة مسبقة (zero-shot) على مجموعة اختبار MedAraBench: أسئلة عربية متعددة الخيارات من امتحانات كليات الطب، في 19 تخصصًا، للسنوات الدراسية من Y1 إلى Y5.
leaderboard-loading = جارٍ تحميل النتائج…
leaderboard-rows-limited = يُعرض أفضل { $shown } من { PLURAL($matching) ->
        [zero] { $matching } مشاركة
        [one] مشاركة واحدة
        [two] مشاركتين
        [few] { $matching } مشاركات
        [many] { $matching } مشاركةً
       *[other] { $matching } مشاركة
    } مُتحقَّق منها تطابق التصفية؛ يشمل البحث والتصفية المشاركات كلها، وكل الصفوف موجودة في ملفَّي التصدير CSV وJSON:
leaderboard-sort-hint = انقر على عنوان أي عمود لترتيب الجدول حسبه.
leaderboard-col-rank = الترتيب
leaderboard-col-model = النموذج
leaderboard-col-team-source = الفريق أو المصدر
leaderboard-col-category = الفئة
leaderboard-col-size = الحجم
leaderboard-col-accuracy = الدقة (فاصل ثقة 95%)
leaderboard-col-n = n
leaderboard-col-date = التاريخ
leaderboard-col-contamination = دُرِّب على بيانات MedAraBench
leaderboard-col-ece = ECE
leaderboard-col-brier = براير
leaderboard-not-given = غير متوفر
leaderboard-calibration-show = اعرض المعايرة (ECE وبراير)
leaderboard-calibration-hide = أخفِ المعايرة
leaderboard-badge-reported = منشور
leaderboard-badge-verified = مُتحقَّق منه
leaderboard-badge-reference = خط أساس
leaderboard-on-key = محسوب على مفتاح الإجابات {"\u2068"}{ $key }{"\u2069"}
leaderboard-random-guessing = التخمين العشوائي المنتظم
leaderboard-always = الإجابة { $l } دائمًا
leaderboard-paper-date = ICLR 2026
leaderboard-not-stated = غير مذكور
leaderboard-not-applicable = لا ينطبق
leaderboard-unranked = غير مرتَّب
leaderboard-approx-title = تقريبي: فاصل ويلسون محسوب من الدقة المنشورة المقرَّبة ومن n
leaderboard-demo-key-badge = مفتاح تجريبي
leaderboard-attempts = { PLURAL($count) ->
        [zero] لا محاولات
        [one] محاولة واحدة
        [two] محاولتان، أولاهما في { $first }
        [few] { $count } محاولات، أولاها في { $first }
       *[other] { $count } محاولة، أولاها في { $first }
    }
leaderboard-ladder-badge = السُّلَّم
leaderboard-ladder-title = مفتاح محجوب: الدقة هي دقة «السُّلَّم» مقرَّبة إلى خطوته، ولا يُعرض أي رقم مشتق من أسئلة منفردة إلى أن يُكشف المفتاح
leaderboard-chance-badge = ≤ الصدفة
leaderboard-chance-title = عند مستوى الصدفة أو دونه: يبدأ «سُلَّم» كل فريق من دقة التخمين العشوائي مقرَّبةً إلى الأدنى بخطوته، ولا يعرض نتيجة أدنى منها
leaderboard-held-badge = ≤ أفضل نتيجة للفريق
leaderboard-held-title = ليست أعلى من أفضل نتيجة للفريق: «السُّلَّم» واحد لكل فريق، ولم يتفوّق هذا التقديم على أفضل نتيجة معروضة للفريق بأكثر من خطوة، فتُعرض تلك النتيجة حدًّا أعلى؛ ولا يُرتَّب
leaderboard-public-part-badge = القسم العام
leaderboard-public-part-title = على القسم العام من المفتاح وحده إلى أن يُكشف؛ والترتيب النهائي على قسمه الخاص
leaderboard-private-part-badge = القسم الخاص
leaderboard-private-part-title = مرتَّب على القسم الخاص من المفتاح، وهو الترتيب النهائي؛ ونتيجة القسم العام في صفحة التقديم
leaderboard-flag-badge = عليه تنبيه
leaderboard-flag-note = الصف الذي عليه تنبيه (نسخة من مفتاح الإجابات، أو ملف يكاد يطابق ملف فريق آخر) لا يُرتَّب حتى يراجع المشغّلون تنبيهاته؛ انقر التنبيه لتقرأ سببه.
leaderboard-flag-title = { $flags }. يُعرض الصف الذي عليه تنبيه لكنه لا يُرتَّب حتى يراجعه المشغّلون؛ وتشرح صفحة التقديم سببه
leaderboard-synthetic-notice = الصفوف الموسومة «مفتاح تجريبي» صُحِّحت على مفتاح إجابات اصطناعي للعرض، لا على مجموعة اختبار MedAraBench الحقيقية: هذه الدرجات لا تدل على شيء في أداء النماذج.
leaderboard-contamination-none = لا
leaderboard-contamination-train = مجموعة التدريب
leaderboard-contamination-test = مجموعة الاختبار
leaderboard-contamination-both = مجموعتا التدريب والاختبار
leaderboard-filter-legend = تصفية الجدول
leaderboard-filter-source = المصدر
leaderboard-filter-all = الكل
leaderboard-filter-category = الفئة
leaderboard-category-none = بلا فئة (المشاركات)
leaderboard-filter-search = اسم النموذج
leaderboard-apply = تطبيق
leaderboard-clear = إلغاء التصفية
leaderboard-no-match = لا يوجد نموذج يطابق هذه التصفية.
leaderboard-reference-heading = خطوط الأساس (ليست نماذج ولا تدخل الترتيب)
leaderboard-rank-note = الترتيب: المراتب التي يمكن أن يحتلها النموذج وفق اختبارات زوجية عند مستوى 5% مع تصحيح هولم (اختبار ماكنمار الدقيق بين مشاركتين صُحِّحتا على مفتاح الإجابات نفسه، وإلا فاختبار z لنسبتين)؛ النماذج التي تتداخل نطاقاتها لا يمكن التمييز بينها. يشمل الترتيب النماذج المنشورة وأفضل 200 مشاركة مُتحقَّق منها.
leaderboard-approx-note = ≈ الصفوف المنشورة: تذكر الورقة الدقة بثلاث منازل عشرية على n = 4,989، لذا فواصل الثقة 95% لها تقريبية (فاصل ويلسون من الدقة المقرَّبة).
leaderboard-reference-note = خطوط الأساس تجيب دون قراءة الأسئلة، وتُصحَّح على مفتاح الإجابات الافتراضي لهذا الخادم بالقواعد نفسها المطبقة على كل مشاركة: التخمين العشوائي المنتظم (دقته المتوقعة، ويضم الفاصل 95% من المخمِّنين)، والإجابة A دائمًا، وأفضل حرف واحد.
leaderboard-chart-heading = الدقة مع فواصل ثقة 95%
leaderboard-chart-title = دقة MedAraBench مع فاصل ثقة 95%
leaderboard-chart-axis = الدقة
leaderboard-chart-alt = مخطط: دقة كل صف من صفوف الجدول نقطةً، وفاصل الثقة 95% لها شريطًا، الأفضل أولًا؛ والجدول يذكر كل القيم.
leaderboard-chart-desc = مخطط نقاط وأشرطة خطأ { PLURAL($n) ->
        [zero] لـ { $n } صف
        [one] لصف واحد
        [two] لصفَّين
        [few] لـ { $n } صفوف
        [many] لـ { $n } صفًّا
       *[other] لـ { $n } صف
    }، الأفضل أولًا: كل نقطة دقة، وكل شريط فاصل ثقة 95% لها؛ والجدول يذكر كل القيم.
leaderboard-chart-limited = يعرض المخطط أفضل { $shown } من { PLURAL($total) ->
        [zero] { $total } نموذج
        [one] نموذج واحد
        [two] نموذجين
        [few] { $total } نماذج
        [many] { $total } نموذجًا
       *[other] { $total } نموذج
    }؛ والجدول يذكرها كلها.
leaderboard-download-chart = تنزيل المخطط (SVG)
leaderboard-download-csv = تنزيل الجدول (CSV)
leaderboard-download-json = JSON
leaderboard-compare-link = قارن بين مشاركتين
leaderboard-caption = { $shown } من { PLURAL($total) ->
        [zero] { $total } نموذج
        [one] نموذج واحد
        [two] نموذجين
        [few] { $total } نماذج
        [many] { $total } نموذجًا
       *[other] { $total } نموذج
    }: منشورة في ورقة MedAraBench (الجدول 4؛ دون أمثلة مسبقة، بدرجة حرارة 0) ومُتحقَّق منها هنا (صحّحها هذا الخادم)، وتحتها خطوط الأساس.{" "}
leaderboard-paper = الورقة، { $table }
