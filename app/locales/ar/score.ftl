score-ci = فترة الثقة 95%
score-ci-bar = فترة الثقة 95% من { $lo } إلى { $hi }، والتقدير { $estimate }
score-col-specialty = التخصص
score-col-level = المستوى
score-col-options = عدد الخيارات
score-col-subspecialty = التخصص الفرعي
score-col-correct = الصحيحة
score-col-n = n
score-col-accuracy = الدقة
score-col-ci = فترة الثقة 95% (ويلسون)
score-col-interval = الفترة
score-no-level = غير محدد
score-heat-caption = الدقة حسب التخصص (الصفوف) والمستوى (الأعمدة): في كل خانة الدقة وعدد أسئلتها n وفترة الثقة 95% (ويلسون)، ويدل لونها على الدقة.
score-heat-corner = التخصص / المستوى
score-heat-empty = لا أسئلة
score-heat-legend = اللون: الدقة، والأغمق أدنى (مقياس viridis).
score-heat-small = {"*"} أقل من { PLURAL($n) ->
        [zero] { $n } سؤال
        [one] سؤال واحد
        [two] سؤالين
        [few] { $n } أسئلة
        [many] { $n } سؤالًا
       *[other] { $n } سؤال
    }
score-heat-no-cells = لا خانات لعرضها: المفتاح لا يذكر التخصص والمستوى لأسئلته.
score-heat-chart-title = دقة {"\u2068"}{ $model }{"\u2069"} حسب التخصص والمستوى
score-heat-chart-desc = خريطة حرارية للدقة حسب التخصص (الصفوف) والمستوى (الأعمدة)؛ تُلوَّن كل خانة بمقياس viridis من البنفسجي الداكن (0) إلى الأصفر (1)، وتُعلَّم بـ * الخانات التي فيها أقل من { PLURAL($n) ->
        [zero] { $n } سؤال
        [one] سؤال واحد
        [two] سؤالين
        [few] { $n } أسئلة
        [many] { $n } سؤالًا
       *[other] { $n } سؤال
    }. الخانات:
score-small-note = {"*"} أقل من { PLURAL($n) ->
        [zero] { $n } سؤال
        [one] سؤال واحد
        [two] سؤالين
        [few] { $n } أسئلة
        [many] { $n } سؤالًا
       *[other] { $n } سؤال
    }: الفترة واسعة، فاقرأ النتيجة بحذر.
