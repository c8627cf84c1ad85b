# سبب إعادة النموذج (رموز error في العنوان).
form-error-wrong-credentials = البريد الإلكتروني أو كلمة المرور غير صحيحة.
form-error-too-many-attempts = محاولات دخول فاشلة كثيرة لهذا الحساب. انتظر بضع دقائق ثم حاول مجددًا.
form-error-name-taken = يوجد فريق بهذا الاسم بالفعل.
form-error-email-taken = عنوان البريد الإلكتروني هذا مسجَّل بالفعل.
form-error-invalid-name = يجب أن يتكوّن اسم الفريق من 2 إلى 60 حرفًا، من دون محارف تحكّم أو محارف تحكّم في الاتجاه.
form-error-invalid-email = هذا ليس عنوان بريد إلكتروني صالحًا.
form-error-invalid-password = يجب أن تتكوّن كلمة المرور من 10 إلى 256 حرفًا.
form-error-upload-refused = رُفض الرفع ولم يُخزَّن شيء.
form-error-server-error = حدث خطأ في الخادم ولم يُخزَّن شيء. حاول مجددًا.
form-error-registration-limit = سُجِّلت فرق كثيرة من عنوانك اليوم، ولم يُنشأ أي فريق. حاول مجددًا بعد الساعة {"\u2066"}00:00 UTC{"\u2069"}.
form-error-client-quota-exceeded = استنفد عنوانك حصة الرفع لهذا اليوم، محسوبةً على جميع الفرق، ولم يُخزَّن شيء. حاول مجددًا بعد الساعة {"\u2066"}00:00 UTC{"\u2069"}.
form-error-change-refused = رُفض التعديل ولم يتغيّر شيء.
form-error-withdraw-unconfirmed = ضع علامة في المربّع لتأكيد السحب؛ لم يُسحب شيء.
form-error-too-many-final = يُحتسب في الترتيب النهائي تقديمان لهذا النموذج بالفعل: ألغوا احتساب أحدهما أولًا؛ لم يتغيّر شيء.
form-error-withdrawn = سُحبت هذه المشاركة، فلم يعد تعديلها ممكنًا.
form-error-last-member = أنت العضو الوحيد في الفريق: ادعُ أحدًا قبل أن تغادر، كي يبقى من يستطيع تسجيل الدخول.
form-error-leave-unconfirmed = ضع علامة في المربع لتأكيد مغادرة الفريق؛ لم يتغيّر شيء.
form-error-read-only = اللوحة للقراءة فقط لأعمال الصيانة: لم يُحفظ شيء. حاولوا لاحقًا.
form-error-team-banned = حظر المشرفون على اللوحة هذا الفريق.
form-error-too-many-invitations = لدى فريقكم عشر دعوات منتظرة: انتظروا حتى يُستخدم بعضها أو تنتهي مدته (بعد سبعة أيام)؛ لم يُرسل شيء.

# أسباب تعذّر قراءة الملف نصًّا.
input-too-large = حجم الملف { $size } بايت، وهو أكبر من الحد المسموح ({ $limit } بايت)
input-empty = الملف فارغ
input-not-text = هذا ليس ملفًا نصيًا: ارفع التنبؤات بصيغة CSV أو JSON Lines (احفظ جدول البيانات بصيغة CSV أولًا)
input-nul-byte = السطر { $line }: بايت NUL (ملف ثنائي أو بترميز UTF-16؟ احفظه بترميز UTF-8)
input-invalid-utf8 = السطر { $line }: ترميز UTF-8 غير صالح (احفظ الملف بترميز UTF-8)
input-line-too-long = السطر { $line }: أطول من { $limit } بايت
input-too-large-decompressed = يتجاوز حجم الملف بعد فكّ ضغطه { $limit } بايت
input-bad-gzip = يبدو الملف مضغوطًا بصيغة gzip لكن تعذّر فكّ ضغطه ({"\u2068"}{ $detail }{"\u2069"})

