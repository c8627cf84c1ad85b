submit-title = طريقة المشاركة
submit-steps-heading = الخطوات
submit-web-intro = أو من المتصفح:
submit-web-register = سجّل فريقًا
submit-web-upload = ارفع التنبؤات
submit-formats-heading = صيغ الملفات
submit-letters-caption = حروف الإجابة المقبولة.
submit-col-letter = الحرف
submit-col-arabic = ما يقابله بالعربية
submit-extraction-examples = أمثلة
submit-full-protocol = البروتوكول الكامل بكل عباراته وأمثلته (بالإنجليزية):
submit-cli-heading = من سطر الأوامر
submit-cli-intro = يقيّم البرنامج medarabench الملف محليًّا مقارنةً بملف CSV المنشور لمجموعة الاختبار، ثم يرفعه:
submit-server-note = SERVER هو عنوان هذا الموقع، وTOKEN هو رمز الوصول الخاص بك.
submit-api-heading = عبر الواجهة البرمجية (API)
submit-api-description = الواجهة البرمجية كلها، بكل عملية ومعاملاتها وردودها وأخطائها، موصوفة بمواصفة OpenAPI 3.1:
submit-quota-heading = الحصص
submit-quota = الحد الأقصى لكل فريق على هذا الخادم: { $daily } في اليوم الواحد (بتوقيت UTC) و{ $total } إجمالًا (القيمة الافتراضية 5 في اليوم). وعند تجاوز الحد تردّ الواجهة البرمجية بالرمز 429 مع الترويسة Retry-After.
submit-quota-client = وتُحسب عمليات الرفع أيضًا لكل عنوان عميل، في جميع الفرق مجتمعة: { PLURAL($n) ->
        [zero] { $n } عملية رفع
        [one] عملية رفع واحدة
        [two] عمليتا رفع
        [few] { $n } عمليات رفع
        [many] { $n } عملية رفع
       *[other] { $n } عملية رفع
    } على الأكثر من عنوان واحد في اليوم (بتوقيت UTC)، بما فيها الخاصة (ولا يُحتسب تكرار رفع سابق). وعند تجاوزها تردّ الواجهة البرمجية بالرمز 429 ورمز الخطأ {"\u2066"}client_quota_exceeded{"\u2069"}.
submit-quota-registrations = ويمكن لعنوان عميل واحد تسجيل { PLURAL($n) ->
        [zero] { $n } فريق
        [one] فريق واحد
        [two] فريقين
        [few] { $n } فرق
        [many] { $n } فريقًا
       *[other] { $n } فريق
    } على الأكثر في اليوم (بتوقيت UTC)، وبعد ذلك تردّ الواجهة البرمجية بالرمز 429 ورمز الخطأ {"\u2066"}registration_limit{"\u2069"}.
