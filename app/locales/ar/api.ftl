# ما الخطأ في حقل من حقول الطلب؛ تضعه الواجهة البرمجية بعد اسم الحقل.
field-required = مطلوب
field-too-long = عدد أحرفه أكثر من { $max }
field-length = يجب أن يكون عدد أحرفه من { $min } إلى { $max }
field-control-characters = يحتوي على محارف تحكّم أو محارف غير مرئية (فواصل أسطر، مسافات جدولة، محارف بعرض صفري)
field-bidi-control = يحتوي على محارف تحكّم في الاتجاه (U+202A-U+202E، U+2066-U+2069)
field-one-of = يجب أن يكون واحدًا من: {"\u2066"}{ $allowed }{"\u2069"}
field-number = يجب أن يكون عددًا من { $min } إلى { $max }
field-not-web-address = يجب أن يبدأ بـ {"\u2066"}https://{"\u2069"} أو {"\u2066"}http://{"\u2069"}
field-not-email = ليس عنوان بريد إلكتروني
field-password-too-short = يجب ألا يقل عدد أحرف كلمة المرور عن { $min }
field-password-too-long = يجب ألا يزيد عدد أحرف كلمة المرور على { $max }
field-in-the-past = يجب أن يكون وقتًا في المستقبل
field-problem = {"\u2066"}{ $field }{"\u2069"}: { $problem }

# رسالة أخطاء الواجهة البرمجية، حسب الرمز.
api-not-found = غير موجود
api-missing-bearer = الترويسة {"\u2066"}Authorization: Bearer TOKEN{"\u2069"} مطلوبة
api-malformed-bearer = يجب أن تكون ترويسة Authorization بالصيغة {"\u2066"}Bearer TOKEN{"\u2069"}
api-unknown-token = رمز الواجهة البرمجية غير معروف أو أُلغي
api-signed-out = يُرجى تسجيل الدخول
api-session-ended = انتهت جلستك؛ يُرجى تسجيل الدخول من جديد
api-wrong-credentials = البريد الإلكتروني أو كلمة المرور غير صحيحة
api-cross-site = رُفض طلب من موقع آخر: يجب إرسال هذا النموذج من صفحات لوحة الصدارة نفسها
api-name-taken = يوجد فريق بهذا الاسم بالفعل
api-email-taken = عنوان البريد الإلكتروني هذا مسجَّل بالفعل
api-idempotency-key-reused = استُخدم مفتاح Idempotency-Key هذا من قبل لرفع ملف آخر (التقديم {"\u2068"}{ $first }{"\u2069"})
api-invalid-idempotency-key = يجب أن تتكوّن ترويسة Idempotency-Key من محارف ASCII مرئية، من 1 إلى { $max }
api-missing-file = ملف التنبؤات غير موجود أو فارغ
api-no-file-field = لا يحتوي النموذج متعدد الأجزاء على حقل {"\u2066"}file{"\u2069"}
api-invalid-multipart = تعذّرت قراءة النموذج متعدد الأجزاء: {"\u2068"}{ $detail }{"\u2069"}
api-invalid-form = تعذّرت قراءة النموذج: {"\u2068"}{ $detail }{"\u2069"}
api-unreadable-body = تعذّرت قراءة جسم الطلب: {"\u2068"}{ $detail }{"\u2069"}
api-invalid-json = جسم JSON غير صالح: {"\u2068"}{ $detail }{"\u2069"}
api-unknown-benchmark = مقياس غير معروف «{"\u2068"}{ $value }{"\u2069"}» (المتوقع medarabench أو medarabiq)
api-file-too-large = حجم الملف أكبر من { $limit } بايت
api-upload-too-large = حجم المرفوع أكبر من الحد المسموح
api-body-too-large = جسم الطلب كبير جدًا
api-daily-quota = بلغ الفريق حصته اليومية من التقديمات ({ $limit })؛ تتجدد الحصة عند الساعة 00:00 بالتوقيت العالمي
api-total-quota = بلغ الفريق حصته الكلية من التقديمات ({ $limit })
api-signin-throttled = محاولات دخول فاشلة كثيرة لهذا الحساب؛ حاول مجددًا بعد { PLURAL($minutes) ->
        [zero] أقل من دقيقة
        [one] دقيقة واحدة
        [two] دقيقتين
        [few] { $minutes } دقائق
       *[other] { $minutes } دقيقة
    }
