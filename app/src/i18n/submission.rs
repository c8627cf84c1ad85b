//! Strings of a submission's result page (`/submissions/:id`), and the
//! names of the protocol card's values, shared with the upload form.

use super::Lang;

/// The texts of the page, in one language.
pub struct SubmissionText {
    pub not_found_title: &'static str,
    pub not_found_text: &'static str,
    /// "{model} by {team}"
    pub title: fn(&str, &str) -> String,
    /// Around the demo key's name.
    pub synthetic_before: &'static str,
    pub synthetic_after: &'static str,
    /// "Accuracy {…} on {benchmark} (key {name}). Verified here: …"
    pub accuracy: &'static str,
    pub on: &'static str,
    pub key: &'static str,
    pub verified: &'static str,
    pub correct: &'static str,
    pub of: &'static str,
    pub missing: &'static str,
    pub unparsed: &'static str,
    pub ignored: &'static str,
    /// "Uniform random guessing would score {x} (n = {n}); chance-adjusted accuracy {y}"
    pub random: &'static str,
    pub chance_adjusted: &'static str,
    pub protocol: &'static str,
    pub prompt_language: &'static str,
    pub shots: &'static str,
    pub temperature: &'static str,
    pub chain_of_thought: &'static str,
    pub extraction: &'static str,
    pub contamination: &'static str,
    pub model_params: &'static str,
    pub model_url: &'static str,
    pub notes: &'static str,
    pub file: &'static str,
    /// Between the file format and its hash.
    pub sha256: &'static str,
    pub submitted: &'static str,
    pub own: &'static str,
    pub not_stated: &'static str,
    pub by_specialty: &'static str,
    pub by_specialty_caption: &'static str,
    pub by_level: &'static str,
    pub level_note: &'static str,
    pub by_level_caption: &'static str,
    /// The specialty × level heatmap's heading, the confounding note beside
    /// it, its chart's `alt` and download link.
    pub by_cell: &'static str,
    pub by_cell_note: &'static str,
    pub by_cell_chart_alt: &'static str,
    pub by_cell_download: &'static str,
    pub by_options: &'static str,
    pub by_options_caption: &'static str,
    pub by_subspecialty: &'static str,
    pub by_subspecialty_caption: &'static str,
}

pub const EN: SubmissionText = SubmissionText {
    not_found_title: "Submission not found",
    not_found_text: "It does not exist, or it is private to its team.",
    title: |model, team| format!("{model} by {team}"),
    synthetic_before: "Scored on a synthetic demo key (",
    synthetic_after: "), not the real MedAraBench test split: this score says nothing about the model.",
    accuracy: "Accuracy ",
    on: " on ",
    key: " (key ",
    verified: "). Verified here: scored by this server.",
    correct: "Correct: ",
    of: " of ",
    missing: "Missing from the file (counted wrong): ",
    unparsed: "Unparsed responses (counted wrong): ",
    ignored: "Ignored (questions the key rejects): ",
    random: "Uniform random guessing would score ",
    chance_adjusted: "; chance-adjusted accuracy ",
    protocol: "Protocol card",
    prompt_language: "Prompt language",
    shots: "Shots",
    temperature: "Temperature",
    chain_of_thought: "Chain of thought",
    extraction: "Letter extraction",
    contamination: "Trained on MedAraBench data",
    model_params: "Parameters",
    model_url: "Model URL",
    notes: "Notes",
    file: "File",
    sha256: ", SHA-256 ",
    submitted: "Submitted",
    own: " · your team's submission",
    not_stated: "not stated",
    by_specialty: "By specialty",
    by_specialty_caption: "Accuracy by umbrella specialty",
    by_level: "By level",
    level_note: "Specialty and level are confounded in this test split (for example, Ophthalmology questions are \
                 all Y5): compare levels with care.",
    by_level_caption: "Accuracy by year of medical school",
    by_cell: "By specialty and level",
    by_cell_note: "Specialty and level are confounded in this test split: most specialties are taught in one or two \
                   years (for example, Ophthalmology questions are all Y5), so many cells are empty or small, and a \
                   difference between levels may be a difference between specialties, and the reverse.",
    by_cell_chart_alt: "The heatmap above as an image: the same cells, colours and figures; the table gives each \
                        cell's accuracy with its n and 95% CI.",
    by_cell_download: "Download the heatmap (SVG)",
    by_options: "By number of options",
    by_options_caption: "Accuracy by option count",
    by_subspecialty: "By sub-specialty",
    by_subspecialty_caption: "Accuracy by sub-specialty (the key's Medical Specialty column)",
};