submit-steps-1 = أنشئ فريقًا واحصل على رمز وصول (token) للواجهة البرمجية. يظهر الرمز مرة واحدة فقط، فاحتفظ به.
submit-steps-3 = افحص الملف محليًّا بالأمر medarabench score مقارنةً بملف CSV المنشور لمجموعة الاختبار.
submit-rules-1 = answer: حرف واحد من A إلى F بأي حالة، أو ما يقابله من الحروف العربية (انظر الجدول)؛ ويُسمح بالمسافات وعلامات الترقيم حوله.
submit-rules-2 = response: يُستخرج الحرف وفق بروتوكول الاستخراج أدناه؛ والصف الذي لا يمكن استخراج حرف واحد منه يُعدّ خاطئًا ويُذكر في التقرير ضمن unparsed.
submit-extraction-rules-1-name = حرف منفرد
submit-extraction-rules-4-name = حرف بخط عريض
submit-lede = قيِّم نموذجك على مجموعة اختبار MedAraBench وأضِفه إلى لوحة الصدارة: أنشئ فريقًا، وشغّل نموذجك على كل أسئلة الاختبار (بمهمّتنا في lm-evaluation-harness أو lighteval، أو عبر واجهة دُفعات، أو ببرنامجك الخاص)، وافحص الملف محليًّا، ثم ارفعه من سطر الأوامر أو عبر الواجهة البرمجية (API) أو من المتصفح. وتُقبل ملفات مخرجات أدوات التقييم كما هي.
submit-formats-intro = تُعرف صيغة الملف من محتواه لا من اسمه، ويطبع سطر الأوامر الصيغة التي تعرّف عليها. يذكر كل صف سؤاله ويعطي حرفًا، أو نص النموذج كما هو، ويُستخرج منه الحرف وفق بروتوكول الاستخراج أدناه.
submit-formats-caption = ملفات التنبؤات المقبولة، بالاسم الذي يُخزَّن مع المشاركة.
submit-col-format = الصيغة
submit-col-tool = من يكتبها
submit-col-question = السؤال
submit-col-choice = الحرف
submit-format-csv-tool = أنت: صف عناوين، ثم صف لكل سؤال
submit-format-jsonl-tool = أنت: كائن JSON واحد في كل سطر
submit-format-lm-eval-tool = أداة lm-evaluation-harness مع الخيار --log_samples (الملف {"\u2066"}samples_<task>_<date>.jsonl{"\u2069"})
submit-format-lighteval-tool = أداة lighteval مع الخيار --save-details (الملف {"\u2066"}details_<task>_<date>.parquet{"\u2069"}؛ الإصدارات من 0.4 إلى 0.10 ومن 0.11 فما بعد)
submit-format-openai-tool = واجهة الدُّفعات (Batch API) من OpenAI، أو run_batch في vLLM (ملف المخرجات)
submit-format-anthropic-tool = دُفعات الرسائل (Message Batches) من Anthropic (ملف النتائج)
submit-format-csv-question = العمود question_id
submit-format-jsonl-question = الحقل question_id
submit-format-lm-eval-question = {"\u2066"}doc["Question Number"]{"\u2069"}، وإلا {"\u2066"}doc.question_id{"\u2069"} أو {"\u2066"}doc.id{"\u2069"}، وإلا نص السؤال
submit-format-lighteval-question = question_number في الحقل specific من المستند، وإلا نص السؤال
submit-format-openai-question = الرقم الوارد في custom_id
submit-format-anthropic-question = الرقم الوارد في custom_id
submit-format-csv-choice = answer (حرف)، وإلا response (النص كما هو)
submit-format-jsonl-choice = answer (حرف)، وإلا response (النص كما هو)
submit-format-lm-eval-choice = في multiple_choice: الخيار ذو أعلى لوغاريتم احتمال في filtered_resps؛ وفي generate_until: النص المولَّد كما هو، ويُقرأ ببروتوكولنا (المرشّح none، وإلا أول مرشّح في الملف)
submit-format-lighteval-choice = في مهام لوغاريتم الاحتمال: الخيار ذو أعلى لوغاريتم احتمال؛ وفي المهام التوليدية: النص المولَّد، ويُقرأ ببروتوكولنا
submit-format-openai-choice = نص الرسالة، ويُقرأ ببروتوكولنا
submit-format-anthropic-choice = نص الرسالة، ويُقرأ ببروتوكولنا
submit-csv-intro = ملف CSV بصف عناوين يتضمن العمودين question_id وanswer (أو response):
submit-jsonl-intro = ملف JSON Lines، كائن واحد في كل سطر، فيه question_id ومعه إما answer (حرف) وإما response (مخرجات النموذج كما هي):
submit-extraction-heading = استخراج الحرف من مخرجات النموذج
submit-extraction-intro = القواعد ثابتة ومعلنة ومتحفّظة عن قصد: إذا لم يستطع قارئ متأنٍّ أن يعرف أيّ حرف واحد اختاره النموذج عُدّ الصف غير مقروء (unparsed) وحُسب خطأً، بدل التخمين. يُستبعد التفكير أولًا، ثم تُجرَّب القواعد من 1 إلى 7 بهذا الترتيب.
submit-extraction-gives = ← { $letter }
submit-extraction-gives-nothing = ← لا حرف (unparsed)
submit-extraction-reasoning-name = كتل التفكير، قبل أي قاعدة
submit-extraction-reasoning-text = لا يُقرأ إلا النص الذي يلي آخر وسم إغلاق {"\u2066"}</think>{"\u2069"} أو {"\u2066"}</thinking>{"\u2069"} أو {"\u2066"}</reasoning>{"\u2069"} (بأي حالة أحرف)، ووسم الفتح الذي لا يُغلق يُخفي كل ما بعده. والحرف الذي لا يُذكر إلا داخل التفكير لا يُقرأ.
submit-extraction-rules-1-text = النص كله، بعد حذف المسافات وعلامات الترقيم وتنسيق markdown المحيطة به، حرف واحد.
submit-extraction-rules-2-name = عبارات الإجابة
submit-extraction-rules-2-text = عبارة نهائية (حقل JSON مثل «answer» أو «الإجابة»، أو وسم {"\u2066"}<answer>{"\u2069"}، أو {"\u2066"}\boxed{"{"}…{"}"}{"\u2069"}، أو «الإجابة النهائية» و«final answer»)، أو عبارة ختامية (عبارة إجابة بعد «لذلك» أو «إذن» أو «so» أو «therefore»…)، أو عبارة إجابة عادية («الإجابة» أو «الجواب» أو «الخيار الصحيح» أو «answer» أو «correct option»… يليها حرف). يحسم أقوى نوع موجود منها، مع كل عبارة تأتي بعد آخر عبارة من نوعه، ويجب أن تعطي كلها الحرف نفسه. فإن عرضت حرفين («أ أو ب»، «إما أ أو ج») أو تناقضت الإجابات عُدّت ملتبسة، ولا تُجرَّب القواعد التالية.
submit-extraction-rules-3-name = تسمية في البداية
submit-extraction-rules-3-text = يبدأ النص بحرف يليه أحد الرموز {"\u2066"}) ] . : - –{"\u2069"}. فإن بدأ سطر آخر بتسمية حرف مختلف (قائمة بالخيارات) عُدّ ملتبسًا.
submit-extraction-rules-4-text = حرف مكتوب بخط عريض في أي موضع ({"\u2066"}**C**{"\u2069"} أو {"\u2066"}**(C)**{"\u2069"} أو {"\u2066"}__C__{"\u2069"}).
submit-extraction-rules-5-name = تسمية بين قوسين
submit-extraction-rules-5-text = حرف لاتيني كبير أو حرف عربي بين قوسين يليه نص خيار، في أي موضع.
submit-extraction-rules-6-name = ذكر الخيار
submit-extraction-rules-6-text = «الخيار» أو «الاختيار» أو «الحرف» أو «option» أو «choice» أو «letter»… يليها حرف.
submit-extraction-rules-7-name = سطر الحرف
submit-extraction-rules-7-text = سطر لا يحوي سوى حرف واحد.
submit-extraction-refusal-name = الاعتذار عن الإجابة
submit-extraction-refusal-text = إذا اعتذر النص عن الإجابة («لا أستطيع» أو «لا يمكنني» أو «I cannot answer» أو «unable to determine» أو «as an AI»…) فلا تُجرَّب القواعد من 3 إلى 7: لا يعطي حرفًا حينئذٍ إلا عبارة إجابة.
submit-extraction-weak-name = كيف تحسم القواعد
submit-extraction-weak-text = القواعد من 1 إلى 3 تحسم وحدها: أول قاعدة تعثر على حرف هي التي تحسم، وإن وجدت حرفين مختلفين عُدّت الإجابة ملتبسة. أما القواعد من 4 إلى 7 فأضعف، ويُقابَل بعضها ببعض: أول قاعدة منها تعثر على حرف لا تحسم إلا إذا لم تجد أيّ منها حرفًا مختلفًا.
submit-extraction-unparsed-name = ما لا يُقرأ أبدًا
submit-extraction-unparsed-text = نص حرّ يكتفي بذكر حروف.
submit-standalone = يجب أن يكون الحرف مستقلًّا: فالباء في «باب» والدال في «دواء» وB في B12 ليست حروف إجابة، وأداة التنكير الإنجليزية «a» ليست الحرف A. ولا يُقرأ شيء غير ذلك: إن لم تغطِّ القواعدُ مخرجاتِ نموذجك فاستخرج الحروف بنفسك وأرسل عمود answer.
submit-cli-format-note = يقرأ الأمران score وsubmit كل الصيغ المذكورة أعلاه ويطبعان الصيغة التي تعرّفا عليها، ويرسل submit الملفات الكبيرة مضغوطة بـ gzip. ويكتب الأمر الفرعي keys synthetic مفتاح الإجابات التجريبي الاصطناعي: الأسئلة التي يقيّم عليها هذا الموقع ما دام لم يُستورد مفتاح إجابات حقيقي (وتذكر صفحاته ذلك حينئذٍ).
submit-api-intro = سجّل فريقك مرة واحدة، واحصل على رمز وصول، ثم أرسل كل ملف بصيغة multipart/form-data، أو أرسل الملف نفسه متنًا للطلب:
submit-api-fields = حقول اختيارية: model_url وnotes وbenchmark (القيمة الافتراضية medarabench، أو medarabiq). ومع إرسال الملف متنًا للطلب تُمرَّر الحقول في سلسلة الاستعلام (?model_name=). وتُعاد الأخطاء بصيغة JSON مع بيان المشكلة.
submit-task-files-intro = ملفات المهمة، من هذا الموقع:
submit-tasks-readme = ما تفعله المهام، والموجّه (prompt)، والصفوف المستبعدة، والاختبار السريع بلا نموذج:
submit-lm-eval-heading = التقييم بأداة lm-evaluation-harness
submit-lm-eval-intro = تقرأ مهمّتنا في lm-evaluation-harness ملف CSV الرسمي لمجموعة الاختبار من جهازك. شغّلها مع الخيار --log_samples وارفع ملف العيّنات الذي تكتبه دون تعديل.
submit-lm-eval-note-1 = تقيّم المهمة medarabench لوغاريتم احتمال كل حرف خيار، وتترك المهمة medarabench_gen النموذجَ يكتب إجابته (أضف --apply_chat_template لنموذج موجَّه بالتعليمات)، ويُقرأ نصها ببروتوكول الاستخراج لدينا لا بمرشّح المهمة. وكل منهما مشاركة مستقلة: ارفع {"\u2066"}samples_medarabench_gen_*.jsonl{"\u2069"} للمهمة التوليدية.
submit-lm-eval-note-2 = يتحقق الخيار {"\u2066"}--model dummy{"\u2069"} (بلا [hf] ولا معالج رسومي) من أن المهمة تعمل وأن مخرجاتها مقبولة، بدقة في مستوى الصدفة.
submit-lm-eval-note-4 = يملأ الملف {"\u2066"}results_<date>.json{"\u2069"} المكتوب بجانب ملف العيّنات بطاقةَ البروتوكول (عدد الأمثلة ودرجة الحرارة ووسائط النموذج وإعدادات التوليد) حيث تتركها فارغة: مرِّره بالخيار {"\u2066"}--results{"\u2069"} أو ملفًّا ثانيًا في نموذج الرفع.
submit-lm-eval-note-3 = ما دام هذا الموقع يقيّم على مفتاحه التجريبي الاصطناعي، فشغّل المهمة على ذلك المفتاح: اكتبه بالأمر الفرعي keys synthetic إلى الملف demo-key.csv، ثم مرّر {"\u2066"}--metadata medarabench_csv=demo-key.csv{"\u2069"}.
submit-lighteval-heading = التقييم بأداة lighteval
submit-lighteval-intro = تقرأ مهمّتنا المخصّصة في lighteval ملف CSV نفسه، ويُحدَّد بالمتغير MEDARABENCH_CSV. شغّلها مع الخيار --save-details وارفع ملف التفاصيل بصيغة parquet دون تعديل.
submit-lighteval-note-1 = يحتاج الإصدار 0.10 من lighteval إلى حقل رابع ({"\u2066"}"community|medarabench|0|0"{"\u2069"})، والنسخة التوليدية هي medarabench_gen. الإصدارات المدعومة من 0.10 إلى 0.13.
submit-lighteval-note-2 = يقرأ الخادمُ والأمرُ medarabench ملفَّ parquet، أما نموذج الرفع في المتصفح فيرسله دون فحصه مسبقًا.
submit-batch-heading = واجهات الدُّفعات
submit-batch-intro = أرسل طلبًا واحدًا لكل سؤال ورقمُ السؤال في custom_id، ثم ارفع ملف المخرجات كما يعود إليك: يُقرأ نص النموذج ببروتوكول الاستخراج.
submit-batch-note-1 = custom_id: رقم السؤال وحده أو بعد حروف و- و_ ({"\u2066"}123{"\u2069"}، {"\u2066"}q123{"\u2069"}، {"\u2066"}q-123{"\u2069"}، {"\u2066"}question_123{"\u2069"}). ويمكن أن تأتي الأسطر بأي ترتيب.
submit-batch-note-2 = الطلب الذي فشل أو أعاد خطأ أو أُلغي أو انتهت مهلته لا يعطي إجابة، فيُعدّ سؤاله غائبًا. أعد إرساله في دفعة جديدة وارفع ملفًا يضم كل الإجابات.
submit-steps-2 = شغّل نموذجك على كل أسئلة مجموعة الاختبار: بمهمّتنا في lm-evaluation-harness أو lighteval، أو عبر واجهة دُفعات، أو ببرنامجك الخاص الذي يكتب تنبؤًا واحدًا لكل سؤال.
submit-steps-4 = ارفعه بالأمر medarabench submit أو عبر الواجهة البرمجية أو بنموذج الرفع، وستجد النتائج في الرد.
submit-rules-3 = ترميز UTF-8 مع علامة BOM أو دونها؛ ونهايات أسطر LF أو CRLF؛ وحجم أقصاه {"\u2066"}{ $size }{"\u2069"} (بعد فك الضغط).
submit-rules-4 = يمكن ضغط أي صيغة بـ gzip: ملف {"\u2066"}.gz{"\u2069"}، أو متن طلب يُرسل مع الترويسة {"\u2066"}Content-Encoding: gzip{"\u2069"}.
submit-rules-5 = ملفات الدُّفعات: يحمل custom_id رقم السؤال، وحده أو بعد حروف و- و_ ({"\u2066"}123{"\u2069"}، {"\u2066"}q123{"\u2069"}، {"\u2066"}question_123{"\u2069"})؛ والطلب الذي فشل أو أعاد خطأ أو أُلغي أو انتهت مهلته يُعدّ غائبًا.
submit-rules-6 = الصف الذي لا يحمل معرّف سؤال صالحًا يُطابَق مع مفتاح الإجابات بنص سؤاله، بعد توحيد المسافات وحذف التطويل والتشكيل وتوحيد صور الألف والياء والتاء المربوطة. والنص الذي لا يطابق أي سؤال، أو يطابق أكثر من سؤال، يُرفض مع ذكر سطره.
submit-rules-7 = الأسئلة الغائبة عن الملف تُعدّ خاطئة (وتُذكر ضمن missing). والأسئلة التي يرفضها مفتاح الإجابات نفسه تُقبل ولا تُحتسب (ignored).
submit-rules-8 = معرّف سؤال مجهول أو مكرّر، أو صف عناوين خاطئ، أو ملف غير مقروء أو يتجاوز الحجم المسموح: يُرفض الملف كله ولا يُخزَّن شيء.
submit-rules-10 = بعد الرفع يستطيع فريقك من صفحة المشاركة (أو بطلب {"\u2066"}PATCH{"\u2069"} عبر الواجهة البرمجية) تغيير الظهور ورابط النموذج وعدد معاملاته وفئته والملاحظات وبطاقة البروتوكول، وسحبَ المشاركة: فتخرج من لوحة الترتيب فورًا، وتبقى محفوظة في سجل التدقيق، وتُحتسب ضمن حصتك ومحاولاتك. أما اسم النموذج والملف ونتائجه فلا تتغيّر أبدًا.
submit-rules-9 = لا يُرفض الملف بأول مشكلة فقط: تذكر الرسالة كل مشكلة مع رقم سطرها (أول { PLURAL($problems) ->
        [zero] { $problems } مشكلة
        [one] مشكلة
        [two] مشكلتين
        [few] { $problems } مشكلات
        [many] { $problems } مشكلةً
       *[other] { $problems } مشكلة
    }، بترتيب الأسطر).
