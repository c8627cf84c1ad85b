adapting-title = تكييف نموذج صغير
adapting-lede = النموذج Llama-3.1-8B-instruct هو الأضعف في الجدول 4. جرّبت الورقة طريقتين لتكييفه مع MedAraBench: إضافة بضعة أمثلة محلولة إلى التعليمة، والضبط الدقيق الموفّر للمعاملات بطريقة QLoRA.
adapting-caption = دقة Llama-3.1-8B-instruct على مجموعة اختبار MedAraBench حسب طريقة التكييف.
adapting-col-setting = الإعداد
adapting-col-method = ما الذي أُجري
adapting-col-accuracy = الدقة
adapting-col-relative = التغيّر النسبي مقارنةً بالإعداد دون أمثلة
adapting-baseline = خط الأساس
adapting-n-note = n: مجموعة الاختبار، وعدد أسئلتها { $n }؛ فترة الثقة غير منشورة (تعرض الورقة هذه النتائج دون فترة ثقة).
adapting-chart-heading = الأرقام نفسها في مخطط
adapting-chart-title = الدقة حسب طريقة التكييف، الجدول 5
adapting-chart-axis = الدقة
adapting-chart-desc = مخطط أعمدة لدقة Llama-3.1-8B-instruct على مجموعة اختبار MedAraBench
adapting-relative-word = نسبيًا
adapting-download = تنزيل المخطط (SVG)
adapting-reading-heading = ما تبيّنه النتائج
adapting-reading = إضافة ثلاثة أمثلة إلى التعليمة تحسّن الدقة قليلًا، أما الضبط الدقيق بطريقة QLoRA فيحسّنها أكثر بكثير. ومع ذلك يبقى النموذج الصغير بعد تكييفه دون النماذج مغلقة المصدر في الجدول 4 بفارق واضح.

# إعدادات الجدول 5: الاسم المعروض، وما الذي أُجري.
adapting-setting-zero-shot = {"\u2066"}zero-shot{"\u2069"} (دون أمثلة)
    .method = دون أي مثال في التعليمة: إعداد الجدول 4 نفسه (درجة الحرارة 0)
adapting-setting-3-shot = {"\u2066"}3-shot{"\u2069"} (ثلاثة أمثلة)
    .method = ثلاثة أمثلة من مجموعة التدريب قيّمها الخبراء، مضافة إلى التعليمة
adapting-setting-qlora = QLoRA
    .method = ضبط دقيق بطريقة QLoRA: النموذج الأساسي مكمَّم إلى 4 بتات، ومحوّلات LoRA على إسقاطات q/k/v/o، حتى 800 خطوة
