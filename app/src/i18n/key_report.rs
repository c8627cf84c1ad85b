//! Strings of the answer key's validation report, shown on `/quality` and
//! `/dataset`.

use super::Lang;

/// The texts of the report, in one language.
pub struct KeyReportText {
    pub none: &'static str,
    /// "The default key is {name}, imported on {date}."
    pub intro: fn(&str, &str) -> String,
    pub synthetic: &'static str,
    pub sha256: &'static str,
    pub rows: &'static str,
    pub scoreable: &'static str,
    pub rejected: &'static str,
    pub normalized: &'static str,
    pub warnings: &'static str,
    pub summary_caption: &'static str,
    pub col_item: &'static str,
    pub col_count: &'static str,
    pub rejected_caption: &'static str,
    pub col_line: &'static str,
    pub col_question: &'static str,
    pub col_reason: &'static str,
    pub reasons_in_english: &'static str,
    pub no_rejected: &'static str,
    pub warnings_caption: &'static str,
    pub col_kind: &'static str,
    pub col_rows: &'static str,
    pub col_meaning: &'static str,
    pub no_warnings: &'static str,
}

pub const EN: KeyReportText = KeyReportText {
    none: "No answer key is stored yet, so there is no validation report to show.",
    intro: |name, date| format!("The default key is “{name}”, imported on {date}."),
    synthetic: "This is a synthetic key generated for demonstrations, not the real test split: \
                scores against it say nothing about a model.",
    sha256: "SHA-256 of the key file",
    rows: "Rows in the file",
    scoreable: "Scored questions",
    rejected: "Rejected rows (not scored)",
    normalized: "Answers normalised (trimmed or case-folded)",
    warnings: "Warnings (rows scored as written)",
    summary_caption: "Validation report of the stored answer key.",
    col_item: "Item",
    col_count: "Count",
    rejected_caption: "Rejected rows. Predictions for them are accepted and ignored.",
    col_line: "Line",
    col_question: "Question id",
    col_reason: "Reason",
    reasons_in_english: "",
    no_rejected: "No row is rejected.",
    warnings_caption: "Warnings by kind.",
    col_kind: "Kind",
    col_rows: "Rows",
    col_meaning: "Meaning",
    no_warnings: "No warnings.",
};

pub const AR: KeyReportText = KeyReportText {
    none: "لم يُخزَّن أي مفتاح إجابات بعد، فلا يوجد تقرير تحقق لعرضه.",
    intro: |name, date| format!("المفتاح الافتراضي هو «{name}»، وقد استُورد بتاريخ {date}."),
    synthetic: "هذا مفتاح اصطناعي وُلِّد لأغراض العرض، وليس مجموعة الاختبار الحقيقية: \
                النتائج المحسوبة عليه لا تدل على شيء بشأن أي نموذج.",
    sha256: "بصمة SHA-256 لملف المفتاح",
    rows: "عدد الصفوف في الملف",
    scoreable: "الأسئلة المعتمدة في التقييم",
    rejected: "الصفوف المرفوضة (لا تدخل في التقييم)",
    normalized: "إجابات وُحِّدت صيغتها (بحذف المسافات أو تغيير حالة الحرف)",
    warnings: "التحذيرات (تُقيَّم صفوفها كما هي)",
    summary_caption: "تقرير التحقق من مفتاح الإجابات المخزَّن.",
    col_item: "البند",
    col_count: "العدد",
    rejected_caption: "الصفوف المرفوضة. تُقبل التنبؤات الخاصة بها ولا تُحتسب.",
    col_line: "السطر",
    col_question: "رقم السؤال",
    col_reason: "السبب",
    reasons_in_english: "تظهر الأسباب بالإنجليزية كما يكتبها المدقِّق.",
    no_rejected: "لا يوجد صف مرفوض.",
    warnings_caption: "التحذيرات حسب النوع.",
    col_kind: "النوع",
    col_rows: "عدد الصفوف",
    col_meaning: "المعنى",
    no_warnings: "لا توجد تحذيرات.",
};

/// The texts of `lang`.
pub fn text(lang: Lang) -> &'static KeyReportText {
    match lang {
        Lang::En => &EN,
        Lang::Ar => &AR,
    }
}
