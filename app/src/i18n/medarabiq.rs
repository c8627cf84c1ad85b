//! Strings of the `/medarabiq` comparison page and its chart.

use super::Lang;

/// The texts of the page, in one language.
pub struct MedarabiqText {
    pub title: &'static str,
    pub lede: &'static str,
    pub finding_heading: &'static str,
    pub finding: &'static str,
    pub verified_heading: &'static str,
    /// Before and after the `--benchmark medarabiq` option.
    pub none_yet: [&'static str; 2],
    /// Before and after the import command.
    pub no_key: [&'static str; 2],
    /// "The stored MedArabiQ key has {n} scoreable questions."
    pub key_note: fn(&str) -> String,
    pub synthetic_note: &'static str,
    pub caption: &'static str,
    pub col_model: &'static str,
    pub col_team: &'static str,
    pub col_medarabench: &'static str,
    pub col_medarabiq: &'static str,
    pub col_difference: &'static str,
    pub chart_title: &'static str,
    pub chart_desc: &'static str,
    pub download_chart: &'static str,
    pub axis_medarabench: &'static str,
    pub axis_medarabiq: &'static str,
    pub how_heading: &'static str,
    /// Before and after the import command.
    pub how: [&'static str; 2],
}

pub const EN: MedarabiqText = MedarabiqText {
    title: "MedArabiQ and MedAraBench",
    lede: "MedArabiQ (arXiv 2505.03427; about 700 questions, no expert review, no specialty or level labels) \
           is the earlier Arabic medical benchmark. This page compares models scored here on both.",
    finding_heading: "What the paper found",
    finding: "The MedAraBench paper reports that newer models do better than older ones on both benchmarks, \
              yet most models score higher on MedArabiQ than on MedAraBench: MedAraBench is the harder test. \
              The paper's per-model MedArabiQ figures are not in the published results this site holds, \
              so none is shown here.",
    verified_heading: "Models verified here on both benchmarks",
    none_yet: [
        "No model has been scored here on both benchmarks yet. Upload predictions for the same model name to both \
         (the upload form's Benchmark field, or ",
        ").",
    ],
    no_key: ["No MedArabiQ answer key is stored on this server yet (", ")."],
    key_note: |n| format!("The stored MedArabiQ key has {n} scoreable questions."),
    synthetic_note: "The MedAraBench scores below come from the synthetic demo key, not the real test split.",
    caption: "Accuracy with 95% CI (Wilson) on each benchmark; the newest public submission per model.",
    col_model: "Model",
    col_team: "Team",
    col_medarabench: "MedAraBench",
    col_medarabiq: "MedArabiQ",
    col_difference: "MedArabiQ − MedAraBench",
    chart_title: "MedArabiQ against MedAraBench accuracy",
    chart_desc: "Scatter plot of each model's MedArabiQ accuracy against its MedAraBench accuracy with 95% CIs; \
                 points above the diagonal scored higher on MedArabiQ.",
    download_chart: "Download the chart (SVG)",
    axis_medarabench: "MedAraBench accuracy",
    axis_medarabiq: "MedArabiQ accuracy",
    how_heading: "How to take part",
    how: [
        "Import the MedArabiQ multiple-choice CSV (columns Question, Answer, Category; options inside the question \
         labelled أ/ب/ج/د/ه) with ",
        ", then submit the same model to both benchmarks.",
    ],
};

pub const AR: MedarabiqText = MedarabiqText {
    title: "MedArabiQ وMedAraBench",
    lede: "MedArabiQ (arXiv 2505.03427؛ نحو 700 سؤال، بلا مراجعة خبراء ولا تصنيف حسب التخصص أو السنة) \
           هو المعيار الطبي العربي الأسبق. تقارن هذه الصفحة النماذج التي قُيّمت هنا على المعيارين.",
    finding_heading: "ما توصّلت إليه الورقة",
    finding: "تذكر ورقة MedAraBench أن النماذج الأحدث تتفوّق على الأقدم في المعيارين، غير أن معظم النماذج \
              تحقّق دقة أعلى على MedArabiQ منها على MedAraBench، أي أن MedAraBench هو الاختبار الأصعب. \
              أرقام MedArabiQ لكل نموذج ليست ضمن النتائج المنشورة المتاحة لهذا الموقع، لذا لا يُعرض هنا أيٌّ منها.",
    verified_heading: "نماذج قُيّمت هنا على المعيارين",
    none_yet: [
        "لم يُقيَّم أي نموذج هنا على المعيارين بعد. ارفع تنبؤات النموذج نفسه باسمه نفسه إلى المعيارين \
         (حقل المعيار في نموذج الرفع، أو الخيار ",
        ").",
    ],
    no_key: ["لا يوجد مفتاح إجابات لـ MedArabiQ على هذا الخادم بعد (", ")."],
    key_note: |n| format!("يضم مفتاح MedArabiQ المخزّن {n} سؤالًا قابلًا للتقييم."),
    synthetic_note: "درجات MedAraBench أدناه محسوبة على مفتاح العرض الاصطناعي، لا على مجموعة الاختبار الحقيقية.",
    caption: "الدقة مع فاصل الثقة 95% (ويلسون) على كل معيار؛ أحدث مشاركة عامة لكل نموذج.",
    col_model: "النموذج",
    col_team: "الفريق",
    col_medarabench: "MedAraBench",
    col_medarabiq: "MedArabiQ",
    col_difference: "MedArabiQ − MedAraBench",
    chart_title: "دقة MedArabiQ مقابل دقة MedAraBench",
    chart_desc: "مخطط انتشار لدقة كل نموذج على MedArabiQ مقابل دقته على MedAraBench مع فواصل الثقة 95%؛ \
                 النقاط فوق القطر حقّقت دقة أعلى على MedArabiQ.",
    download_chart: "تنزيل المخطط (SVG)",
    axis_medarabench: "دقة MedAraBench",
    axis_medarabiq: "دقة MedArabiQ",
    how_heading: "طريقة المشاركة",
    how: [
        "استورد ملف أسئلة MedArabiQ متعددة الخيارات (الأعمدة Question وAnswer وCategory؛ الخيارات داخل نص السؤال \
         مرقّمة أ/ب/ج/د/ه) بالأمر ",
        "، ثم شارك بالنموذج نفسه في المعيارين.",
    ],
};

/// The page's strings in `lang`.
pub fn text(lang: Lang) -> &'static MedarabiqText {
    match lang {
        Lang::En => &EN,
        Lang::Ar => &AR,
    }
}