api-write-rate = طلبات كتابة كثيرة من عنوانك: { $limit } على الأكثر في الدقيقة؛ حاول مجددًا بعد { PLURAL($seconds) ->
        [zero] أقل من ثانية
        [one] ثانية واحدة
        [two] ثانيتين
        [few] { $seconds } ثوانٍ
       *[other] { $seconds } ثانية
    }
api-no-key = لا يوجد على هذا الخادم مفتاح إجابات لمقياس {"\u2068"}{ $benchmark }{"\u2069"} بعد
api-internal = خطأ داخلي في الخادم

# تعديل تقديم وسحبه (PATCH و DELETE على /api/v1/submissions/{id}).
api-unknown-fields = حقول غير معروفة: {"\u2066"}{ $fields }{"\u2069"} (الحقول التي يمكن تعديلها: {"\u2066"}{ $allowed }{"\u2069"})
api-model-name-immutable = لا يمكن تغيير اسم النموذج، لأن المحاولات واختيار الترتيب النهائي تُحسب لكل اسم نموذج: ارفع التنبؤات من جديد بالاسم الجديد
api-field-types = يجب أن تكون قيم هذه الحقول نصًا أو عددًا أو null: {"\u2066"}{ $fields }{"\u2069"}
api-withdrawn = سحب الفريق التقديم {"\u2068"}{ $id }{"\u2069"} ولم يعد من الممكن تعديله
api-invalid-final = يجب أن تكون قيمة final إما true وإما false
api-final-key-public = التقديم {"\u2068"}{ $id }{"\u2069"} على مفتاح إجابات عام (لم يكن محجوبًا، أو كُشف): يُختار الترتيب النهائي قبل الكشف
api-too-many-final = لا يُحتسب في الترتيب النهائي أكثر من { $max } تقديمات للنموذج الواحد: ألغوا اختيار أحدها أولًا (PATCH مع "final": false)
api-mail-unavailable = تعذّر إرسال رسالة التحقق، فلم يُحفظ الفريق: حاولوا مرة أخرى بعد دقائق
api-address-taken = سجّل هذا العنوان فريقًا من قبل، بصرف النظر عن حالة الأحرف وعن اللاحقة بعد علامة +: العنوان الواحد يسجّل فريقًا واحدًا
api-awaiting-email = يستطيع فريقكم الرفع بعد التحقق من عنوانه: افتحوا الرابط المرسل إليه بالبريد الإلكتروني
api-awaiting-approval = يستطيع فريقكم الرفع بعد أن يقبله أحد المنظّمين

# المشرفون على اللوحة.
api-read-only = اللوحة للقراءة فقط الآن لأعمال الصيانة: رفع الملفات وتسجيل الفرق متوقفان، والتصفح متاح؛ حاولوا لاحقًا
api-team-banned = حظر المشرفون على اللوحة هذا الفريق: { $reason }
api-last-member = أنت العضو الوحيد في الفريق: ادعُ أحدًا قبل أن تغادر، كي يبقى من يستطيع تسجيل الدخول
api-invitation-limit = لا يجوز أن يكون للفريق أكثر من { $limit } من الدعوات المنتظرة في وقت واحد: انتظروا حتى يُستخدم بعضها أو تنتهي مدته (بعد سبعة أيام)
api-address-banned = ينتمي هذا العنوان إلى فريق حظره المشرفون على اللوحة: فلا يسجّل فريقًا آخر