# أسباب رفض ملف التنبؤات.
prediction-bad-header = السطر 1: يجب أن يذكر صف العناوين العمود question_id مع answer (أو response)؛ والموجود: {"\u2068"}{ $found }{"\u2069"}
prediction-duplicate-column = السطر 1: صف العناوين يذكر العمود «{"\u2068"}{ $column }{"\u2069"}» مرتين
prediction-no-rows = لا توجد تنبؤات في الملف
prediction-malformed-csv = السطر { $line }: صف CSV غير مقروء ({"\u2068"}{ $detail }{"\u2069"})
prediction-malformed-json = السطر { $line }: ليس كائن JSON ({"\u2068"}{ $detail }{"\u2069"})
prediction-missing-field = السطر { $line }: الحقل {"\u2068"}{ $field }{"\u2069"} غير موجود
prediction-bad-question-id = السطر { $line }: قيمة question_id «{"\u2068"}{ $value }{"\u2069"}» ليست عددًا صحيحًا موجبًا
prediction-duplicate-question-id = السطر { $line }: المعرّف question_id {"\u2068"}{ $id }{"\u2069"} مكرّر (ورد أول مرة في السطر { $first_line })
prediction-not-a-letter = السطر { $line }: الإجابة «{"\u2068"}{ $value }{"\u2069"}» ليست حرفًا من A إلى F (أو أ ب ج د ه و)؛ ضع النص الحر في عمود response
prediction-bad-confidence = السطر { $line }: القيمة «{"\u2068"}{ $value }{"\u2069"}» في {"\u2068"}{ $column }{"\u2069"} ليست عددًا من 0 إلى 1
prediction-not-permuted = السطر { $line }: لم يُطرح هذا الصف بالترتيب المبدَّل (لا يذكر Permutation): أرسل مخرجات المهمة {"\u2068"}medarabench_permuted{"\u2069"} بوصفها الملف المبدَّل
prediction-permuted-as-main = السطر { $line }: هذه مخرجات المهمة ذات الترتيب المبدَّل (أسئلتها تحمل Permutation): أرسلها بوصفها الملف المبدَّل، إلى جانب ملف المهمة الرئيسية
prediction-unknown-question-id = السطر { $line }: المعرّف question_id {"\u2068"}{ $id }{"\u2069"} غير موجود في مفتاح الإجابات
prediction-malformed = السطر { $line }: {"\u2068"}{ $detail }{"\u2069"}
prediction-unknown-question-text = السطر { $line }: لا يوجد في مفتاح الإجابات سؤال نصّه «{"\u2068"}{ $text }{"\u2069"}»
prediction-ambiguous-question-text = السطر { $line }: النص «{"\u2068"}{ $text }{"\u2069"}» هو نص أكثر من سؤال ({"\u2066"}{ $ids }{"\u2069"})؛ اذكر رقم السؤال بدلًا منه
prediction-needs-server = يفحص الخادم ملفات {"\u2068"}{ $format }{"\u2069"} عند إرسالها
prediction-wrong-file = هذا الملف {"\u2068"}{ $what }{"\u2069"}؛ ارفع بدلًا منه {"\u2068"}{ $instead }{"\u2069"}
prediction-several = في الملف مشكلات عددها { $count }، وكلٌّ منها مذكور مع سطره
prediction-results-not-json = الملف ليس بصيغة JSON ({"\u2068"}{ $detail }{"\u2069"})؛ المتوقع ملف النتائج results_<date>.json الذي يكتبه lm-eval بجانب ملف العينات
prediction-results-not-lm-eval = هذا ليس ملف نتائج من lm-evaluation-harness؛ المتوقع ملف النتائج results_<date>.json الذي يكتبه lm-eval بجانب ملف العينات
prediction-results-samples-file = هذا ملف عينات من lm-evaluation-harness، ومكانه حقل التنبؤات؛ أما هنا فضع ملف النتائج results_<date>.json الذي يكتبه lm-eval بجانبه
prediction-results-tasks-differ = يضم ملف النتائج مهامَّ شُغّلت بإعدادات مختلفة ({"\u2068"}{ $tasks }{"\u2069"}: يختلف عدد الأمثلة أو نوع المخرجات أو إعدادات التوليد)؛ ضع ملف نتائج تشغيل واحد لمهمة واحدة
error-unknown = { $text }
prediction-refused = رُفض ملف التنبؤات: {"\u2068"}{ $reason }{"\u2069"}
# A refused lm-evaluation-harness results file (the upload's `results`), before its reason.
prediction-results-refused = رُفض ملف نتائج lm-evaluation-harness (ولم يُخزَّن شيء): {"\u2068"}{ $reason }{"\u2069"}

# حدود كل عنوان عميل، كما تصوغها واجهة البرمجة.
registration-limit = بلغ عنوانك حدّ التسجيل: يمكن تسجيل { PLURAL($limit) ->
        [zero] { $limit } فريق
        [one] فريق واحد
        [two] فريقين
        [few] { $limit } فرق
        [many] { $limit } فريقًا
       *[other] { $limit } فريق
    } على الأكثر في اليوم من عنوان واحد؛ لم يُنشأ أي فريق؛ يُعاد احتساب الحد عند الساعة {"\u2066"}00:00 UTC{"\u2069"}
quota-client-exceeded = بلغ عنوانك حصة الرفع اليومية: تُقبل { PLURAL($limit) ->
        [zero] { $limit } عملية رفع
        [one] عملية رفع واحدة
        [two] عمليتا رفع
        [few] { $limit } عمليات رفع
        [many] { $limit } عملية رفع
       *[other] { $limit } عملية رفع
    } على الأكثر في اليوم من عنوان واحد، في جميع الفرق مجتمعة؛ لم يُخزَّن شيء؛ يُعاد احتساب الحصة عند الساعة {"\u2066"}00:00 UTC{"\u2069"}
