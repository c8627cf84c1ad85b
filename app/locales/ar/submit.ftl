submit-title = طريقة المشاركة
submit-lede = قيِّم نموذجك على مجموعة اختبار MedAraBench وأضِفه إلى لوحة الصدارة: أنشئ فريقًا، واحصل على تنبؤات نموذجك لكل أسئلة الاختبار، وافحص الملف محليًّا، ثم ارفعه من سطر الأوامر أو عبر الواجهة البرمجية (API).
submit-steps-heading = الخطوات
submit-web-intro = أو من المتصفح:
submit-web-register = سجّل فريقًا
submit-web-upload = ارفع التنبؤات
submit-formats-heading = صيغ الملفات
submit-csv-intro = ملف CSV بصف عناوين يتضمن العمودين question_id وanswer:
submit-jsonl-intro = ملف JSON Lines، كائن واحد في كل سطر، فيه question_id ومعه إما answer (حرف) وإما response (مخرجات النموذج كما هي):
submit-letters-caption = حروف الإجابة المقبولة.
submit-col-letter = الحرف
submit-col-arabic = ما يقابله بالعربية
submit-extraction-heading = استخراج الحرف من مخرجات النموذج
submit-extraction-intro = القواعد ثابتة ومعلنة ومتحفّظة عن قصد. أول قاعدة تعثر على حرف هي التي تحسم، وإن وجدت حرفين مختلفين عُدّت الإجابة ملتبسة (unparsed).
submit-extraction-examples = أمثلة
submit-standalone = يجب أن يكون الحرف مستقلًّا: فالباء في «باب» والدال في «دواء» وB في B12 ليست حروف إجابة. ولا يُقرأ شيء غير ذلك: إن لم تغطِّ القواعدُ مخرجاتِ نموذجك فاستخرج الحروف بنفسك وأرسل عمود answer.
submit-full-protocol = البروتوكول الكامل بكل عباراته وأمثلته (بالإنجليزية):
submit-cli-heading = من سطر الأوامر
submit-cli-intro = يقيّم البرنامج medarabench الملف محليًّا مقارنةً بملف CSV المنشور لمجموعة الاختبار، ثم يرفعه:
submit-server-note = SERVER هو عنوان هذا الموقع، وTOKEN هو رمز الوصول الخاص بك.
submit-api-heading = عبر الواجهة البرمجية (API)
submit-api-intro = سجّل فريقك مرة واحدة، واحصل على رمز وصول، ثم أرسل كل ملف بصيغة multipart/form-data:
submit-api-fields = حقول اختيارية: model_url وnotes وbenchmark (القيمة الافتراضية medarabench، أو medarabiq). ويمكن أيضًا إرسال ملف CSV أو JSON Lines مباشرةً في متن الطلب مع ?model_name=. وتُعاد الأخطاء بصيغة JSON مع بيان المشكلة.
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
submit-steps-2 = شغّل نموذجك على كل أسئلة مجموعة الاختبار، واكتب تنبؤًا واحدًا لكل سؤال.
submit-steps-3 = افحص الملف محليًّا بالأمر medarabench score مقارنةً بملف CSV المنشور لمجموعة الاختبار.
submit-steps-4 = ارفعه بالأمر medarabench submit أو عبر الواجهة البرمجية، وستجد النتائج في الرد.
submit-extraction-rules-1-name = حرف منفرد
submit-extraction-rules-1-text = الإجابة كلها حرف واحد، مع أقواس أو علامات ترقيم أو تنسيق markdown اختيارية
submit-extraction-rules-2-name = عبارة الإجابة
submit-extraction-rules-2-text = «answer» أو «correct option» أو «الإجابة» أو «الجواب» أو «الخيار الصحيح»… يليها حرف
submit-extraction-rules-3-name = تسمية في البداية
submit-extraction-rules-3-text = تبدأ الإجابة بحرف يليه أحد الرموز {"\u2066"}) ] . : - –{"\u2069"}
submit-extraction-rules-4-name = حرف بخط عريض
submit-extraction-rules-4-text = حرف مكتوب بخط عريض في أي موضع
submit-extraction-rules-5-name = ذكر الخيار
submit-extraction-rules-5-text = «option» أو «choice» أو «letter» أو «الخيار» أو «اختيار» أو «الحرف»… يليها حرف
submit-extraction-rules-6-name = سطر الحرف
submit-extraction-rules-6-text = سطر لا يحوي سوى حرف واحد
submit-rules-1 = answer: حرف واحد من A إلى F بأي حالة، أو ما يقابله من الحروف العربية (انظر الجدول)؛ ويُسمح بالمسافات وعلامات الترقيم حوله.
submit-rules-2 = response: يُستخرج الحرف وفق بروتوكول الاستخراج أدناه؛ والصف الذي لا يمكن استخراج حرف واحد منه يُعدّ خاطئًا ويُذكر في التقرير ضمن unparsed.
submit-rules-3 = ترميز UTF-8 مع علامة BOM أو دونها؛ ونهايات أسطر LF أو CRLF؛ وحجم أقصاه {"\u2066"}{ $size }{"\u2069"}.
submit-rules-4 = الأسئلة الغائبة عن الملف تُعدّ خاطئة (وتُذكر ضمن missing). والأسئلة التي يرفضها مفتاح الإجابات نفسه تُقبل ولا تُحتسب (ignored).
submit-rules-5 = معرّف سؤال مجهول أو مكرّر، أو صف عناوين خاطئ، أو ملف غير مقروء أو يتجاوز الحجم المسموح: يُرفض الملف كله برسالة تذكر رقم السطر، ولا يُخزَّن شيء.
