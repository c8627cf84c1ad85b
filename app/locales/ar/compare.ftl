compare-title = المقارنة بين مشاركتين
compare-lede = مشاركتان علنيتان صُحِّحتا على مفتاح الإجابات نفسه، سؤالًا بسؤال: الفرق في الدقة مع فاصل ثقة 95% مقترن، واختبار ماكنمار الدقيق.
compare-form-legend = المشاركتان المراد مقارنتهما
compare-label-a = المشاركة A
compare-label-b = المشاركة B
compare-choose = اختر…
compare-submit = قارن
compare-incomplete = اختر مشاركتين علنيتين (أو اكتب معرّفيهما في العنوان: ?a=ID&b=ID).
compare-same = اختر مشاركتين مختلفتين.
compare-not-found = لا توجد مشاركة علنية بالمعرّف {"\u2068"}{ $id }{"\u2069"}.
compare-held-out = صُحِّحت المشاركة {"\u2068"}{ $id }{"\u2069"} على مفتاح إجابات محجوب: تبقى نتائجها سؤالًا سؤالًا مخفية حتى يُكشف المفتاح، لذا لا تُقارَن هنا. درجتها الإجمالية في لوحة الصدارة.
compare-different-keys = صُحِّحت هاتان المشاركتان على مفتاحَي إجابات مختلفين ({ $a } و{ $b }): لا يمكن مقابلة أسئلتهما، لذا لا تُقارَنان هنا.
compare-synthetic-notice = صُحِّحت المشاركتان على مفتاح إجابات اصطناعي للعرض، لا على مجموعة اختبار MedAraBench الحقيقية: هذه المقارنة لا تدل على شيء في أداء النموذجين.
compare-col-submission = المشاركة
compare-row-model = النموذج
compare-row-team = الفريق
compare-row-accuracy = الدقة
compare-row-key = مفتاح الإجابات
compare-difference-heading = الفرق
compare-difference = دقة A − دقة B
compare-paired-ci = فاصل ثقة 95% (بوتستراب مقترن)
compare-bootstrap-note = { $replicates } عينة مُعادة من الأسئلة الـ{ $n }، الأسئلة نفسها للمشاركتين، ببذرة ثابتة لكل زوج.
compare-mcnemar = اختبار ماكنمار الدقيق، p
compare-discordant = أصابت A وأخطأت B في { PLURAL($a) ->
        [zero] { $a } سؤال
        [one] سؤال واحد
        [two] سؤالين
        [few] { $a } أسئلة
        [many] { $a } سؤالًا
       *[other] { $a } سؤال
    }؛ وأصابت B وأخطأت A في { $b }.
compare-reading = إذا لم يتضمن الفاصل الصفر وكانت p صغيرة (أقل من 0.05) فالمشاركتان مختلفتان على هذا المفتاح؛ وإلا فلا يمكن التمييز بينهما.
compare-by-specialty = حسب التخصص
compare-by-level = حسب السنة الدراسية
compare-col-specialty = التخصص
compare-col-level = السنة
compare-col-n = n
compare-col-accuracy-a = A: الدقة (فاصل ثقة 95%)
compare-col-accuracy-b = B: الدقة (فاصل ثقة 95%)
compare-col-difference = A − B
compare-cells-note = الفروق حسب التخصص والسنة فروق مُشاهَدة بلا فاصل ثقة ولا اختبار خاص بها؛ والخلايا الصغيرة تتذبذب كثيرًا.
compare-back = العودة إلى لوحة الصدارة