pub const AR: SubmissionText = SubmissionText {
    not_found_title: "المشاركة غير موجودة",
    not_found_text: "إما أنها غير موجودة، وإما أنها خاصة بفريقها.",
    title: |model, team| format!("\u{2068}{model}\u{2069} من فريق \u{2068}{team}\u{2069}"),
    synthetic_before: "قُيِّمت هذه المشاركة بمفتاح عرض اصطناعي (",
    synthetic_after: ")، لا بمجموعة اختبار MedAraBench الحقيقية: هذه النتيجة لا تدل على شيء بشأن النموذج.",
    accuracy: "الدقة ",
    on: " على ",
    key: " (المفتاح ",
    verified: "). نتيجة موثَّقة: قيّمها هذا الخادم.",
    correct: "الإجابات الصحيحة: ",
    of: " من ",
    missing: "أسئلة غائبة عن الملف (تُعدّ خاطئة): ",
    unparsed: "إجابات تعذّر استخراج حرف منها (تُعدّ خاطئة): ",
    ignored: "أسئلة متجاهَلة (يرفضها المفتاح): ",
    random: "يحقق التخمين العشوائي المنتظم دقة ",
    chance_adjusted: "؛ والدقة بعد تصحيح أثر الصدفة ",
    protocol: "بطاقة البروتوكول",
    prompt_language: "لغة الموجِّه (prompt)",
    shots: "عدد الأمثلة في الموجِّه (shots)",
    temperature: "درجة الحرارة (temperature)",
    chain_of_thought: "التفكير المتسلسل (chain of thought)",
    extraction: "طريقة استخراج الحرف",
    contamination: "التدريب على بيانات MedAraBench",
    model_params: "عدد المعاملات",
    model_url: "رابط النموذج",
    notes: "ملاحظات",
    file: "الملف",
    sha256: "، بصمة SHA-256: ",
    submitted: "تاريخ الرفع",
    own: " · مشاركة فريقك",
    not_stated: "غير مذكور",
    by_specialty: "حسب التخصص",
    by_specialty_caption: "الدقة حسب التخصص العام",
    by_level: "حسب المستوى",
    level_note: "التخصص والمستوى متداخلان في مجموعة الاختبار هذه (فأسئلة طب العيون مثلًا كلها من المستوى Y5)، \
                 فقارن بين المستويات بحذر.",
    by_level_caption: "الدقة حسب السنة الدراسية في كلية الطب",
    by_cell: "حسب التخصص والمستوى",
    by_cell_note: "التخصص والمستوى متداخلان في مجموعة الاختبار هذه: معظم التخصصات تُدرَّس في سنة أو سنتين (فأسئلة \
                   طب العيون مثلًا كلها من المستوى Y5)، لذا كثير من الخانات فارغ أو صغير، وقد يكون الفرق بين \
                   المستويات فرقًا بين التخصصات، والعكس.",
    by_cell_chart_alt: "الخريطة الحرارية السابقة في صورة: الخانات والألوان والأرقام نفسها؛ ويذكر الجدول دقة كل خانة \
                        مع عدد أسئلتها n وفترة الثقة 95%.",
    by_cell_download: "تنزيل الخريطة الحرارية (SVG)",
    by_options: "حسب عدد الخيارات",
    by_options_caption: "الدقة حسب عدد الخيارات",
    by_subspecialty: "حسب التخصص الفرعي",
    by_subspecialty_caption: "الدقة حسب التخصص الفرعي (عمود Medical Specialty في المفتاح)",
};

/// The texts of `lang`.
pub fn text(lang: Lang) -> &'static SubmissionText {
    match lang {
        Lang::En => &EN,
        Lang::Ar => &AR,
    }
}

/// A protocol card value (prompt language, chain of thought, contamination,
/// visibility) as shown: stored values in English, their meaning in
/// Arabic. Unknown values are shown as they are.
pub fn value_label(lang: Lang, value: &str) -> &str {
    if lang == Lang::En {
        return value;
    }
    match value {
        "ar" => "العربية",
        "en" => "الإنجليزية",
        "mixed" => "مختلطة",
        "unknown" => "غير معروف",
        "yes" => "نعم",
        "no" => "لا",
        "none" => "لا",
        "train" => "نعم، على مجموعة التدريب",
        "test" => "نعم، على مجموعة الاختبار",
        "train_and_test" => "نعم، على مجموعتي التدريب والاختبار",
        "public" => "علنية",
        "private" => "خاصة",
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::submission::{CHAIN_OF_THOUGHT, CONTAMINATION, PROMPT_LANGUAGES, VISIBILITY};

    #[test]
    fn every_protocol_value_has_an_arabic_label() {
        for value in [PROMPT_LANGUAGES, CHAIN_OF_THOUGHT, CONTAMINATION, VISIBILITY].concat() {
            assert_eq!(value_label(Lang::En, value), value);
            assert_ne!(value_label(Lang::Ar, value), value, "{value}");
        }
    }
}
