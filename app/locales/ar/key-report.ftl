key-report-none = لم يُخزَّن أي مفتاح إجابات بعد، فلا يوجد تقرير تحقق لعرضه.
key-report-intro = المفتاح الافتراضي هو «{"\u2068"}{ $name }{"\u2069"}»، وقد استُورد بتاريخ {"\u2066"}{ $date }{"\u2069"}.
key-report-synthetic = هذا مفتاح اصطناعي وُلِّد لأغراض العرض، وليس مجموعة الاختبار الحقيقية: النتائج المحسوبة عليه لا تدل على شيء بشأن أي نموذج.
key-report-sha256 = بصمة SHA-256 لملف المفتاح
key-report-rows = عدد الصفوف في الملف
key-report-scoreable = الأسئلة المعتمدة في التقييم
key-report-rejected = الصفوف المرفوضة (لا تدخل في التقييم)
key-report-normalized = إجابات وُحِّدت صيغتها (بحذف المسافات أو تغيير حالة الحرف)
key-report-warnings = التحذيرات (تُقيَّم صفوفها كما هي)
key-report-summary-caption = تقرير التحقق من مفتاح الإجابات المخزَّن.
key-report-col-item = البند
key-report-col-count = العدد
key-report-rejected-caption = الصفوف المرفوضة. تُقبل التنبؤات الخاصة بها ولا تُحتسب.
key-report-col-line = السطر
key-report-col-question = رقم السؤال
key-report-col-reason = السبب
key-report-reasons-in-english = أسباب هذا التقرير بالإنجليزية كما كتبها المدقِّق: خُزِّن قبل أن تُترجَم الأسباب.
key-report-no-rejected = لا يوجد صف مرفوض.
key-report-warnings-caption = التحذيرات حسب النوع.
key-report-col-rows = عدد الصفوف
key-report-col-meaning = التحذير
key-report-no-warnings = لا توجد تحذيرات.
# Why a key row is not scored (the core's RejectReason codes).
key-reason-duplicate-id = رقم السؤال {"\u2068"}{ $id }{"\u2069"} مكرَّر (ورد أيضًا في السطر {"\u2066"}{ $lines }{"\u2069"}{ PLURAL($more) ->
        [zero] {""}
        [one] {" "}وفي سطر آخر
        [two] {" "}وفي سطرين آخرين
        [few] {" "}وفي { $more } أسطر أخرى
        [many] {" "}وفي { $more } سطرًا آخر
       *[other] {" "}وفي { $more } سطر آخر
    })
key-reason-field-count = عدد حقول الصف { $fields }، وعدد أعمدة صف العناوين { $header }
key-reason-bad-question-id = رقم السؤال «{"\u2068"}{ $value }{"\u2069"}» ليس عددًا صحيحًا موجبًا
key-reason-answer-blank = الإجابة فارغة
key-reason-answer-not-a-letter = الإجابة «{"\u2068"}{ $value }{"\u2069"}» ليست حرفًا واحدًا من A إلى F
key-reason-answer-is-text = الإجابة نص (عدد أحرفه { $length })، لا حرف واحد من A إلى F
key-reason-answer-empty-option = الإجابة {"\u2066"}{ $letter }{"\u2069"} تشير إلى خيار فارغ ({ $span ->
        [none] لا خيارات في السؤال
        [one] ليس في السؤال إلا الخيار {"\u2066"}{ $options }{"\u2069"}
       *[several] خيارات السؤال {"\u2066"}{ $options }{"\u2069"}
    })
key-reason-level-blank = المستوى (Level) فارغ
key-reason-bad-level = المستوى «{"\u2068"}{ $value }{"\u2069"}» ليس من Y1 إلى Y5
key-reason-specialty-blank = التخصص العام (umbrella_specialty) فارغ
key-reason-category-blank = التصنيف (Category) فارغ
key-reason-no-labelled-options = لم يُعثر في السؤال على خيارات مرقَّمة (أ. ب. ج. ...)
key-reason-answer-not-labelled = لا تبدأ الإجابة بحرف خيار (أ/ب/ج/د/ه/و)
key-reason-answer-beyond-options = تشير الإجابة إلى الخيار {"\u2066"}{ $letter }{"\u2069"}، لكن خيارات السؤال من A إلى {"\u2066"}{ $last }{"\u2069"}
key-report-held-out = هذا المفتاح محجوب: يُعرض بصمته SHA-256 والأسباب التي تكشف إجابة من إجاباته عند كشف المفتاح.
key-report-withheld = { PLURAL($count) ->
        [zero] لا صفوف مرفوضة أخرى.
        [one] لا يُدرج صف مرفوض آخر: سببه يكشف الإجابة المعتمدة، وهي محجوبة ما دام المفتاح محجوبًا.
        [two] لا يُدرج صفّان مرفوضان آخران: سبباهما يكشفان إجابتين معتمدتين، وهما محجوبتان ما دام المفتاح محجوبًا.
        [few] لا تُدرج { $count } صفوف مرفوضة أخرى: أسبابها تكشف إجابات معتمدة، وهي محجوبة ما دام المفتاح محجوبًا.
        [many] لا يُدرج { $count } صفًّا مرفوضًا آخر: أسبابها تكشف إجابات معتمدة، وهي محجوبة ما دام المفتاح محجوبًا.
       *[other] لا يُدرج { $count } صف مرفوض آخر: أسبابها تكشف إجابات معتمدة، وهي محجوبة ما دام المفتاح محجوبًا.
    }
