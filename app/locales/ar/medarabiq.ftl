medarabiq-title = MedArabiQ وMedAraBench
medarabiq-lede = MedArabiQ (arXiv 2505.03427؛ نحو 700 سؤال، بلا مراجعة خبراء ولا تصنيف حسب التخصص أو السنة) هو المعيار الطبي العربي الأسبق. تقارن هذه الصفحة النماذج التي قُيّمت هنا على المعيارين.
medarabiq-finding-heading = ما توصّلت إليه الورقة
medarabiq-finding = تذكر ورقة MedAraBench أن النماذج الأحدث تتفوّق على الأقدم في المعيارين، غير أن معظم النماذج تحقّق دقة أعلى على MedArabiQ منها على MedAraBench، أي أن MedAraBench هو الاختبار الأصعب. أرقام MedArabiQ لكل نموذج ليست ضمن النتائج المنشورة المتاحة لهذا الموقع، لذا لا يُعرض هنا أيٌّ منها.
medarabiq-verified-heading = نماذج قُيّمت هنا على المعيارين
medarabiq-key-note = يضم مفتاح MedArabiQ المخزّن { PLURAL($n) ->
        [zero] { $n } سؤال قابل للتقييم
        [one] سؤالًا واحدًا قابلًا للتقييم
        [two] سؤالين قابلين للتقييم
        [few] { $n } أسئلة قابلة للتقييم
        [many] { $n } سؤالًا قابلًا للتقييم
       *[other] { $n } سؤال قابل للتقييم
    }.
medarabiq-synthetic-key-note = مفتاح MedArabiQ المخزّن مفتاح عرض اصطناعي من { PLURAL($n) ->
        [zero] { $n } سؤال
        [one] سؤال واحد
        [two] سؤالين
        [few] { $n } أسئلة
        [many] { $n } سؤالًا
       *[other] { $n } سؤال
    }، لا أسئلة MedArabiQ نفسها: الدرجة عليه لا تقول شيئًا عن أي نموذج.
medarabiq-synthetic-badge = مفتاح اصطناعي
medarabiq-synthetic-note = درجات MedAraBench أدناه محسوبة على مفتاح العرض الاصطناعي، لا على مجموعة الاختبار الحقيقية.
medarabiq-caption = الدقة مع فاصل الثقة 95% (ويلسون) على كل معيار؛ أحدث مشاركة عامة لكل نموذج.
medarabiq-col-model = النموذج
medarabiq-col-team = الفريق
medarabiq-col-medarabench = MedAraBench
medarabiq-col-medarabiq = MedArabiQ
medarabiq-col-difference = MedArabiQ − MedAraBench
medarabiq-chart-title = دقة MedArabiQ مقابل دقة MedAraBench
medarabiq-chart-desc = مخطط انتشار لدقة كل نموذج على MedArabiQ مقابل دقته على MedAraBench مع فواصل الثقة 95%؛ النقاط فوق القطر حقّقت دقة أعلى على MedArabiQ.
medarabiq-download-chart = تنزيل المخطط (SVG)
medarabiq-axis-medarabench = دقة MedAraBench
medarabiq-axis-medarabiq = دقة MedArabiQ
medarabiq-how-heading = طريقة المشاركة
medarabiq-none-yet-1 = لم يُقيَّم أي نموذج هنا على المعيارين بعد. ارفع تنبؤات النموذج نفسه باسمه نفسه إلى المعيارين (حقل المعيار في نموذج الرفع، أو الخيار{" "}
medarabiq-none-yet-2 = ).
medarabiq-no-key = لا يوجد مفتاح إجابات لـ MedArabiQ على هذا الخادم بعد: يستورده مشغّلو الموقع.
medarabiq-how-1 = شارك بالنموذج نفسه وبالاسم نفسه في المعيارين: حقل «المعيار» في نموذج الرفع، أو الخيار{" "}
medarabiq-how-2 = {" "}في سطر الأوامر.
