common-site-description = MedAraBench: لوحة صدارة معيار الأسئلة الطبية العربية متعددة الخيارات
common-skip-to-content = انتقل إلى المحتوى
common-nav-label = القائمة الرئيسية
common-nav-leaderboard = لوحة الصدارة
common-nav-quality = جودة البيانات
common-nav-adapting = تكييف نموذج صغير
common-nav-medarabiq = MedArabiQ
common-nav-dataset = مجموعة البيانات
common-nav-submit = طريقة المشاركة
common-sign-in = تسجيل الدخول
common-switch-label = English
common-switch-title = اقرأ هذه الصفحة بالإنجليزية
common-not-reported = غير منشور
common-source = المصدر
common-loading = جارٍ التحميل…
common-none = لا يوجد
common-not-found-title = الصفحة غير موجودة
common-not-found-text = لا توجد صفحة بهذا العنوان.
common-not-found-back = العودة إلى لوحة الصدارة

# مصدر الرقم المنشور (وسم source_table).
common-source-llm-as-a-judge = قسم التقييم بالنماذج اللغوية (LLM-as-a-judge) في الورقة
common-source-cochran = حساب حجم العينة في الورقة
common-source-dataset = وصف مجموعة البيانات في الورقة
common-source-table = الجدول { $n }

# فئة النموذج في الجدول 4.
common-category = { $access }، { $focus }
common-access-proprietary = مغلق المصدر
common-access-open = مفتوح المصدر
common-focus-general = عام
common-focus-arabic = عربي
common-focus-medical = طبي

# المستوى مع اسم السنة.
common-level = { $level } ({ $ordinal })
common-level-y1 = السنة الأولى
common-level-y2 = السنة الثانية
common-level-y3 = السنة الثالثة
common-level-y4 = السنة الرابعة
common-level-y5 = السنة الخامسة

# التخصصات التسعة عشر في الورقة.
common-specialty-anatomy = التشريح
common-specialty-anesthesia = التخدير
common-specialty-biochemistry = الكيمياء الحيوية
common-specialty-cell-and-molecular-biology = علم الأحياء الخلوي والجزيئي
common-specialty-chemistry-and-physics = الكيمياء والفيزياء
common-specialty-embryology = علم الأجنة
common-specialty-emergency-medicine = طب الطوارئ
common-specialty-internal-medicine = الطب الباطني
common-specialty-medical-ethics = أخلاقيات الطب
common-specialty-microbiology = علم الأحياء الدقيقة
common-specialty-ophthalmology = طب العيون
common-specialty-pathology = علم الأمراض
common-specialty-pediatrics = طب الأطفال
common-specialty-pharmacology = علم الأدوية
common-specialty-physiology = علم وظائف الأعضاء
common-specialty-preventive-medicine = الطب الوقائي
common-specialty-psychiatry = الطب النفسي
common-specialty-statistics = الإحصاء
common-specialty-surgery = الجراحة
# Sub-specialties of the key's questions (its Medical Specialty column).
common-specialty-histology = علم الأنسجة
common-specialty-histology-and-anatomy = علم الأنسجة والتشريح
common-specialty-histology-and-systemic-anatomy = علم الأنسجة والتشريح الجهازي
common-specialty-cell-biology = علم الأحياء الخلوي
common-specialty-genetics = علم الوراثة
common-specialty-chemistry = الكيمياء
common-specialty-physics = الفيزياء
common-specialty-cardiology = أمراض القلب
common-specialty-chest-diseases = الأمراض الصدرية
common-specialty-gastroenterology = أمراض الجهاز الهضمي
common-specialty-gastroenterology-hepatology = أمراض الجهاز الهضمي والكبد
common-specialty-neurology = طب الأعصاب
common-specialty-oncology = علم الأورام
common-specialty-thorasic-internal = الأمراض الباطنية الصدرية

# معنى كل تحذير من تحذيرات المفتاح.
common-warning-group-mismatch = عمود Group لا يطابق الخيارات غير الفارغة
common-warning-duplicate-question = نص السؤال مطابق لنص صف سابق
common-warning-conflicting-duplicate = السؤال والخيارات مطابقة لصف سابق والإجابة مختلفة
common-warning-empty-question = نص السؤال فارغ
common-warning-duplicate-options = خياران في السؤال نفسه لهما النص ذاته
common-warning-option-gap = خيار فارغ يسبق خيارًا غير فارغ
common-warning-unusual-option-count = عدد الخيارات ليس 4 ولا 5 (لم تُبقِ الورقة إلا على هذين)
common-warning-missing-subspecialty = عمود Medical Specialty فارغ (يُستعمل التخصص العام بدلًا منه)
common-warning-answer-text-mismatch = نص الإجابة يختلف عن نص الخيار الذي تشير إليه (MedArabiQ)

# أبعاد مراجعة الخبراء (الجدول 2).
common-dimension-medical-accuracy = الدقة الطبية
common-dimension-clinical-relevance = الأهمية السريرية
common-dimension-question-difficulty = صعوبة السؤال
common-dimension-question-quality = جودة صياغة السؤال
common-specialty-with-name = { $label } ({ $name })

# لافتات المشرفين ووضع القراءة فقط، أعلى كل صفحة.
common-read-only = اللوحة للقراءة فقط الآن لأعمال الصيانة: رفع الملفات وتسجيل الفرق متوقفان مؤقتًا، ويبقى تصفح كل شيء متاحًا.
common-notice-info = إشعار
common-notice-warning = تنبيه
common-notice-until = حتى {"\u2066"}{ $until }{"\u2069"}
