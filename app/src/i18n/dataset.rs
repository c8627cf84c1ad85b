//! Strings of the `/dataset` page. The English texts are also the prose of
//! `dataset-card.md`, so the page and the card say the same thing.

use super::Lang;

/// The texts of the page, in one language.
pub struct DatasetText {
    pub title: &'static str,
    pub heading: &'static str,
    pub summary: &'static str,
    pub download_intro: &'static str,
    pub origin_heading: &'static str,
    /// Questions before and after filtering, six-option questions dropped.
    pub origin: fn(&str, &str, &str) -> String,
    pub expert_note: &'static str,
    pub structure_heading: &'static str,
    pub structure_intro: &'static str,
    pub col_column: &'static str,
    pub col_type: &'static str,
    pub col_content: &'static str,
    pub splits_heading: &'static str,
    pub splits_intro: &'static str,
    pub col_split: &'static str,
    pub col_questions: &'static str,
    pub train: &'static str,
    pub test: &'static str,
    /// Rows of the public test CSV.
    pub public_csv: fn(&str) -> String,
    pub counts_heading: &'static str,
    pub counts_intro: &'static str,
    pub counts_none: &'static str,
    pub col_specialty: &'static str,
    pub col_level: &'static str,
    pub col_options: &'static str,
    pub defects_heading: &'static str,
    pub use_heading: &'static str,
    pub uses: [&'static str; 2],
    pub limits_heading: &'static str,
    pub limits: [&'static str; 6],
    pub cite_heading: &'static str,
    pub cite_intro: &'static str,
}

pub const EN: DatasetText = DatasetText {
    title: "Dataset",
    heading: "The MedAraBench dataset",
    summary: "A large Arabic medical question-answering dataset and benchmark: multiple-choice questions from \
              medical-school exams in the Arabic-speaking region, covering 19 specialties and the five years of \
              medical school (Y1-Y5).",
    download_intro: "The same card as Markdown with Hugging Face front matter:",
    origin_heading: "Origin",
    origin: |before, after, dropped| {
        format!(
            "Scanned paper exams of medical schools were typed in by professional typists: {before} questions. \
             Five NLP researchers removed about 29% of them (missing or malformed answers, incomplete or \
             duplicated options, misaligned fields, ambiguous keys, non-multiple-choice content), leaving {after}. \
             Questions with four (ABCD) or five (ABCDE) options were kept; the {dropped} six-option (ABCDEF) \
             questions were dropped. Terminology was deliberately not standardised."
        )
    },
    expert_note: "Two physicians reviewed a sample of the questions: see Data quality.",
    structure_heading: "Structure",
    structure_intro: "CSV files (UTF-8), one question a row, with these columns:",
    col_column: "Column",
    col_type: "Type",
    col_content: "Content",
    splits_heading: "Splits",
    splits_intro: "Stratified by specialty, 80/20.",
    col_split: "Split",
    col_questions: "Questions",
    train: "train",
    test: "test",
    public_csv: |n| format!("The public test CSV holds {n} rows."),
    counts_heading: "Specialties and levels",
    counts_intro: "Scored questions of the answer key stored on this server, by specialty, level and number of options.",
    counts_none: "No answer key is stored on this server yet, so there are no counts to show. The paper's 19 \
                  specialties are listed without counts.",
    col_specialty: "Specialty",
    col_level: "Level",
    col_options: "Options",
    defects_heading: "Known defects of the answer key",
    use_heading: "Intended use",
    uses: [
        "Evaluating language models on Arabic medical multiple-choice questions, overall and by specialty and \
         level (the test split; this leaderboard scores predictions for it).",
        "Adapting models to Arabic medical questions (the train split).",
    ],
    limits_heading: "Limitations",
    limits: [
        "Modern Standard Arabic only: no dialects.",
        "Multiple choice only: it does not measure free-text answers, clinical reasoning in conversation, or safety.",
        "Contamination is possible: the test split, answers included, is public, so a model may have seen it in \
         training. Compare scores with that caveat.",
        "Some answer-key rows are defective (see above); terminology is not standardised.",
        "Not for clinical decisions.",
        "License: not stated by the paper (unknown).",
    ],
    cite_heading: "How to cite",
    cite_intro: "The paper (ICLR 2026, arXiv 2602.01714):",
};

pub const AR: DatasetText = DatasetText {
    title: "مجموعة البيانات",
    heading: "مجموعة بيانات MedAraBench",
    summary: "مجموعة بيانات ومعيار تقييم عربي واسع للإجابة عن الأسئلة الطبية: أسئلة اختيار من متعدد من امتحانات \
              كليات الطب في المنطقة العربية، تغطي 19 تخصصًا والسنوات الخمس لدراسة الطب (من Y1 إلى Y5).",
    download_intro: "البطاقة نفسها بصيغة Markdown، مع ترويسة Hugging Face، متاحة للتنزيل:",
    origin_heading: "المصدر",
    origin: |before, after, dropped| {
        format!(
            "نسخ طابعون محترفون امتحانات ورقية ممسوحة ضوئيًّا من كليات الطب، فبلغ عدد الأسئلة {before}. ثم حذف خمسة \
             باحثين في معالجة اللغات الطبيعية نحو 29% منها (إجابات مفقودة أو مشوّهة، وخيارات ناقصة أو مكرّرة، \
             وحقول غير متطابقة، ومفاتيح إجابة ملتبسة، ومحتوى ليس من نوع الاختيار من متعدد)، فبقي منها {after}. \
             واحتُفظ بالأسئلة ذات الخيارات الأربعة (ABCD) أو الخمسة (ABCDE)، وحُذفت الأسئلة ذات الخيارات الستة \
             (ABCDEF) وعددها {dropped}. ولم تُوحَّد المصطلحات عمدًا."
        )
    },
    expert_note: "راجع طبيبان عيّنة من الأسئلة: انظر صفحة جودة البيانات.",
    structure_heading: "البنية",
    structure_intro: "ملفات CSV بترميز UTF-8، لكل سؤال صف، وفيها الأعمدة التالية:",
    col_column: "العمود",
    col_type: "النوع",
    col_content: "المحتوى",
    splits_heading: "التقسيمات",
    splits_intro: "تقسيم طبقي حسب التخصص بنسبة \u{2066}80/20\u{2069}.",
    col_split: "التقسيم",
    col_questions: "عدد الأسئلة",
    train: "التدريب (train)",
    test: "الاختبار (test)",
    public_csv: |n| format!("عدد صفوف ملف CSV المنشور لمجموعة الاختبار: {n}."),
    counts_heading: "التخصصات والسنوات الدراسية",
    counts_intro: "أسئلة مفتاح الإجابات المخزَّن على هذا الخادم المعتمدة في التقييم، حسب التخصص والسنة الدراسية وعدد الخيارات.",
    counts_none: "لم يُخزَّن أي مفتاح إجابات على هذا الخادم بعد، فلا توجد أعداد لعرضها. وتُسرد التخصصات التسعة عشر \
                  الواردة في الورقة دون أعداد.",
    col_specialty: "التخصص",
    col_level: "السنة الدراسية",
    col_options: "عدد الخيارات",
    defects_heading: "العيوب المعروفة في مفتاح الإجابات",
    use_heading: "الاستخدام المقصود",
    uses: [
        "تقييم النماذج اللغوية على أسئلة طبية عربية متعددة الخيارات، إجمالًا وحسب التخصص والسنة الدراسية \
         (مجموعة الاختبار؛ وهذه اللوحة تقيّم التنبؤات الخاصة بها).",
        "تكييف النماذج مع الأسئلة الطبية العربية (مجموعة التدريب).",
    ],
    limits_heading: "حدود الاستخدام",
    limits: [
        "العربية الفصحى الحديثة فقط: لا تشمل اللهجات.",
        "أسئلة اختيار من متعدد فقط: لا تقيس الإجابات الحرة، ولا الاستدلال السريري في المحادثة، ولا السلامة.",
        "التلوّث وارد: مجموعة الاختبار منشورة بإجاباتها، فربما اطّلع عليها النموذج أثناء تدريبه. \
         فلتُقارَن النتائج مع مراعاة هذا التحفّظ.",
        "بعض صفوف مفتاح الإجابات معيبة (انظر أعلاه)، والمصطلحات غير موحّدة.",
        "لا تصلح لاتخاذ قرارات سريرية.",
        "الترخيص: لم تذكره الورقة (غير معروف).",
    ],
    cite_heading: "طريقة الاستشهاد",
    cite_intro: "الورقة (ICLR 2026، arXiv 2602.01714):",
};

/// The texts of `lang`.
pub fn text(lang: Lang) -> &'static DatasetText {
    match lang {
        Lang::En => &EN,
        Lang::Ar => &AR,
    }
}
